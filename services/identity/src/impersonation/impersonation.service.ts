import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import {
  ApiError,
  Database,
  EventBus,
  pageOf,
  uuidv7,
  type Caller,
  type Page,
  type PageQuery,
} from '@tourly/platform';
import { SessionsService } from '../sessions/sessions.service';

/** An impersonation lasts this long and is not renewed by use. */
export const IMPERSONATION_SECONDS = 30 * 60;
/** Where the browser goes after starting or stopping (spec 001 §4). */
export const LANDING_PAGE = '/provider/properties';

export interface ImpersonationRecord {
  id: string;
  admin: { id: string; email: string };
  provider: { id: string; name: string };
  actingAs: { id: string; email: string };
  startedAt: string;
  endedAt: string | null;
  durationSeconds: number | null;
}

/**
 * One line of a provider's access log. `api_key`: an hour its API key was in use (at: first use, ended_at:
 * last use in that hour; detail: the key's hint); `oauth_token`: a token issued (detail: the grant type).
 */
export interface AccessLogEntry {
  kind: 'sign_in' | 'impersonation' | 'api_key' | 'oauth_token';
  at: string;
  user: { id: string; email: string };
  admin: { id: string; email: string } | null;
  endedAt: string | null;
  durationSeconds: number | null;
  detail: string | null;
}

export interface OpenedSession {
  token: string;
  csrfToken: string;
}

/**
 * An admin acts as a provider's admin user in a session of its own, which carries the admin's id on every
 * request and ends after 30 minutes whatever happens. Starting and stopping rotate the session and are
 * written to the audit log (and published), so the provider can see who was in its account and for how long.
 */
@Injectable()
export class ImpersonationService {
  constructor(
    private readonly db: Database,
    private readonly sessions: SessionsService,
    @Inject(EventBus) private readonly events: EventBus,
  ) {}

  async start(admin: Caller, presentedToken: string | undefined, providerId: string) {
    return this.db.transaction(async (tx) => {
      const [provider] = (await tx.query('SELECT id, name FROM providers WHERE id = $1', [
        providerId,
      ])) as Array<{
        id: string;
        name: string;
      }>;
      if (!provider) throw ApiError.notFound('Provider not found');
      const [actAs] = (await tx.query(
        `SELECT user_id AS "userId" FROM memberships WHERE provider_id = $1 AND role = 'admin'
          ORDER BY created_at LIMIT 1`,
        [providerId],
      )) as Array<{ userId: string }>;
      if (!actAs) throw ApiError.conflict('This provider has no admin user to act as.');
      await this.sessions.revokePresented(tx, presentedToken);
      const impersonationId = uuidv7();
      const [{ expiresAt }] = (await tx.query(
        `INSERT INTO impersonations (id, admin_id, provider_id, user_id, expires_at)
         VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5)) RETURNING expires_at AS "expiresAt"`,
        [impersonationId, admin.userId, providerId, actAs.userId, IMPERSONATION_SECONDS],
      )) as Array<{ expiresAt: Date }>;
      const opened = await this.sessions.openSession(tx, {
        userId: actAs.userId,
        providerId,
        impersonatorId: admin.userId ?? undefined,
        impersonationId,
        lifetimeSeconds: IMPERSONATION_SECONDS,
      });
      await this.events.publish(
        'identity.impersonation.started.v1',
        { providerId, adminId: admin.userId as string, impersonationId },
        tx,
      );
      return {
        opened,
        answer: {
          redirectTo: LANDING_PAGE,
          impersonation: { id: impersonationId, provider, expiresAt: expiresAt.toISOString() },
        },
      };
    });
  }

  /** Ends the impersonation the caller is in, and gives the admin a fresh session of their own. */
  async stop(caller: Caller, presentedToken: string | undefined) {
    if (!caller.impersonatorId || !presentedToken) {
      throw ApiError.base(HttpStatus.CONFLICT, 'You are not impersonating anyone.');
    }
    const adminId = caller.impersonatorId;
    return this.db.transaction(async (tx) => {
      // Revoking the session closes its impersonation's record and publishes that it stopped.
      await this.sessions.revokePresented(tx, presentedToken);
      const [admin] = (await tx.query(
        `SELECT m.provider_id AS "providerId" FROM users u
           LEFT JOIN memberships m ON m.user_id = u.id
          WHERE u.id = $1 ORDER BY (m.provider_id = u.primary_provider_id) DESC NULLS LAST LIMIT 1`,
        [adminId],
      )) as Array<{ providerId: string | null }>;
      const opened = await this.sessions.openSession(tx, {
        userId: adminId,
        providerId: admin?.providerId ?? null,
      });
      return { opened, answer: { redirectTo: LANDING_PAGE } };
    });
  }

  /** The audit log of every impersonation, newest first, for the admin console. */
  async list(query: PageQuery): Promise<Page<ImpersonationRecord>> {
    const [rows, [{ total }]] = await Promise.all([
      this.db.dataSource.query(`${RECORDS} ORDER BY i.started_at DESC, i.id DESC LIMIT $1 OFFSET $2`, [
        query.pageSize,
        query.offset,
      ]),
      this.db.dataSource.query('SELECT count(*)::int AS total FROM impersonations'),
    ]);
    return pageOf((rows as RecordRow[]).map(toRecord), total as number, query);
  }

  /** The provider's own access log: its members' sign-ins and every impersonation of it, newest first. */
  async accessLog(providerId: string, query: PageQuery): Promise<Page<AccessLogEntry>> {
    const entries = `
      SELECT 'sign_in' AS kind, s.created_at AS at, u.id AS "userId", u.email AS "userEmail",
             NULL::uuid AS "adminId", NULL AS "adminEmail", NULL::timestamptz AS "endedAt", NULL AS detail
        FROM sessions s JOIN users u ON u.id = s.user_id
        JOIN memberships m ON m.user_id = s.user_id AND m.provider_id = $1
       WHERE s.impersonator_id IS NULL
      UNION ALL
      SELECT 'impersonation', i.started_at, u.id, u.email, a.id, a.email,
             CASE WHEN i.stopped_at IS NOT NULL THEN i.stopped_at WHEN i.expires_at <= now() THEN i.expires_at END,
             NULL
        FROM impersonations i JOIN users u ON u.id = i.user_id JOIN users a ON a.id = i.admin_id
       WHERE i.provider_id = $1
      UNION ALL
      SELECT 'api_key', h.first_used_at, u.id, u.email, NULL, NULL, h.last_used_at, k.hint
        FROM api_key_use_hours h JOIN api_keys k ON k.id = h.api_key_id JOIN users u ON u.id = k.created_by
       WHERE k.provider_id = $1
      UNION ALL
      SELECT 'oauth_token', t.created_at, u.id, u.email, NULL, NULL, NULL, t.grant_type
        FROM oauth_tokens t JOIN users u ON u.id = t.user_id
       WHERE t.provider_id = $1`;
    const [rows, [{ total }]] = await Promise.all([
      this.db.dataSource.query(`SELECT * FROM (${entries}) e ORDER BY at DESC LIMIT $2 OFFSET $3`, [
        providerId,
        query.pageSize,
        query.offset,
      ]),
      this.db.dataSource.query(`SELECT count(*)::int AS total FROM (${entries}) e`, [providerId]),
    ]);
    const items = (rows as AccessRow[]).map((row) => ({
      kind: row.kind,
      at: row.at.toISOString(),
      user: { id: row.userId, email: row.userEmail },
      admin: row.adminId ? { id: row.adminId, email: row.adminEmail as string } : null,
      endedAt: row.endedAt?.toISOString() ?? null,
      durationSeconds: row.endedAt ? Math.round((row.endedAt.getTime() - row.at.getTime()) / 1000) : null,
      detail: row.detail,
    }));
    return pageOf(items, total as number, query);
  }
}

const RECORDS = `
  SELECT i.id, i.started_at AS "startedAt", i.stopped_at AS "stoppedAt", i.expires_at AS "expiresAt",
         a.id AS "adminId", a.email AS "adminEmail", p.id AS "providerId", p.name AS "providerName",
         u.id AS "userId", u.email AS "userEmail"
    FROM impersonations i JOIN users a ON a.id = i.admin_id JOIN providers p ON p.id = i.provider_id
    JOIN users u ON u.id = i.user_id`;

interface RecordRow {
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

interface AccessRow {
  kind: AccessLogEntry['kind'];
  at: Date;
  userId: string;
  userEmail: string;
  adminId: string | null;
  adminEmail: string | null;
  endedAt: Date | null;
  detail: string | null;
}

function toRecord(row: RecordRow): ImpersonationRecord {
  const ended = row.stoppedAt ?? (row.expiresAt.getTime() <= Date.now() ? row.expiresAt : null);
  return {
    id: row.id,
    admin: { id: row.adminId, email: row.adminEmail },
    provider: { id: row.providerId, name: row.providerName },
    actingAs: { id: row.userId, email: row.userEmail },
    startedAt: row.startedAt.toISOString(),
    endedAt: ended?.toISOString() ?? null,
    durationSeconds: ended ? Math.round((ended.getTime() - row.startedAt.getTime()) / 1000) : null,
  };
}
