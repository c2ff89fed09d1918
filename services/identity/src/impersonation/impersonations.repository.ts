import { Injectable } from '@nestjs/common';
import { STAFF_ONLY_ADMIN_CHANGES, type AdminChangeAction } from '@tourly/contracts';
import {
  Database,
  queryOne,
  queryRows,
  sql,
  type Narrow,
  type Narrowed,
  type Queryable,
} from '@tourly/platform';
import type {
  IAccessLogQuery,
  IAccessLogResult,
  ICountImpersonationsQuery,
  IImpersonationReturnToQuery,
  IListImpersonationsQuery,
  IListImpersonationsResult,
  IStartImpersonationQuery,
  Json,
} from './impersonations.repository.types';

export type ImpersonationRow = IListImpersonationsResult;

export type AccessKind = 'sign_in' | 'impersonation' | 'api_key' | 'oauth_token' | 'admin_change';

/**
 * What the statement and the schema keep to unions: the kinds it writes, an admin change's action (a CHECK) and
 * the fields it touched, as they were and as they are (a CHECK: a JSON object); null for the other kinds.
 */
type KnownAccess = {
  kind: AccessKind;
  action: AdminChangeAction | null;
  before: { [field: string]: Json } | null;
  after: { [field: string]: Json } | null;
};

export type AccessRow = Narrowed<IAccessLogResult, KnownAccess>;

const impersonationReturnTo = sql<IImpersonationReturnToQuery>`
  SELECT i.return_to AS "returnTo" FROM sessions s JOIN impersonations i ON i.id = s.impersonation_id
   WHERE s.token_hash = $tokenHash!`;

const startImpersonation = sql<IStartImpersonationQuery>`
  INSERT INTO impersonations (id, admin_id, provider_id, user_id, return_to, expires_at)
  VALUES ($id!, $adminId, $providerId!, $userId!, $returnTo, now() + make_interval(secs => $seconds!))
  RETURNING expires_at AS "expiresAt"`;

// Newest first; every provider's, or one provider's (`providerId`).
const listImpersonations = sql<IListImpersonationsQuery>`
  SELECT i.id, i.started_at AS "startedAt", i.stopped_at AS "stoppedAt", i.expires_at AS "expiresAt",
         a.id AS "adminId", a.email AS "adminEmail", p.id AS "providerId", p.name AS "providerName",
         u.id AS "userId", u.email AS "userEmail"
    FROM impersonations i JOIN users a ON a.id = i.admin_id JOIN providers p ON p.id = i.provider_id
    JOIN users u ON u.id = i.user_id
   WHERE ($providerId::uuid IS NULL OR i.provider_id = $providerId)
   ORDER BY i.started_at DESC, i.id DESC LIMIT $limit! OFFSET $offset!`;

const countImpersonations = sql<ICountImpersonationsQuery>`
  SELECT count(*)::int AS "total!" FROM impersonations
   WHERE ($providerId::uuid IS NULL OR provider_id = $providerId)`;

/*
 * A provider's access log: its members' sign-ins, every impersonation of it, each hour its API key was used,
 * each OAuth token issued for it, and each change an administrator made to its records (`user`: the administrator),
 * but those only the platform's staff see (`staffOnly`, STAFF_ONLY_ADMIN_CHANGES: a tag is the platform's note about
 * the provider). `key` orders entries of the same time and kind, so every page of the union is the same whichever is
 * asked first. Every branch gives a time, a user and their email (columns NOT NULL, inner joins), which the union
 * cannot show PostgreSQL.
 */
const accessLog = sql<Narrow<IAccessLogQuery, KnownAccess>>`
  SELECT kind AS "kind!", at AS "at!", "userId" AS "userId!", "userEmail" AS "userEmail!", "adminId", "adminEmail",
         "endedAt", detail, action, record, before, after, count(*) OVER ()::int AS "total!"
    FROM (
      SELECT 'sign_in' AS kind, s.created_at AS at, u.id AS "userId", u.email AS "userEmail",
             NULL::uuid AS "adminId", NULL AS "adminEmail", NULL::timestamptz AS "endedAt", NULL AS detail,
             NULL AS action, NULL AS record, NULL::jsonb AS before, NULL::jsonb AS after, s.id AS key
        FROM sessions s JOIN users u ON u.id = s.user_id
        JOIN memberships m ON m.user_id = s.user_id AND m.provider_id = $providerId!
       WHERE s.impersonator_id IS NULL
      UNION ALL
      SELECT 'impersonation', i.started_at, u.id, u.email, a.id, a.email,
             CASE WHEN i.stopped_at IS NOT NULL THEN i.stopped_at WHEN i.expires_at <= now() THEN i.expires_at END,
             NULL, NULL, NULL, NULL, NULL, i.id
        FROM impersonations i JOIN users u ON u.id = i.user_id JOIN users a ON a.id = i.admin_id
       WHERE i.provider_id = $providerId!
      UNION ALL
      SELECT 'api_key', h.first_used_at, u.id, u.email, NULL, NULL, h.last_used_at, k.hint, NULL, NULL, NULL, NULL,
             h.api_key_id
        FROM api_key_use_hours h JOIN api_keys k ON k.id = h.api_key_id JOIN users u ON u.id = k.created_by
       WHERE k.provider_id = $providerId!
      UNION ALL
      SELECT 'oauth_token', t.created_at, u.id, u.email, NULL, NULL, NULL, t.grant_type, NULL, NULL, NULL, NULL,
             t.id
        FROM oauth_tokens t JOIN users u ON u.id = t.user_id
       WHERE t.provider_id = $providerId!
      UNION ALL
      SELECT 'admin_change', c.changed_at, a.id, a.email, NULL, NULL, NULL, c.action, c.action, c.record, c.before,
             c.after, c.id
        FROM admin_changes c JOIN users a ON a.id = c.admin_id
       WHERE c.provider_id = $providerId! AND c.action <> ALL($staffOnly!::text[])
    ) e ORDER BY at DESC, kind, key DESC LIMIT $limit! OFFSET $offset!`;

/** The `impersonations` table (the audit log), and the access log it is part of. */
@Injectable()
export class ImpersonationsRepository {
  constructor(private readonly db: Database) {}

  /** The console page the impersonation of a session was started from, if it said. */
  async returnToOf(tx: Queryable, tokenHash: Buffer): Promise<string | null> {
    const row = await queryOne(tx, impersonationReturnTo, { tokenHash });
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
    const [row] = await queryRows(tx, startImpersonation, impersonation);
    return row.expiresAt;
  }

  /** Newest first; every provider's, or one provider's (`providerId`). */
  list(providerId: string | null, limit: number, offset: number): Promise<ImpersonationRow[]> {
    return queryRows(this.db.dataSource, listImpersonations, { providerId, limit, offset });
  }

  async count(providerId: string | null): Promise<number> {
    const row = await queryOne(this.db.dataSource, countImpersonations, { providerId });
    return row?.total ?? 0;
  }

  /** Newest first, each row carrying the count of every entry (`total`). */
  accessLog(providerId: string, limit: number, offset: number): Promise<AccessRow[]> {
    return queryRows(this.db.dataSource, accessLog, {
      providerId,
      staffOnly: [...STAFF_ONLY_ADMIN_CHANGES],
      limit,
      offset,
    });
  }

  /** Every entry of the log: the first page's row carries the count (an empty log has none). */
  async countAccessLog(providerId: string): Promise<number> {
    const [first] = await this.accessLog(providerId, 1, 0);
    return first?.total ?? 0;
  }
}
