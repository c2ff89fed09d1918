import { ApiProperty } from '@nestjs/swagger';
import { IsUUID } from 'class-validator';
import { Nested, OptionalString, PageQuery } from '@tourly/platform';

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
  @Nested(() => PrimaryProvider)
  user!: PrimaryProvider;
}

export class ProviderSummaryResponse {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty()
  name!: string;

  @ApiProperty({ type: String, nullable: true })
  subdomain!: string | null;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;
}

export class PrimaryProviderResponse {
  @ApiProperty({ format: 'uuid', description: "the user's id" })
  id!: string;

  @ApiProperty({ format: 'uuid' })
  primaryProviderId!: string;
}
