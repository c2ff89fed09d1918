import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsUUID } from 'class-validator';
import {
  Nested,
  OptionalEmail,
  OptionalFlag,
  OptionalString,
  PageQuery,
  RequiredEmail,
  RequiredString,
} from '@tourly/platform';
import { OptionalLink } from '../tours/http-link';

/** 422 on a `provider_client_id` that names none of the provider's clients. */
export const NOT_A_CLIENT = 'is not one of your clients';
/** 422 on a contact's `email_address` that another contact of the provider has. */
export const EMAIL_TAKEN = 'is already the address of another contact';
export const CLIENT_NOT_FOUND = 'Client not found';
export const CONTACT_NOT_FOUND = 'Contact not found';

/** One of the provider's clients, or null (none); a malformed id is refused like one of nobody's. */
export const OptionalClientId = () =>
  applyDecorators(
    ApiPropertyOptional({ type: String, format: 'uuid', nullable: true }),
    IsOptional(),
    IsUUID('all', { message: NOT_A_CLIENT }),
  );

/** `{client_form: {...}}` (002 §3 "Client form: clientForm"): what a client is, replaced whole by a PUT. */
export class ClientForm {
  @RequiredString(200)
  name!: string;

  @OptionalEmail()
  emailAddress?: string | null;

  @OptionalString(40)
  phoneNumber?: string | null;

  /** The logo its tours show as the client's (001 branding `clientLogoUrl`) unless a tour's branding sets one. */
  @OptionalLink()
  defaultPlayerBrandingLogoUrl?: string | null;
}

export class SaveClient {
  @Nested(() => ClientForm)
  clientForm!: ClientForm;
}

export class ClientsQuery extends PageQuery {
  /** Matches the name or the e-mail address, anywhere. */
  @OptionalString(200)
  q?: string;
}

export class ClientResponse {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty()
  name!: string;

  @ApiProperty({ type: String, nullable: true })
  emailAddress!: string | null;

  @ApiProperty({ type: String, nullable: true })
  phoneNumber!: string | null;

  @ApiProperty({ type: String, nullable: true })
  defaultPlayerBrandingLogoUrl!: string | null;

  @ApiProperty()
  contactCount!: number;

  @ApiProperty({ description: 'its properties not deleted' })
  propertyCount!: number;

  @ApiProperty({ format: 'date-time' })
  createdAt!: Date;

  @ApiProperty({ format: 'date-time' })
  updatedAt!: Date;
}

/** `{contact: {...}}` (002 §3 "Contact (created from the dashboard): payload key contact"). */
export class ContactForm {
  @RequiredString(200)
  fullName!: string;

  @RequiredEmail()
  emailAddress!: string;

  @OptionalString(40)
  phoneNumber?: string | null;

  /** The client (agency) the contact works for; null: none. */
  @OptionalClientId()
  providerClientId?: string | null;

  /** Mailed the weekly analytics report of the properties it is an agent of; left out: false (PUT takes it whole). */
  @OptionalFlag({ description: 'e-mail it a weekly report of its listings (default false)' })
  weeklyReport?: boolean;
}

export class SaveContact {
  @Nested(() => ContactForm)
  contact!: ContactForm;
}

export class ContactsQuery extends PageQuery {
  /** Matches the name, the e-mail address or the phone number, anywhere. */
  @OptionalString(200)
  q?: string;

  /** One client's contacts. */
  @OptionalClientId()
  providerClientId?: string;
}

export class ContactResponse {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty()
  fullName!: string;

  @ApiProperty()
  emailAddress!: string;

  @ApiProperty({ type: String, nullable: true })
  phoneNumber!: string | null;

  @ApiProperty({ type: String, format: 'uuid', nullable: true })
  providerClientId!: string | null;

  @ApiProperty({ type: String, nullable: true })
  providerClientName!: string | null;

  @ApiProperty({ description: 'mailed the weekly analytics report of the properties it is an agent of' })
  weeklyReport!: boolean;

  @ApiProperty({ format: 'date-time' })
  createdAt!: Date;

  @ApiProperty({ format: 'date-time' })
  updatedAt!: Date;
}

/** A provider's client in the back office's picker (`GET /admin/provider_clients.json`). */
export class AdminClientResponse {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty()
  name!: string;

  @ApiProperty({ format: 'uuid' })
  providerId!: string;
}

export class DeletedResponse {
  @ApiProperty({ format: 'uuid' })
  id!: string;
}
