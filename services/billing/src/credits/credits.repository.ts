import { Injectable } from '@nestjs/common';
import type { CreditCategory, CreditReservationStatus } from '@tourly/contracts';
import {
  Database,
  one,
  pageWithTotal,
  rows,
  type Page,
  type PageQuery,
  type Queryable,
} from '@tourly/platform';

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

/** A provider's balances as of its last ledger row; `version` counts its changes. */
export interface BalanceRow {
  available: number;
  reserved: number;
  version: number;
}

/** What one ledger row records. */
export interface LedgerEntry {
  providerId: string;
  kind: LedgerKind;
  category: CreditCategory | null;
  amount: number;
  actor: string;
  reference: string | null;
  note: string | null;
}

export interface LedgerRow {
  id: number;
  providerId: string;
  kind: LedgerKind;
  category: CreditCategory | null;
  amount: number;
  actor: string;
  reference: string | null;
  note: string | null;
  createdAt: Date;
  /** For a spend: its reservation's status now (held, captured or released). */
  reservationStatus: CreditReservationStatus | null;
}

/**
 * Which rows a history lists: every row, the admin's adjustments, or the credits that came in (purchases, bundles,
 * vouchers, offers, and adjustments that gave credits).
 */
export type LedgerFilter = 'all' | 'adjustments' | 'creditsIn';

const FILTERS: Record<LedgerFilter, string> = {
  all: 'true',
  adjustments: "l.kind = 'adjustment'",
  creditsIn:
    "(l.kind IN ('purchase', 'grant', 'voucher', 'offer') OR (l.kind = 'adjustment' AND l.amount > 0))",
};

const BALANCE = 'available, reserved, version::float8 AS version';

/**
 * `credit_balances` and `credit_ledger`, one aggregate: a ledger row and the balance it moves are written in the
 * same transaction, under the balance row's lock.
 */
@Injectable()
export class CreditsRepository {
  constructor(private readonly db: Database) {}

  /** The provider's balance row, locked until the transaction ends (created at zero the first time). */
  async lock(tx: Queryable, providerId: string): Promise<BalanceRow> {
    const locked = () =>
      one<BalanceRow>(tx, `SELECT ${BALANCE} FROM credit_balances WHERE provider_id = $1 FOR UPDATE`, [
        providerId,
      ]);
    // One statement for every change but a provider's first: its row exists from then on.
    const row = await locked();
    if (row) return row;
    await tx.query('INSERT INTO credit_balances (provider_id) VALUES ($1) ON CONFLICT DO NOTHING', [
      providerId,
    ]);
    return (await locked())!;
  }

  async balance(providerId: string): Promise<BalanceRow> {
    const row = await one<BalanceRow>(
      this.db.dataSource,
      `SELECT ${BALANCE} FROM credit_balances WHERE provider_id = $1`,
      [providerId],
    );
    return row ?? { available: 0, reserved: 0, version: 0 };
  }

  /** Appends a row and answers it; undefined when a row of that kind already has this reference (nothing written). */
  append(tx: Queryable, entry: LedgerEntry): Promise<LedgerRow | undefined> {
    return one<LedgerRow>(
      tx,
      `INSERT INTO credit_ledger (provider_id, kind, category, amount, actor, reference, note)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (provider_id, kind, reference) WHERE reference IS NOT NULL DO NOTHING
       RETURNING id::float8 AS id, provider_id AS "providerId", kind, category, amount, actor, reference, note,
                 created_at AS "createdAt", NULL AS "reservationStatus"`,
      [entry.providerId, entry.kind, entry.category, entry.amount, entry.actor, entry.reference, entry.note],
    );
  }

  /** Moves the locked balances and counts the change; the CHECKs refuse a negative balance. */
  async apply(
    tx: Queryable,
    providerId: string,
    availableDelta: number,
    reservedDelta: number,
  ): Promise<BalanceRow> {
    const row = await one<BalanceRow>(
      tx,
      `UPDATE credit_balances
          SET available = available + $2, reserved = reserved + $3, version = version + 1, updated_at = now()
        WHERE provider_id = $1 RETURNING ${BALANCE}`,
      [providerId, availableDelta, reservedDelta],
    );
    return row!;
  }

  /** The provider's ledger rows (null: every provider's), newest first. */
  async list(
    providerId: string | null,
    filter: LedgerFilter,
    query: Pick<PageQuery, 'page' | 'pageSize' | 'offset'>,
    tx?: Queryable,
  ): Promise<Page<LedgerRow>> {
    const params: unknown[] = providerId === null ? [] : [providerId];
    const where = `${providerId === null ? 'true' : 'l.provider_id = $1'} AND ${FILTERS[filter]}`;
    // The page is cut from the ledger alone (its index gives the rows in order), then only its rows are joined with
    // their reservations: a join before the cut would look up the reservation of every row of a long history. The
    // total is counted beside it, once (an index-only count, without the rows' columns).
    const found = await rows<LedgerRow & { total: number }>(
      tx ?? this.db.dataSource,
      `WITH page AS (
         SELECT l.id, l.provider_id, l.kind, l.category, l.amount, l.actor, l.reference, l.note, l.created_at
           FROM credit_ledger l
          WHERE ${where}
          ORDER BY l.id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}
       )
       SELECT p.id::float8 AS id, p.provider_id AS "providerId", p.kind, p.category, p.amount, p.actor,
              p.reference, p.note, p.created_at AS "createdAt", r.status AS "reservationStatus",
              (SELECT count(*)::int FROM credit_ledger l WHERE ${where}) AS total
         FROM page p
         LEFT JOIN credit_reservations r
           ON p.kind = 'spend' AND r.provider_id = p.provider_id AND r.reference = p.reference
        ORDER BY p.id DESC`,
      [...params, query.pageSize, query.offset],
    );
    return pageWithTotal(found, query, async () => {
      const counted = await one<{ total: number }>(
        tx ?? this.db.dataSource,
        `SELECT count(*)::int AS total FROM credit_ledger l WHERE ${where}`,
        params,
      );
      return counted!.total;
    });
  }
}
