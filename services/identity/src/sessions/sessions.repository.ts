import { Injectable } from '@nestjs/common';
import type { MembershipRole, StaffRole } from '@tourly/contracts';
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
  IMoveSessionToProviderQuery,
  IOpenSessionParams,
  IOpenSessionQuery,
  IResolveSessionQuery,
  IResolveSessionResult,
  IRevokeSessionOfTokenQuery,
  IRevokeSessionOfTokenResult,
  IRevokeSessionsOfUserQuery,
  ISetSessionProviderQuery,
} from './sessions.repository.types';

/** An impersonation closed because the session that carried it was revoked. */
export type EndedImpersonationRow = IRevokeSessionOfTokenResult;

/** What the schema keeps to unions with CHECKs (the membership may be gone: no role). */
type KnownCaller = { role: MembershipRole | null; staffRole: StaffRole | null };

/** The caller a session stands for, and the session's CSRF token. */
export type SessionCallerRow = Narrowed<IResolveSessionResult, KnownCaller>;

const openSession = sql<IOpenSessionQuery>`
  INSERT INTO sessions (id, token_hash, user_id, current_provider_id, impersonator_id, impersonation_id,
                        csrf_token, expires_at)
  VALUES ($id!, $tokenHash!, $userId!, $providerId, $impersonatorId, $impersonationId, $csrfToken!,
          now() + make_interval(secs => $lifetimeSeconds!))`;

// Revoking a session closes the impersonation it carried: one statement for a token's session, one for a user's.
const revokeSessionOfToken = sql<IRevokeSessionOfTokenQuery>`
  WITH revoked AS (
    UPDATE sessions SET revoked_at = now() WHERE token_hash = $tokenHash! AND revoked_at IS NULL
    RETURNING impersonation_id),
  ended AS (
    UPDATE impersonations i SET stopped_at = least(now(), i.expires_at)
      FROM revoked r WHERE i.id = r.impersonation_id AND i.stopped_at IS NULL
    RETURNING i.id, i.provider_id AS "providerId", i.admin_id AS "adminId")
  SELECT * FROM ended`;

const revokeSessionsOfUser = sql<IRevokeSessionsOfUserQuery>`
  WITH revoked AS (
    UPDATE sessions SET revoked_at = now() WHERE user_id = $userId! AND revoked_at IS NULL
    RETURNING impersonation_id),
  ended AS (
    UPDATE impersonations i SET stopped_at = least(now(), i.expires_at)
      FROM revoked r WHERE i.id = r.impersonation_id AND i.stopped_at IS NULL
    RETURNING i.id, i.provider_id AS "providerId", i.admin_id AS "adminId")
  SELECT * FROM ended`;

// An impersonation session is held to the provider it was started for, while its record is open, and without the
// acting-as user's staff role; the membership is joined as it is now: left, its role is null.
const resolveSession = sql<Narrow<IResolveSessionQuery, KnownCaller>>`
  SELECT s.user_id AS "userId", s.current_provider_id AS "providerId", s.impersonator_id AS "impersonatorId",
         s.csrf_token AS "csrfToken", m.role AS "role?", m.provider_client_id AS "clientId",
         CASE WHEN s.impersonation_id IS NULL THEN u.staff_role END AS "staffRole"
    FROM sessions s
    JOIN users u ON u.id = s.user_id
    LEFT JOIN memberships m ON m.user_id = s.user_id AND m.provider_id = s.current_provider_id
    LEFT JOIN impersonations i ON i.id = s.impersonation_id
   WHERE s.token_hash = $tokenHash! AND s.revoked_at IS NULL AND s.expires_at > now()
     AND (s.impersonation_id IS NULL OR (i.stopped_at IS NULL AND i.provider_id = s.current_provider_id))`;

const moveSessionToProvider = sql<IMoveSessionToProviderQuery>`
  UPDATE sessions SET current_provider_id = $providerId!
   WHERE token_hash = $tokenHash! AND user_id = $userId! AND revoked_at IS NULL AND expires_at > now() RETURNING id`;

const setSessionProvider = sql<ISetSessionProviderQuery>`
  UPDATE sessions SET current_provider_id = $providerId! WHERE token_hash = $tokenHash! AND user_id = $userId!`;

/** The `sessions` table (browser sessions, by the SHA-256 of their token). */
@Injectable()
export class SessionsRepository {
  constructor(private readonly db: Database) {}

  async open(tx: Queryable, session: IOpenSessionParams): Promise<void> {
    await queryRows(tx, openSession, session);
  }

  /** Revokes the session of a token, or every session of a user; closes the impersonations they carried. */
  revoke(tx: Queryable, which: { tokenHash: Buffer } | { userId: string }): Promise<EndedImpersonationRow[]> {
    return 'tokenHash' in which
      ? queryRows(tx, revokeSessionOfToken, { tokenHash: which.tokenHash })
      : queryRows(tx, revokeSessionsOfUser, { userId: which.userId });
  }

  /** The caller a live session stands for. */
  resolve(tokenHash: Buffer): Promise<SessionCallerRow | undefined> {
    return queryOne(this.db.dataSource, resolveSession, { tokenHash });
  }

  /** Moves a live session of the user to a provider; whether there was one. */
  async moveToProvider(tokenHash: Buffer, userId: string, providerId: string): Promise<boolean> {
    const moved = await queryAffected(this.db.dataSource, moveSessionToProvider, {
      tokenHash,
      userId,
      providerId,
    });
    return moved > 0;
  }

  /** Points the user's session at a provider, whatever its state (the provider they just created). */
  async setCurrentProvider(
    tx: Queryable,
    tokenHash: Buffer,
    userId: string,
    providerId: string,
  ): Promise<void> {
    await queryAffected(tx, setSessionProvider, { tokenHash, userId, providerId });
  }
}
