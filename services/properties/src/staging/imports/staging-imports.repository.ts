import { Injectable } from '@nestjs/common';
import {
  Database,
  pageWithTotal,
  queryAffected,
  queryOne,
  queryRows,
  sql,
  type Narrow,
  type Narrowed,
  type Page,
  type PageQuery,
  type Queryable,
} from '@tourly/platform';
import type { CsvRow } from './staging-imports.rules';
import type {
  IClaimRowQuery,
  IClaimRowResult,
  IFindImportQuery,
  IFindImportResult,
  IFinishImportQuery,
  IImportCountQuery,
  IImportPageQuery,
  IImportRowsQuery,
  IImportRowsResult,
  IInsertImportQuery,
  IInsertRowsQuery,
  ISettleRowQuery,
} from './staging-imports.repository.types';

export const IMPORT_ROW_STATUSES = ['pending', 'created', 'failed'] as const;
export type ImportRowStatus = (typeof IMPORT_ROW_STATUSES)[number];

type KnownRow = { fields: CsvRow['fields']; status: ImportRowStatus; messages: string[] };
export type ImportRow = Narrowed<IImportRowsResult, KnownRow>;
export type ImportSummary = IFindImportResult;
/** A row a replica took to work on, with whom the import is for (its asset log names them). */
export type ClaimedRow = Narrowed<IClaimRowResult, { fields: CsvRow['fields'] }>;

const insertImport = sql<IInsertImportQuery>`
  INSERT INTO staging_asset_imports (id, csv_url, actor_user_id, impersonator_id, row_count)
  VALUES ($id!, $csvUrl!, $actorUserId!, $impersonatorId, $rowCount!)`;

// The rows in one statement: those refused at intake settled already, with their reasons.
const insertRows = sql<IInsertRowsQuery>`
  INSERT INTO staging_asset_import_rows (import_id, line, fields, status, messages, settled_at)
  SELECT $importId!, r.line, r.fields, CASE WHEN jsonb_array_length(r.messages) > 0 THEN 'failed' ELSE 'pending' END,
         r.messages, CASE WHEN jsonb_array_length(r.messages) > 0 THEN now() END
    FROM jsonb_to_recordset($rows!::jsonb) AS r(line integer, fields jsonb, messages jsonb)`;

// An import with its rows counted by status (its progress).
const findImport = sql<IFindImportQuery>`
  SELECT i.id, i.csv_url AS "csvUrl", i.actor_user_id AS "actorUserId", i.impersonator_id AS "impersonatorId",
         i.row_count AS "rowCount", i.created_at AS "createdAt", i.finished_at AS "finishedAt",
         (SELECT count(*) FROM staging_asset_import_rows r WHERE r.import_id = i.id AND r.status = 'created')::int
           AS "createdCount!",
         (SELECT count(*) FROM staging_asset_import_rows r WHERE r.import_id = i.id AND r.status = 'failed')::int
           AS "failedCount!"
    FROM staging_asset_imports i WHERE i.id = $id!`;

const importPage = sql<IImportPageQuery>`
  SELECT i.id, i.csv_url AS "csvUrl", i.actor_user_id AS "actorUserId", i.impersonator_id AS "impersonatorId",
         i.row_count AS "rowCount", i.created_at AS "createdAt", i.finished_at AS "finishedAt",
         (SELECT count(*) FROM staging_asset_import_rows r WHERE r.import_id = i.id AND r.status = 'created')::int
           AS "createdCount!",
         (SELECT count(*) FROM staging_asset_import_rows r WHERE r.import_id = i.id AND r.status = 'failed')::int
           AS "failedCount!",
         count(*) OVER ()::int AS "total!"
    FROM staging_asset_imports i
   ORDER BY i.created_at DESC, i.id DESC LIMIT $limit! OFFSET $offset!`;

const importCount = sql<IImportCountQuery>`SELECT count(*)::int AS "total!" FROM staging_asset_imports`;

const importRows = sql<Narrow<IImportRowsQuery, KnownRow>>`
  SELECT r.line, r.fields, r.status, r.messages, r.asset_id AS "assetId", r.settled_at AS "settledAt"
    FROM staging_asset_import_rows r WHERE r.import_id = $importId! ORDER BY r.line`;

// The first pending row no replica holds (or whose holder's lease ran out: it stopped), held for `leaseS` seconds.
// Oldest import first, in the file's order, so an import's rows are done in the order the administrator wrote them.
const claimRow = sql<Narrow<IClaimRowQuery, { fields: CsvRow['fields'] }>>`
  WITH next AS (
    SELECT r.import_id, r.line FROM staging_asset_import_rows r
     WHERE r.status = 'pending' AND (r.claimed_until IS NULL OR r.claimed_until < now())
     ORDER BY r.import_id, r.line LIMIT 1 FOR UPDATE SKIP LOCKED)
  UPDATE staging_asset_import_rows r
     SET claimed_until = now() + make_interval(secs => $leaseS!), attempts = r.attempts + 1
    FROM next, staging_asset_imports i
   WHERE r.import_id = next.import_id AND r.line = next.line AND i.id = r.import_id
  RETURNING r.import_id AS "importId", r.line, r.fields, r.attempts, i.actor_user_id AS "actorUserId",
            i.impersonator_id AS "impersonatorId"`;

// Settles a row still pending (a replica whose lease ran out finds it settled by another: nothing changes).
const settleRow = sql<ISettleRowQuery>`
  UPDATE staging_asset_import_rows
     SET status = $status!, messages = $messages!::jsonb, asset_id = $assetId, settled_at = now(),
         claimed_until = NULL
   WHERE import_id = $importId! AND line = $line! AND status = 'pending'`;

const finishImport = sql<IFinishImportQuery>`
  UPDATE staging_asset_imports SET finished_at = now()
   WHERE id = $importId! AND finished_at IS NULL
     AND NOT EXISTS (SELECT 1 FROM staging_asset_import_rows WHERE import_id = $importId! AND status = 'pending')`;

/** A row as read at intake: its cells, and the reasons it is refused already (none: it waits for its download). */
export interface IntakeRow extends CsvRow {
  messages: string[];
}

/**
 * The `staging_asset_imports` table and its rows: each bulk upload, the rows of its file, and where each row stands.
 * A row is claimed for a while (a lease) and settled once; an import is finished when its last row is settled.
 */
@Injectable()
export class StagingImportsRepository {
  constructor(private readonly db: Database) {}

  async insert(
    tx: Queryable,
    entry: { id: string; csvUrl: string; actorUserId: string; impersonatorId: string | null },
    rows: IntakeRow[],
  ): Promise<void> {
    await queryRows(tx, insertImport, { ...entry, rowCount: rows.length });
    await queryRows(tx, insertRows, { importId: entry.id, rows: JSON.stringify(rows) });
    await this.finishIfSettled(tx, entry.id);
  }

  find(id: string): Promise<ImportSummary | undefined> {
    return queryOne(this.db.dataSource, findImport, { id });
  }

  /** The imports, newest first, each with its progress. */
  async list(query: PageQuery): Promise<Page<ImportSummary>> {
    const found = await queryRows(this.db.dataSource, importPage, {
      limit: query.pageSize,
      offset: query.offset,
    });
    return pageWithTotal(found, query, async () => {
      return (await queryOne(this.db.dataSource, importCount, undefined))!.total;
    });
  }

  rows(importId: string): Promise<ImportRow[]> {
    return queryRows(this.db.dataSource, importRows, { importId });
  }

  /** The next row to work on, held by this replica for `leaseS` seconds; undefined when none waits. */
  claim(leaseS: number): Promise<ClaimedRow | undefined> {
    return queryOne(this.db.dataSource, claimRow, { leaseS });
  }

  /**
   * Settles a row (in the transaction that made its asset, if any); false when it was settled already (another
   * replica's, after this one's lease ran out), so the caller's transaction is to be rolled back.
   */
  async settle(
    tx: Queryable,
    row: { importId: string; line: number },
    outcome: { status: 'created'; assetId: string } | { status: 'failed'; messages: string[] },
  ): Promise<boolean> {
    const settled = await queryAffected(tx, settleRow, {
      ...row,
      status: outcome.status,
      messages: JSON.stringify(outcome.status === 'failed' ? outcome.messages : []),
      assetId: outcome.status === 'created' ? outcome.assetId : null,
    });
    if (settled === 0) return false;
    await this.finishIfSettled(tx, row.importId);
    return true;
  }

  private async finishIfSettled(tx: Queryable, importId: string): Promise<void> {
    await queryAffected(tx, finishImport, { importId });
  }
}
