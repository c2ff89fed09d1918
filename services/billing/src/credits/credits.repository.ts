import { Injectable } from '@nestjs/common';
import type { CreditCategory, CreditReservationStatus } from '@tourly/contracts';
import {
  Database,
  pageWithTotal,
  queryOne,
  queryRows,
  sql,
  type Narrow,
  type Narrowed,
  type Page,
  type PageQuery,
  type Queryable,
} from '@tourly/platform';
import type {
  IAdjustmentsCountQuery,
  IAdjustmentsPageQuery,
  IAppendLedgerEntryParams,
  IAppendLedgerEntryQuery,
  IAppendLedgerEntryResult,
  IApplyBalanceQuery,
  ICreateBalanceQuery,
  ICreditsInCountQuery,
  ICreditsInPageQuery,
  IFindBalanceQuery,
  IFindBalanceResult,
  ILedgerCountQuery,
  ILedgerPageQuery,
  ILockBalanceQuery,
} from './credits.repository.types';

/**
 * What a ledger row records: credits bought (`purchase`), given by an admin as a bundle (`grant`), from a voucher
 * (`voucher`) or an offer (`offer`), corrected by an admin (`adjustment`, either sign), taken back with a refunded
 * purchase (`refund`), held for another service (`spend`) and given back from a hold (`release`).
 */
export const LEDGER_KINDS = [
  'purchase',
  'grant',
  'voucher',
  'offer',
  'adjustment',
  'refund',
  'spend',
  'release',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];
/** The kinds that carry a category (one of the fourteen): every change but a hold and its release. */
export type GrantKind = Exclude<LedgerKind, 'spend' | 'release'>;

/** What the schema keeps to unions with CHECKs (a reservation's status: through the join of a spend). */
type Known = {
  kind: LedgerKind;
  category: CreditCategory | null;
  reservationStatus: CreditReservationStatus | null;
};

/** A provider's balances as of its last ledger row; `version` counts its changes. */
export type BalanceRow = IFindBalanceResult;

/** What one ledger row records. */
export type LedgerEntry = IAppendLedgerEntryParams & Pick<Known, 'kind' | 'category'>;

/** A ledger row; `reservationStatus`: for a spend, its reservation's status now (held, captured or released). */
export type LedgerRow = Narrowed<IAppendLedgerEntryResult, Known>;

/**
 * Which rows a history lists: every row, the admin's adjustments, or the credits that came in (purchases, bundles,
 * vouchers, offers, and adjustments that gave credits).
 */
export type LedgerFilter = 'all' | 'adjustments' | 'creditsIn';

const lockBalance = sql<ILockBalanceQuery>`
  SELECT available, reserved, version::float8 AS "version!" FROM credit_balances
   WHERE provider_id = $providerId! FOR UPDATE`;

const createBalance = sql<ICreateBalanceQuery>`
  INSERT INTO credit_balances (provider_id) VALUES ($providerId!) ON CONFLICT DO NOTHING`;

const findBalance = sql<IFindBalanceQuery>`
  SELECT available, reserved, version::float8 AS "version!" FROM credit_balances WHERE provider_id = $providerId!`;

const appendLedgerEntry = sql<Narrow<IAppendLedgerEntryQuery, Known>>`
  INSERT INTO credit_ledger (provider_id, kind, category, amount, actor, reference, note)
  VALUES ($providerId!, $kind!, $category, $amount!, $actor!, $reference, $note)
  ON CONFLICT (provider_id, kind, reference) WHERE reference IS NOT NULL DO NOTHING
  RETURNING id::float8 AS "id!", provider_id AS "providerId", kind, category, amount, actor, reference, note,
            created_at AS "createdAt", NULL AS "reservationStatus"`;

const applyBalance = sql<IApplyBalanceQuery>`
  UPDATE credit_balances
     SET available = available + $availableDelta!, reserved = reserved + $reservedDelta!, version = version + 1,
         updated_at = now()
   WHERE provider_id = $providerId! RETURNING available, reserved, version::float8 AS "version!"`;

// A history's page: cut from the ledger alone (its index gives the rows in order), then only its rows are joined
// with their reservations (a join before the cut would look up the reservation of every row of a long history); the
// total counted beside it, once (an index-only count, without the rows' columns). One statement per filter; a null
// provider: every provider's rows.
const ledgerPage = sql<Narrow<ILedgerPageQuery, Known>>`
  WITH page AS (
    SELECT l.id, l.provider_id, l.kind, l.category, l.amount, l.actor, l.reference, l.note, l.created_at
      FROM credit_ledger l
     WHERE ($providerId::uuid IS NULL OR l.provider_id = $providerId)
     ORDER BY l.id DESC LIMIT $limit! OFFSET $offset!
  )
  SELECT p.id::float8 AS "id!", p.provider_id AS "providerId", p.kind, p.category, p.amount, p.actor,
         p.reference, p.note, p.created_at AS "createdAt", r.status AS "reservationStatus?",
         (SELECT count(*)::int FROM credit_ledger l
           WHERE ($providerId::uuid IS NULL OR l.provider_id = $providerId)) AS "total!"
    FROM page p
    LEFT JOIN credit_reservations r
      ON p.kind = 'spend' AND r.provider_id = p.provider_id AND r.reference = p.reference
   ORDER BY p.id DESC`;

const adjustmentsPage = sql<Narrow<IAdjustmentsPageQuery, Known>>`
  WITH page AS (
    SELECT l.id, l.provider_id, l.kind, l.category, l.amount, l.actor, l.reference, l.note, l.created_at
      FROM credit_ledger l
     WHERE ($providerId::uuid IS NULL OR l.provider_id = $providerId) AND l.kind = 'adjustment'
     ORDER BY l.id DESC LIMIT $limit! OFFSET $offset!
  )
  SELECT p.id::float8 AS "id!", p.provider_id AS "providerId", p.kind, p.category, p.amount, p.actor,
         p.reference, p.note, p.created_at AS "createdAt", r.status AS "reservationStatus?",
         (SELECT count(*)::int FROM credit_ledger l
           WHERE ($providerId::uuid IS NULL OR l.provider_id = $providerId) AND l.kind = 'adjustment') AS "total!"
    FROM page p
    LEFT JOIN credit_reservations r
      ON p.kind = 'spend' AND r.provider_id = p.provider_id AND r.reference = p.reference
   ORDER BY p.id DESC`;

const creditsInPage = sql<Narrow<ICreditsInPageQuery, Known>>`
  WITH page AS (
    SELECT l.id, l.provider_id, l.kind, l.category, l.amount, l.actor, l.reference, l.note, l.created_at
      FROM credit_ledger l
     WHERE ($providerId::uuid IS NULL OR l.provider_id = $providerId)
       AND (l.kind IN ('purchase', 'grant', 'voucher', 'offer') OR (l.kind = 'adjustment' AND l.amount > 0))
     ORDER BY l.id DESC LIMIT $limit! OFFSET $offset!
  )
  SELECT p.id::float8 AS "id!", p.provider_id AS "providerId", p.kind, p.category, p.amount, p.actor,
         p.reference, p.note, p.created_at AS "createdAt", r.status AS "reservationStatus?",
         (SELECT count(*)::int FROM credit_ledger l
           WHERE ($providerId::uuid IS NULL OR l.provider_id = $providerId)
             AND (l.kind IN ('purchase', 'grant', 'voucher', 'offer') OR (l.kind = 'adjustment' AND l.amount > 0))
         ) AS "total!"
    FROM page p
    LEFT JOIN credit_reservations r
      ON p.kind = 'spend' AND r.provider_id = p.provider_id AND r.reference = p.reference
   ORDER BY p.id DESC`;

const ledgerCount = sql<ILedgerCountQuery>`
  SELECT count(*)::int AS "total!" FROM credit_ledger l
   WHERE ($providerId::uuid IS NULL OR l.provider_id = $providerId)`;

const adjustmentsCount = sql<IAdjustmentsCountQuery>`
  SELECT count(*)::int AS "total!" FROM credit_ledger l
   WHERE ($providerId::uuid IS NULL OR l.provider_id = $providerId) AND l.kind = 'adjustment'`;

const creditsInCount = sql<ICreditsInCountQuery>`
  SELECT count(*)::int AS "total!" FROM credit_ledger l
   WHERE ($providerId::uuid IS NULL OR l.provider_id = $providerId)
     AND (l.kind IN ('purchase', 'grant', 'voucher', 'offer') OR (l.kind = 'adjustment' AND l.amount > 0))`;

const PAGE: Record<LedgerFilter, typeof ledgerPage> = {
  all: ledgerPage,
  adjustments: adjustmentsPage,
  creditsIn: creditsInPage,
};

const COUNT: Record<LedgerFilter, typeof ledgerCount> = {
  all: ledgerCount,
  adjustments: adjustmentsCount,
  creditsIn: creditsInCount,
};

/**
 * `credit_balances` and `credit_ledger`, one aggregate: a ledger row and the balance it moves are written in the
 * same transaction, under the balance row's lock.
 */
@Injectable()
export class CreditsRepository {
  constructor(private readonly db: Database) {}

  /** The provider's balance row, locked until the transaction ends (created at zero the first time). */
  async lock(tx: Queryable, providerId: string): Promise<BalanceRow> {
    const locked = () => queryOne(tx, lockBalance, { providerId });
    // One statement for every change but a provider's first: its row exists from then on.
    const row = await locked();
    if (row) return row;
    await queryRows(tx, createBalance, { providerId });
    return (await locked())!;
  }

  async balance(providerId: string): Promise<BalanceRow> {
    const row = await queryOne(this.db.dataSource, findBalance, { providerId });
    return row ?? { available: 0, reserved: 0, version: 0 };
  }

  /** Appends a row and answers it; undefined when a row of that kind already has this reference (nothing written). */
  append(tx: Queryable, entry: LedgerEntry): Promise<LedgerRow | undefined> {
    return queryOne(tx, appendLedgerEntry, entry);
  }

  /** Moves the locked balances and counts the change; the CHECKs refuse a negative balance. */
  async apply(
    tx: Queryable,
    providerId: string,
    availableDelta: number,
    reservedDelta: number,
  ): Promise<BalanceRow> {
    const row = await queryOne(tx, applyBalance, { providerId, availableDelta, reservedDelta });
    return row!;
  }

  /** The provider's ledger rows (null: every provider's), newest first. */
  async list(
    providerId: string | null,
    filter: LedgerFilter,
    query: Pick<PageQuery, 'page' | 'pageSize' | 'offset'>,
    tx?: Queryable,
  ): Promise<Page<LedgerRow>> {
    const found = await queryRows(tx ?? this.db.dataSource, PAGE[filter], {
      providerId,
      limit: query.pageSize,
      offset: query.offset,
    });
    return pageWithTotal(found, query, async () => {
      const counted = await queryOne(tx ?? this.db.dataSource, COUNT[filter], { providerId });
      return counted!.total;
    });
  }
}
