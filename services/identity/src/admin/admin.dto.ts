import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { IsDefined, IsString, ValidateIf } from 'class-validator';
import { MESSAGES } from '@tourly/contracts';
import { Nested, OptionalString, PageQuery, ProviderIdField } from '@tourly/platform';
import { TAG_MAX_LENGTH } from './admin.rules';

export class ProvidersQuery extends PageQuery {
  @OptionalString(120)
  search?: string;

  /** Only the providers with this tag, exactly. */
  @OptionalString(TAG_MAX_LENGTH)
  tag?: string;
}

export class PrimaryProvider {
  @ProviderIdField()
  primaryProviderId!: string;
}

/** `{"user": {"primary_provider_id"}}` (002 §7). */
export class ChangePrimaryProvider {
  @Nested(() => PrimaryProvider)
  user!: PrimaryProvider;
}

/** Text that must be sent, null allowed (checked in this order: present, then text). */
const RequiredNullableText = (description: string) =>
  applyDecorators(
    ApiProperty({ type: String, nullable: true, maxLength: TAG_MAX_LENGTH, description }),
    ValidateIf((_object, value) => value !== null),
    IsDefined({ message: MESSAGES.required }),
    IsString({ message: 'must be text' }),
  );

/** `{"provider_id", "tag"}` (002 §7 names the route, not the body). */
export class UpdateTag {
  @ProviderIdField()
  providerId!: string;

  @RequiredNullableText(`one line, at most ${TAG_MAX_LENGTH} characters, trimmed; null or blank clears it`)
  tag!: string | null;
}

export class ContactsQuery extends PageQuery {
  /** Part of the name or the email. */
  @OptionalString(120)
  search?: string;

  @ProviderIdField({ optional: true, description: "only this provider's members" })
  providerId?: string;
}

export class ProviderSummaryResponse {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty()
  name!: string;

  @ApiProperty({ type: String, nullable: true })
  subdomain!: string | null;

  @ApiProperty({ type: String, nullable: true, description: "an administrator's label on the provider" })
  tag!: string | null;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;
}

export class PrimaryProviderResponse {
  @ApiProperty({ format: 'uuid', description: "the user's id" })
  id!: string;

  @ApiProperty({ format: 'uuid' })
  primaryProviderId!: string;
}

/** A person a searchable select offers. */
export class ContactResponse {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ description: 'first and last name' })
  name!: string;

  @ApiProperty()
  email!: string;

  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'their primary provider' })
  providerId!: string | null;
}
