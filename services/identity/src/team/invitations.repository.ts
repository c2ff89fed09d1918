import { Injectable } from '@nestjs/common';
import type { MembershipRole } from '@tourly/contracts';
import {
  Database,
  queryAffected,
  queryOne,
  queryRows,
  sql,
  type Narrow,
  type Narrowed,
  type Queryable,
} from '@tourly/platform';
import type {
  ICloseExpiredInvitationQuery,
  ICountOpenInvitationsQuery,
  ICreateInvitationQuery,
  IFindInvitationByTokenQuery,
  IFindInvitationByTokenResult,
  IFindOpenInvitationQuery,
  IListOpenInvitationsQuery,
  IListOpenInvitationsResult,
  ILockInvitationByTokenQuery,
  ILockOpenInvitationForEmailQuery,
  IMarkInvitationAcceptedQuery,
  IResendInvitationQuery,
  IRevokeClientInvitationsQuery,
  IRevokeInvitationQuery,
} from './invitations.repository.types';

/** What the schema keeps to a union with a CHECK. */
type Known = { role: MembershipRole };

export type InvitationRow = Narrowed<IListOpenInvitationsResult, Known>;
export type InvitationByTokenRow = Narrowed<IFindInvitationByTokenResult, Known>;

const createInvitation = sql<Narrow<ICreateInvitationQuery, Known>>`
  WITH created AS (
    INSERT INTO team_invitations (id, provider_id, email, role, provider_client_id, token_hash, invited_by,
                                  expires_at)
    VALUES ($id!, $providerId!, $email!, $role!, $clientId, $tokenHash!, $invitedBy, now() + $lifetime!::interval)
    RETURNING *)
  SELECT i.id, i.email, i.role, i.provider_client_id AS "clientId", i.created_at AS "createdAt", i.sent_at AS "sentAt",
         i.expires_at AS "expiresAt", (i.expires_at <= now()) AS "expired!",
         trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) AS "invitedBy!"
    FROM created i LEFT JOIN users u ON u.id = i.invited_by`;

const lockOpenInvitationForEmail = sql<ILockOpenInvitationForEmailQuery>`
  SELECT id, (expires_at <= now()) AS "expired!" FROM team_invitations
   WHERE provider_id = $providerId! AND email = $email! AND accepted_at IS NULL AND revoked_at IS NULL
   FOR UPDATE`;

const closeExpiredInvitation = sql<ICloseExpiredInvitationQuery>`
  UPDATE team_invitations SET revoked_at = now() WHERE id = $id! AND accepted_at IS NULL AND revoked_at IS NULL`;

const listOpenInvitations = sql<Narrow<IListOpenInvitationsQuery, Known>>`
  SELECT i.id, i.email, i.role, i.provider_client_id AS "clientId", i.created_at AS "createdAt",
         i.sent_at AS "sentAt", i.expires_at AS "expiresAt", (i.expires_at <= now()) AS "expired!",
         trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) AS "invitedBy!"
    FROM team_invitations i LEFT JOIN users u ON u.id = i.invited_by
   WHERE i.provider_id = $providerId! AND i.provider_client_id IS NOT DISTINCT FROM $clientId::uuid
     AND i.accepted_at IS NULL AND i.revoked_at IS NULL
   ORDER BY i.created_at DESC, i.id DESC LIMIT $limit! OFFSET $offset!`;

const countOpenInvitations = sql<ICountOpenInvitationsQuery>`
  SELECT count(*)::int AS "total!" FROM team_invitations
   WHERE provider_id = $providerId! AND provider_client_id IS NOT DISTINCT FROM $clientId::uuid
     AND accepted_at IS NULL AND revoked_at IS NULL`;

const findOpenInvitation = sql<IFindOpenInvitationQuery>`
  SELECT id, email FROM team_invitations
   WHERE id = $id! AND provider_id = $providerId! AND provider_client_id IS NOT DISTINCT FROM $clientId::uuid
     AND accepted_at IS NULL AND revoked_at IS NULL FOR UPDATE`;

const resendInvitation = sql<Narrow<IResendInvitationQuery, Known>>`
  WITH resent AS (
    UPDATE team_invitations SET token_hash = $tokenHash!, sent_at = now(), expires_at = now() + $lifetime!::interval
     WHERE id = $id! AND provider_id = $providerId! AND accepted_at IS NULL AND revoked_at IS NULL
    RETURNING *)
  SELECT i.id, i.email, i.role, i.provider_client_id AS "clientId", i.created_at AS "createdAt", i.sent_at AS "sentAt",
         i.expires_at AS "expiresAt", (i.expires_at <= now()) AS "expired!",
         trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) AS "invitedBy!"
    FROM resent i LEFT JOIN users u ON u.id = i.invited_by`;

const revokeInvitation = sql<IRevokeInvitationQuery>`
  UPDATE team_invitations SET revoked_at = now()
   WHERE id = $id! AND provider_id = $providerId! AND provider_client_id IS NOT DISTINCT FROM $clientId::uuid
     AND accepted_at IS NULL AND revoked_at IS NULL`;

const revokeClientInvitations = sql<IRevokeClientInvitationsQuery>`
  UPDATE team_invitations SET revoked_at = now()
   WHERE provider_id = $providerId! AND provider_client_id = $clientId!
     AND accepted_at IS NULL AND revoked_at IS NULL`;

const findInvitationByToken = sql<Narrow<IFindInvitationByTokenQuery, Known>>`
  SELECT i.id, i.provider_id AS "providerId", p.name AS "providerName", i.email, i.role,
         i.provider_client_id AS "clientId", i.expires_at AS "expiresAt", (i.expires_at <= now()) AS "expired!",
         i.accepted_at AS "acceptedAt", i.revoked_at AS "revokedAt",
         trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) AS "invitedBy!",
         (SELECT a.id FROM users a WHERE lower(a.email) = i.email) AS "accountId"
    FROM team_invitations i JOIN providers p ON p.id = i.provider_id LEFT JOIN users u ON u.id = i.invited_by
   WHERE i.token_hash = $tokenHash!`;

const lockInvitationByToken = sql<Narrow<ILockInvitationByTokenQuery, Known>>`
  SELECT i.id, i.provider_id AS "providerId", p.name AS "providerName", i.email, i.role,
         i.provider_client_id AS "clientId", i.expires_at AS "expiresAt", (i.expires_at <= now()) AS "expired!",
         i.accepted_at AS "acceptedAt", i.revoked_at AS "revokedAt",
         trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) AS "invitedBy!",
         (SELECT a.id FROM users a WHERE lower(a.email) = i.email) AS "accountId"
    FROM team_invitations i JOIN providers p ON p.id = i.provider_id LEFT JOIN users u ON u.id = i.invited_by
   WHERE i.token_hash = $tokenHash! FOR UPDATE OF i`;

const markInvitationAccepted = sql<IMarkInvitationAcceptedQuery>`
  UPDATE team_invitations SET accepted_at = now(), accepted_by = $userId!
   WHERE id = $id! AND accepted_at IS NULL AND revoked_at IS NULL`;

/** The `team_invitations` table: who a provider's admins invited, with which role, and what became of it. */
@Injectable()
export class InvitationsRepository {
  constructor(private readonly db: Database) {}

  async create(
    tx: Queryable,
    invitation: {
      id: string;
      providerId: string;
      email: string;
      role: string;
      /** The client whose portal a client user's invitation opens; null for the team's roles. */
      clientId: string | null;
      tokenHash: Buffer;
      invitedBy: string | null;
      lifetime: string;
    },
  ): Promise<InvitationRow> {
    const created = await queryOne(tx, createInvitation, invitation);
    if (!created) throw new Error('invitation not created');
    return created;
  }

  /** The provider's open invitation of the email (live or expired), locked; undefined when none. */
  lockOpenFor(tx: Queryable, providerId: string, email: string) {
    return queryOne(tx, lockOpenInvitationForEmail, { providerId, email });
  }

  /** Closes an expired invitation a new one replaces (it reads as revoked). */
  async closeExpired(tx: Queryable, id: string): Promise<void> {
    await queryAffected(tx, closeExpiredInvitation, { id });
  }

  /** The open invitations of the team (`clientId` null) or of one client's portal. */
  listOpen(
    providerId: string,
    clientId: string | null,
    limit: number,
    offset: number,
  ): Promise<InvitationRow[]> {
    return queryRows(this.db.dataSource, listOpenInvitations, { providerId, clientId, limit, offset });
  }

  async countOpen(providerId: string, clientId: string | null): Promise<number> {
    const row = await queryOne(this.db.dataSource, countOpenInvitations, { providerId, clientId });
    return row?.total ?? 0;
  }

  /**
   * The provider's open invitation into the team (`clientId` null) or into that client's portal, locked;
   * undefined when it is not one, or accepted or revoked.
   */
  findOpen(tx: Queryable, providerId: string, clientId: string | null, id: string) {
    return queryOne(tx, findOpenInvitation, { providerId, clientId, id });
  }

  /** A new token and 7 more days for an open invitation; undefined when it is not open. */
  resend(
    tx: Queryable,
    invitation: { id: string; providerId: string; tokenHash: Buffer; lifetime: string },
  ): Promise<InvitationRow | undefined> {
    return queryOne(tx, resendInvitation, invitation);
  }

  /** Whether an open invitation of the provider (into the team, or that client's portal) was revoked. */
  async revoke(providerId: string, clientId: string | null, id: string): Promise<boolean> {
    return (await queryAffected(this.db.dataSource, revokeInvitation, { providerId, clientId, id })) > 0;
  }

  /** The invitation a link's token stands for, whatever became of it; undefined for an unknown token. */
  /** Revokes every open invitation into one client's portal. */
  async revokeAllOfClient(tx: Queryable, providerId: string, clientId: string): Promise<void> {
    await queryRows(tx, revokeClientInvitations, { providerId, clientId });
  }

  byToken(tokenHash: Buffer): Promise<InvitationByTokenRow | undefined> {
    return queryOne(this.db.dataSource, findInvitationByToken, { tokenHash });
  }

  /** The same, locked for accepting it. */
  lockByToken(tx: Queryable, tokenHash: Buffer): Promise<InvitationByTokenRow | undefined> {
    return queryOne(tx, lockInvitationByToken, { tokenHash });
  }

  async markAccepted(tx: Queryable, id: string, userId: string): Promise<void> {
    await queryAffected(tx, markInvitationAccepted, { id, userId });
  }
}
