import { Injectable } from '@nestjs/common';
import { STAFF_ONLY_ADMIN_CHANGES, type AdminChangeAction } from '@tourly/contracts';
import { Database, one, rows, type Queryable } from '@tourly/platform';

export interface ImpersonationRow {
  id: string;
  startedAt: Date;
  stoppedAt: Date | null;
  expiresAt: Date;
  adminId: string;
  adminEmail: string;
  providerId: string;
  providerName: string;
  userId: string;
  userEmail: string;
}

export type AccessKind = 'sign_in' | 'impersonation' | 'api_key' | 'oauth_token' | 'admin_change';

export interface AccessRow {
  kind: AccessKind;
  at: Date;
  userId: string;
  userEmail: string;
  adminId: string | null;
  adminEmail: string | null;
  endedAt: Date | null;
  detail: string | null;
  /** An admin change's action and the fields it touched, as they were and as they are; null for the other kinds. */
  action: AdminChangeAction | null;
  record: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

const RECORDS = `
  SELECT i.id, i.started_at AS "startedAt", i.stopped_at AS "stoppedAt", i.expires_at AS "expiresAt",
         a.id AS "adminId", a.email AS "adminEmail", p.id AS "providerId", p.name AS "providerName",
         u.id AS "userId", u.email AS "userEmail"
    FROM impersonations i JOIN users a ON a.id = i.admin_id JOIN providers p ON p.id = i.provider_id
    JOIN users u ON u.id = i.user_id`;

/**
 * A provider's access log: its members' sign-ins, every impersonation of it, each hour its API key was used,
 * each OAuth token issued for it, and each change an administrator made to its records (`user`: the administrator),
 * but those only the platform's staff see (a tag is the platform's note about the provider).
 * `key` orders entries of the same time and kind, so every page of the union is the same whichever is asked first.
 */
const ACCESS_LOG = `
      SELECT 'sign_in' AS kind, s.created_at AS at, u.id AS "userId", u.email AS "userEmail",
             NULL::uuid AS "adminId", NULL AS "adminEmail", NULL::timestamptz AS "endedAt", NULL AS detail,
             NULL AS action, NULL AS record, NULL::jsonb AS before, NULL::jsonb AS after, s.id AS key
        FROM sessions s JOIN users u ON u.id = s.user_id
        JOIN memberships m ON m.user_id = s.user_id AND m.provider_id = $1
       WHERE s.impersonator_id IS NULL
      UNION ALL
      SELECT 'impersonation', i.started_at, u.id, u.email, a.id, a.email,
             CASE WHEN i.stopped_at IS NOT NULL THEN i.stopped_at WHEN i.expires_at <= now() THEN i.expires_at END,
             NULL, NULL, NULL, NULL, NULL, i.id
        FROM impersonations i JOIN users u ON u.id = i.user_id JOIN users a ON a.id = i.admin_id
       WHERE i.provider_id = $1
      UNION ALL
      SELECT 'api_key', h.first_used_at, u.id, u.email, NULL, NULL, h.last_used_at, k.hint, NULL, NULL, NULL, NULL,
             h.api_key_id
        FROM api_key_use_hours h JOIN api_keys k ON k.id = h.api_key_id JOIN users u ON u.id = k.created_by
       WHERE k.provider_id = $1
      UNION ALL
      SELECT 'oauth_token', t.created_at, u.id, u.email, NULL, NULL, NULL, t.grant_type, NULL, NULL, NULL, NULL,
             t.id
        FROM oauth_tokens t JOIN users u ON u.id = t.user_id
       WHERE t.provider_id = $1
      UNION ALL
      SELECT 'admin_change', c.changed_at, a.id, a.email, NULL, NULL, NULL, c.action, c.action, c.record, c.before,
             c.after, c.id
        FROM admin_changes c JOIN users a ON a.id = c.admin_id
       WHERE c.provider_id = $1 AND c.action NOT IN (${STAFF_ONLY_ADMIN_CHANGES.map((a) => `'${a}'`).join(', ')})`;

/** The `impersonations` table (the audit log), and the access log it is part of. */
@Injectable()
export class ImpersonationsRepository {
  constructor(private readonly db: Database) {}

  /** The console page the impersonation of a session was started from, if it said. */
  async returnToOf(tx: Queryable, tokenHash: Buffer): Promise<string | null> {
    const row = await one<{ returnTo: string | null }>(
      tx,
      `SELECT i.return_to AS "returnTo" FROM sessions s JOIN impersonations i ON i.id = s.impersonation_id
        WHERE s.token_hash = $1`,
      [tokenHash],
    );
    return row?.returnTo ?? null;
  }

  /** Records an impersonation starting now; when it expires. */
  async start(
    tx: Queryable,
    impersonation: {
      id: string;
      adminId: string | null;
      providerId: string;
      userId: string;
      seconds: number;
      returnTo: string | null;
    },
  ): Promise<Date> {
    const [row] = await rows<{ expiresAt: Date }>(
      tx,
      `INSERT INTO impersonations (id, admin_id, provider_id, user_id, return_to, expires_at)
       VALUES ($1, $2, $3, $4, $6, now() + make_interval(secs => $5)) RETURNING expires_at AS "expiresAt"`,
      [
        impersonation.id,
        impersonation.adminId,
        impersonation.providerId,
        impersonation.userId,
        impersonation.seconds,
        impersonation.returnTo,
      ],
    );
    return row.expiresAt;
  }

  /** Newest first. */
  /** Newest first; every provider's, or one provider's (`providerId`). */
  list(providerId: string | null, limit: number, offset: number): Promise<ImpersonationRow[]> {
    return rows<ImpersonationRow>(
      this.db.dataSource,
      `${RECORDS} WHERE ($3::uuid IS NULL OR i.provider_id = $3)
        ORDER BY i.started_at DESC, i.id DESC LIMIT $1 OFFSET $2`,
      [limit, offset, providerId],
    );
  }

  async count(providerId: string | null): Promise<number> {
    const row = await one<{ total: number }>(
      this.db.dataSource,
      'SELECT count(*)::int AS total FROM impersonations WHERE ($1::uuid IS NULL OR provider_id = $1)',
      [providerId],
    );
    return row?.total ?? 0;
  }

  /** Newest first. */
  accessLog(providerId: string, limit: number, offset: number): Promise<AccessRow[]> {
    return rows<AccessRow>(
      this.db.dataSource,
      `SELECT kind, at, "userId", "userEmail", "adminId", "adminEmail", "endedAt", detail, action, record, before,
              after
         FROM (${ACCESS_LOG}) e ORDER BY at DESC, kind, key DESC LIMIT $2 OFFSET $3`,
      [providerId, limit, offset],
    );
  }

  async countAccessLog(providerId: string): Promise<number> {
    const row = await one<{ total: number }>(
      this.db.dataSource,
      `SELECT count(*)::int AS total FROM (${ACCESS_LOG}) e`,
      [providerId],
    );
    return row?.total ?? 0;
  }
}
