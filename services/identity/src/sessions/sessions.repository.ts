import { Injectable } from '@nestjs/common';
import { Database, affected, one, rows, type Queryable } from '@tourly/platform';
import type { CallerRow } from '../accounts/resolved-caller';

export interface SessionRow {
  id: string;
  tokenHash: Buffer;
  userId: string;
  providerId: string | null;
  impersonatorId: string | null;
  impersonationId: string | null;
  csrfToken: string;
  lifetimeSeconds: number;
}

/** An impersonation closed because the session that carried it was revoked. */
export interface EndedImpersonationRow {
  id: string;
  providerId: string;
  adminId: string;
}

/** The `sessions` table (browser sessions, by the SHA-256 of their token). */
@Injectable()
export class SessionsRepository {
  constructor(private readonly db: Database) {}

  async open(tx: Queryable, session: SessionRow): Promise<void> {
    await rows(
      tx,
      `INSERT INTO sessions (id, token_hash, user_id, current_provider_id, impersonator_id, impersonation_id,
                             csrf_token, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, now() + make_interval(secs => $8))`,
      [
        session.id,
        session.tokenHash,
        session.userId,
        session.providerId,
        session.impersonatorId,
        session.impersonationId,
        session.csrfToken,
        session.lifetimeSeconds,
      ],
    );
  }

  /** Revokes the session of a token, or every session of a user; closes the impersonations they carried. */
  revoke(tx: Queryable, which: { tokenHash: Buffer } | { userId: string }): Promise<EndedImpersonationRow[]> {
    const [where, value] =
      'tokenHash' in which ? ['token_hash = $1', which.tokenHash] : ['user_id = $1', which.userId];
    return rows<EndedImpersonationRow>(
      tx,
      `WITH revoked AS (
         UPDATE sessions SET revoked_at = now() WHERE ${where} AND revoked_at IS NULL RETURNING impersonation_id),
       ended AS (
         UPDATE impersonations i SET stopped_at = least(now(), i.expires_at)
           FROM revoked r WHERE i.id = r.impersonation_id AND i.stopped_at IS NULL
         RETURNING i.id, i.provider_id AS "providerId", i.admin_id AS "adminId")
       SELECT * FROM ended`,
      [value],
    );
  }

  /**
   * The caller a live session stands for. An impersonation session is held to the provider it was started for,
   * while its record is open, and without the acting-as user's staff role.
   */
  resolve(tokenHash: Buffer): Promise<(CallerRow & { csrfToken: string }) | undefined> {
    return one<CallerRow & { csrfToken: string }>(
      this.db.dataSource,
      `SELECT s.user_id AS "userId", s.current_provider_id AS "providerId", s.impersonator_id AS "impersonatorId",
              s.csrf_token AS "csrfToken", m.role,
              CASE WHEN s.impersonation_id IS NULL THEN u.staff_role END AS "staffRole"
         FROM sessions s
         JOIN users u ON u.id = s.user_id
         LEFT JOIN memberships m ON m.user_id = s.user_id AND m.provider_id = s.current_provider_id
         LEFT JOIN impersonations i ON i.id = s.impersonation_id
        WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > now()
          AND (s.impersonation_id IS NULL OR (i.stopped_at IS NULL AND i.provider_id = s.current_provider_id))`,
      [tokenHash],
    );
  }

  /** Moves a live session of the user to a provider; whether there was one. */
  async moveToProvider(tokenHash: Buffer, userId: string, providerId: string): Promise<boolean> {
    const moved = await affected(
      this.db.dataSource,
      `UPDATE sessions SET current_provider_id = $3
        WHERE token_hash = $1 AND user_id = $2 AND revoked_at IS NULL AND expires_at > now() RETURNING id`,
      [tokenHash, userId, providerId],
    );
    return moved > 0;
  }

  /** Points the user's session at a provider, whatever its state (the provider they just created). */
  async setCurrentProvider(
    tx: Queryable,
    tokenHash: Buffer,
    userId: string,
    providerId: string,
  ): Promise<void> {
    await affected(
      tx,
      'UPDATE sessions SET current_provider_id = $2 WHERE token_hash = $1 AND user_id = $3',
      [tokenHash, providerId, userId],
    );
  }
}
