import { Injectable } from '@nestjs/common';
import type { AdminChangeAction } from '@tourly/contracts';
import { Database, one, rows, type Queryable } from '@tourly/platform';
import type { AdminChange, AdminChangeSource, ChangedFields } from './admin-changes.rules';

export interface AdminChangeRow {
  id: string;
  action: AdminChangeAction;
  record: string | null;
  adminId: string;
  adminName: string;
  adminEmail: string;
  before: ChangedFields;
  after: ChangedFields;
  changedAt: Date;
  total: number;
}

/** The `admin_changes` table: the audit trail of what platform admins changed on each provider's records. */
@Injectable()
export class AdminChangesRepository {
  constructor(private readonly db: Database) {}

  /**
   * Keeps a change unless its id is kept already (a change heard twice: its id is its event's); whether it did.
   * `changedAt` undefined: now, the transaction's time (identity's own changes).
   */
  async record(
    tx: Queryable,
    change: Omit<AdminChange, 'changedAt'> & { id: string; changedAt?: Date; source: AdminChangeSource },
  ): Promise<boolean> {
    const inserted = await rows(
      tx,
      `INSERT INTO admin_changes (id, provider_id, admin_id, action, record, before, after, changed_at, source)
       VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, coalesce($8::timestamptz, now()), $9)
       ON CONFLICT (id) DO NOTHING RETURNING id`,
      [
        change.id,
        change.providerId,
        change.adminId,
        change.action,
        change.record,
        change.before === null ? null : JSON.stringify(change.before),
        change.after === null ? null : JSON.stringify(change.after),
        change.changedAt ?? null,
        change.source,
      ],
    );
    return inserted.length > 0;
  }

  /** A provider's changes, newest first, each row carrying the total. */
  ofProvider(providerId: string, limit: number, offset: number): Promise<AdminChangeRow[]> {
    return rows<AdminChangeRow>(
      this.db.dataSource,
      `SELECT c.id, c.action, c.record, a.id AS "adminId", trim(a.first_name || ' ' || a.last_name) AS "adminName",
              a.email AS "adminEmail", c.before, c.after, c.changed_at AS "changedAt",
              count(*) OVER ()::int AS total
         FROM admin_changes c JOIN users a ON a.id = c.admin_id
        WHERE c.provider_id = $1
        ORDER BY c.changed_at DESC, c.id DESC LIMIT $2 OFFSET $3`,
      [providerId, limit, offset],
    );
  }

  async countOfProvider(providerId: string): Promise<number> {
    const row = await one<{ total: number }>(
      this.db.dataSource,
      'SELECT count(*)::int AS total FROM admin_changes WHERE provider_id = $1',
      [providerId],
    );
    return row?.total ?? 0;
  }
}
