import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsDefined, IsUUID, ValidateNested } from 'class-validator';
import { MESSAGES } from '@tourly/contracts';
import { OptionalString, PageQuery } from '@tourly/platform';

export class ProvidersQuery extends PageQuery {
  @OptionalString(120)
  search?: string;
}

export class PrimaryProvider {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'is not a provider id' })
  primaryProviderId!: string;
}

/** `{"user": {"primary_provider_id"}}` (002 §7). */
export class ChangePrimaryProvider {
  @ApiProperty({ type: PrimaryProvider })
  @ValidateNested()
  @Type(() => PrimaryProvider)
  @IsDefined({ message: MESSAGES.required })
  user!: PrimaryProvider;
}
