import { Injectable } from '@nestjs/common';
import type { AdminChangeAction } from '@tourly/contracts';
import {
  Database,
  queryOne,
  queryRows,
  sql,
  type Narrow,
  type Narrowed,
  type Queryable,
} from '@tourly/platform';
import type { AdminChange, AdminChangeSource } from './admin-changes.rules';
import type {
  IAdminChangesOfProviderQuery,
  IAdminChangesOfProviderResult,
  ICountAdminChangesOfProviderQuery,
  IRecordAdminChangeQuery,
  Json,
} from './admin-changes.repository.types';

/** What the schema keeps to a union with a CHECK (the fields changed: a JSON object, or null). */
type Known = {
  action: AdminChangeAction;
  before: { [field: string]: Json } | null;
  after: { [field: string]: Json } | null;
};

export type AdminChangeRow = Narrowed<IAdminChangesOfProviderResult, Known>;

const recordAdminChange = sql<IRecordAdminChangeQuery>`
  INSERT INTO admin_changes (id, provider_id, admin_id, action, record, before, after, changed_at, source)
  VALUES ($id!, $providerId!, $adminId!, $action!, $record, $before::jsonb, $after::jsonb,
          coalesce($changedAt::timestamptz, now()), $source!)
  ON CONFLICT (id) DO NOTHING RETURNING id`;

const adminChangesOfProvider = sql<Narrow<IAdminChangesOfProviderQuery, Known>>`
  SELECT c.id, c.action, c.record, a.id AS "adminId", trim(a.first_name || ' ' || a.last_name) AS "adminName!",
         a.email AS "adminEmail", c.before, c.after, c.changed_at AS "changedAt",
         count(*) OVER ()::int AS "total!"
    FROM admin_changes c JOIN users a ON a.id = c.admin_id
   WHERE c.provider_id = $providerId!
   ORDER BY c.changed_at DESC, c.id DESC LIMIT $limit! OFFSET $offset!`;

const countAdminChangesOfProvider = sql<ICountAdminChangesOfProviderQuery>`
  SELECT count(*)::int AS "total!" FROM admin_changes WHERE provider_id = $providerId!`;

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
    const inserted = await queryRows(tx, recordAdminChange, {
      id: change.id,
      providerId: change.providerId,
      adminId: change.adminId,
      action: change.action,
      record: change.record,
      before: change.before === null ? null : JSON.stringify(change.before),
      after: change.after === null ? null : JSON.stringify(change.after),
      changedAt: change.changedAt ?? null,
      source: change.source,
    });
    return inserted.length > 0;
  }

  /** A provider's changes, newest first, each row carrying the total. */
  ofProvider(providerId: string, limit: number, offset: number): Promise<AdminChangeRow[]> {
    return queryRows(this.db.dataSource, adminChangesOfProvider, { providerId, limit, offset });
  }

  async countOfProvider(providerId: string): Promise<number> {
    const row = await queryOne(this.db.dataSource, countAdminChangesOfProvider, { providerId });
    return row?.total ?? 0;
  }
}
