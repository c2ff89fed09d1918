import { ApiProperty } from '@nestjs/swagger';
import { Matches } from 'class-validator';
import { ADMIN_CHANGE_ACTIONS, type AdminChangeAction } from '@tourly/contracts';
import { OptionalString, PageQuery, ProviderIdField } from '@tourly/platform';
import { ProviderRef, UserRef } from '../accounts/accounts.dto';
import { CHANGED_FIELDS } from '../admin-changes/admin-changes.dto';
import type { AccessKind } from './impersonations.repository';

/**
 * A page of the console, as a path on this site: one of its areas an administrator works in (`/admin/...`, and the
 * virtual assistant's and supplier's queues, where the workshop assistant is worked as the provider), with its query
 * (never another site's).
 */
export const CONSOLE_PAGE = /^\/(?:admin|virtual_assistant|external_supplier)(?:[/?#][^\s\\]*)?$/;

/** A page of the provider's app, as a path on this site: `/provider/...`, with its query (never another site's). */
export const PROVIDER_PAGE = /^\/provider(?:[/?#][^\s\\]*)?$/;

export class StartImpersonation {
  @ProviderIdField()
  providerId!: string;

  /** The console page the administrator starts from: stopping brings them back to it. */
  @OptionalString(2000)
  @Matches(CONSOLE_PAGE, {
    message:
      'must be a page of the console (a path starting with /admin, /virtual_assistant or /external_supplier)',
  })
  returnTo?: string;

  /** The provider's page to open first (a workshop order's tour space); unset: the properties list. */
  @OptionalString(2000)
  @Matches(PROVIDER_PAGE, {
    message: "must be a page of the provider's app (a path starting with /provider)",
  })
  landOn?: string;
}

/** The impersonation log: every provider's, or one provider's. */
export class ImpersonationsQuery extends PageQuery {
  @ProviderIdField({ optional: true, description: "only this provider's impersonations" })
  providerId?: string;
}

export class StartedImpersonation {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ type: () => ProviderRef })
  provider!: ProviderRef;

  @ApiProperty({ format: 'date-time' })
  expiresAt!: string;
}

/** Where the browser goes now, and the new session's CSRF token (its cookie is set too). */
export class ImpersonationStoppedResponse {
  @ApiProperty({ example: '/provider/properties' })
  redirectTo!: string;

  @ApiProperty()
  csrfToken!: string;
}

export class ImpersonationStartedResponse extends ImpersonationStoppedResponse {
  @ApiProperty({ type: () => StartedImpersonation })
  impersonation!: StartedImpersonation;
}

/** One impersonation in the audit log. */
export class ImpersonationRecordResponse {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ type: () => UserRef })
  admin!: UserRef;

  @ApiProperty({ type: () => ProviderRef })
  provider!: ProviderRef;

  @ApiProperty({ type: () => UserRef })
  actingAs!: UserRef;

  @ApiProperty({ format: 'date-time' })
  startedAt!: string;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  endedAt!: string | null;

  @ApiProperty({ type: Number, nullable: true })
  durationSeconds!: number | null;
}

const ACCESS_KINDS: AccessKind[] = ['sign_in', 'impersonation', 'api_key', 'oauth_token', 'admin_change'];

/**
 * One line of a provider's access log. `api_key`: an hour its API key was in use (at: first use, ended_at:
 * last use in that hour; detail: the key's hint); `oauth_token`: a token issued (detail: the grant type);
 * `admin_change`: an administrator changed the provider's records (user: the administrator; detail and action: what
 * was changed; before and after: the fields it touched).
 */
export class AccessLogEntryResponse {
  @ApiProperty({ enum: ACCESS_KINDS })
  kind!: AccessKind;

  @ApiProperty({ format: 'date-time' })
  at!: string;

  @ApiProperty({
    type: () => UserRef,
    description: 'who: for an admin change, the administrator who made it',
  })
  user!: UserRef;

  @ApiProperty({ type: () => UserRef, nullable: true, description: 'the admin who impersonated' })
  admin!: UserRef | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  endedAt!: string | null;

  @ApiProperty({ type: Number, nullable: true })
  durationSeconds!: number | null;

  @ApiProperty({ type: String, nullable: true })
  detail!: string | null;

  @ApiProperty({ enum: ADMIN_CHANGE_ACTIONS, nullable: true, description: 'admin_change: what was changed' })
  action!: AdminChangeAction | null;

  @ApiProperty({
    type: String,
    nullable: true,
    description:
      'admin_change record.* (made while impersonating): the table of the record, e.g. billing_accounts',
  })
  record!: string | null;

  @ApiProperty({ ...CHANGED_FIELDS, description: 'admin_change: the fields it touched, as they were' })
  before!: Record<string, unknown> | null;

  @ApiProperty({ ...CHANGED_FIELDS, description: 'admin_change: the fields it touched, as they are' })
  after!: Record<string, unknown> | null;
}
