import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';
import { MEMBERSHIP_ROLES, MESSAGES, type MembershipRole } from '@tourly/contracts';
import { ApiKeySummary } from '../api-keys/api-keys.dto';
import { DomainStateResponse } from '../domains/domains.dto';
import { RequiredFlag } from '@tourly/platform';

export class ChangeSubdomain {
  @ApiProperty({ example: 'harbour-photography', description: 'lowercase letters, digits and hyphens' })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim().toLowerCase() : value))
  @Matches(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?$/, {
    message: 'may contain only letters, digits and hyphens, and cannot start or end with a hyphen',
  })
  @MaxLength(63, { message: 'must be at most 63 characters' })
  @IsString({ message: MESSAGES.required })
  @IsNotEmpty({ message: MESSAGES.required })
  subdomain!: string;
}

export class ToggleAutoPopulateModels {
  @RequiredFlag()
  autoPopulateModels!: boolean;
}

/** A provider's own settings. */
export class ProviderSettingsResponse {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty()
  name!: string;

  @ApiProperty({ type: String, nullable: true })
  logoUrl!: string | null;

  @ApiProperty({ type: String, nullable: true })
  subdomain!: string | null;

  @ApiProperty()
  autoPopulateModels!: boolean;

  @ApiProperty({
    type: () => ApiKeySummary,
    nullable: true,
    description: 'the key in force (its hint), or null',
  })
  apiKey!: ApiKeySummary | null;

  @ApiProperty({ type: () => DomainStateResponse })
  whitelabelDomain!: DomainStateResponse;
}

/** One of a provider's users. */
export class ProviderUserResponse {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty()
  firstName!: string;

  @ApiProperty()
  lastName!: string;

  @ApiProperty()
  email!: string;

  @ApiProperty({ enum: MEMBERSHIP_ROLES })
  role!: MembershipRole;

  @ApiProperty({ example: '#c4c4c4' })
  color!: string;

  @ApiProperty()
  hasAvatar!: boolean;

  @ApiProperty({ type: String, nullable: true })
  avatarUrl!: string | null;

  @ApiProperty({ description: 'this provider is where the user starts after signing in' })
  isPrimaryProvider!: boolean;
}
