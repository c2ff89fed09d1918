import { IsUUID } from 'class-validator';
import { ApiProperty } from '@nestjs/swagger';
import { MEMBERSHIP_ROLES, type MembershipRole } from '@tourly/contracts';
import { OptionalString, PageQuery } from '@tourly/platform';
import { ProviderRef } from '../accounts/accounts.dto';

export class AvailableProvidersQuery extends PageQuery {
  @OptionalString(120)
  search?: string;
}

export class ChangeCurrentProvider {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'is not a provider id' })
  providerId!: string;
}

/** The provider the session works in from the next request, and the caller's role there. */
export class CurrentProviderResponse {
  @ApiProperty({ type: () => ProviderRef })
  currentProvider!: ProviderRef;

  @ApiProperty({ enum: MEMBERSHIP_ROLES })
  role!: MembershipRole;
}
