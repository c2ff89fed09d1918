import { Injectable } from '@nestjs/common';
import type { CreditCategory } from '@tourly/contracts';
import {
  Database,
  likePattern,
  one,
  pageWithTotal,
  rows,
  type Page,
  type PageQuery,
  type Queryable,
} from '@tourly/platform';
import type { VoucherTerms } from './vouchers.rules';

/** A voucher, with how many providers redeemed it. */
export interface VoucherRow {
  id: string;
  code: string;
  description: string | null;
  credits: number | null;
  discountPercent: number | null;
  category: CreditCategory;
  redemptionLimit: number | null;
  expiresAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  archivedAt: Date | null;
  redemptionsCount: number;
}

/** One of a provider's redemptions, with its voucher's code and description. */
export interface ProviderRedemptionRow {
  code: string;
  description: string | null;
  credits: number | null;
  discountPercent: number | null;
  redeemedAt: Date;
  usedAt: Date | null;
}

/** A line of a voucher's redemptions export. */
export interface RedemptionExportRow {
  providerId: string;
  billingName: string | null;
  billingEmail: string | null;
  redeemedAt: Date;
  redeemedBy: string | null;
  credits: number | null;
  discountPercent: number | null;
  paymentIntentId: string | null;
  usedAt: Date | null;
  /** The export's keyset: `redeemed_at` exactly as PostgreSQL has it (microseconds), then the provider. */
  redeemedAtKey: string;
}

export interface RedemptionExportKey {
  redeemedAt: string;
  providerId: string;
}

/** What a redemption records: what it gave, and who redeemed it. */
export interface RedemptionWrite {
  voucherId: string;
  providerId: string;
  redeemedBy: string | null;
  credits: number | null;
  discountPercent: number | null;
}

const COLUMNS = `v.id, v.code, v.description, v.credits, v.discount_percent AS "discountPercent", v.category,
                 v.redemption_limit AS "redemptionLimit", v.expires_at AS "expiresAt", v.created_at AS "createdAt",
                 v.updated_at AS "updatedAt", v.archived_at AS "archivedAt",
                 (SELECT count(*) FROM voucher_redemptions r WHERE r.voucher_id = v.id)::int AS "redemptionsCount"`;

/** `vouchers` and their `voucher_redemptions`, one aggregate: a redemption is counted under its voucher's lock. */
@Injectable()
export class VouchersRepository {
  constructor(private readonly db: Database) {}

  find(id: string, tx?: Queryable): Promise<VoucherRow | undefined> {
    return one<VoucherRow>(tx ?? this.db.dataSource, `SELECT ${COLUMNS} FROM vouchers v WHERE v.id = $1`, [
      id,
    ]);
  }

  /**
   * The voucher, locked until the transaction ends, with its redemptions counted after the lock: changes and
   * redemptions of one voucher queue up, so its limit is never passed.
   */
  async lock(tx: Queryable, id: string): Promise<VoucherRow | undefined> {
    const locked = await one<{ id: string }>(tx, 'SELECT id FROM vouchers WHERE id = $1 FOR UPDATE', [id]);
    return locked && this.find(locked.id, tx);
  }

  /** The voucher of this code (archived ones too), locked as `lock` does. */
  async lockByCode(tx: Queryable, code: string): Promise<VoucherRow | undefined> {
    const locked = await one<{ id: string }>(tx, 'SELECT id FROM vouchers WHERE code = $1 FOR UPDATE', [
      code,
    ]);
    return locked && this.find(locked.id, tx);
  }

  /** Whether another voucher (archived ones included) has the code. */
  async codeTaken(tx: Queryable, code: string, exceptId: string | null): Promise<boolean> {
    const found = await one<{ id: string }>(
      tx,
      'SELECT id FROM vouchers WHERE code = $1 AND id IS DISTINCT FROM $2',
      [code, exceptId],
    );
    return found !== undefined;
  }

  /** A page of the vouchers not archived, newest first; `search` in the code and the description. */
  async list(query: PageQuery & { search?: string }): Promise<Page<VoucherRow>> {
    const params: unknown[] = [];
    const pattern = likePattern(query.search);
    if (pattern) params.push(pattern);
    const where = `v.archived_at IS NULL ${pattern ? 'AND (v.code ILIKE $1 OR v.description ILIKE $1)' : ''}`;
    const found = await rows<VoucherRow & { total: number }>(
      this.db.dataSource,
      `SELECT ${COLUMNS}, count(*) OVER ()::int AS total FROM vouchers v WHERE ${where}
        ORDER BY v.created_at DESC, v.id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, query.pageSize, query.offset],
    );
    return pageWithTotal(found, query, async () => {
      const counted = await one<{ total: number }>(
        this.db.dataSource,
        `SELECT count(*)::int AS total FROM vouchers v WHERE ${where}`,
        params,
      );
      return counted!.total;
    });
  }

  /** Creates the voucher; false when the code is taken (by a voucher committed meanwhile too). */
  async insert(tx: Queryable, id: string, createdBy: string, terms: VoucherTerms): Promise<boolean> {
    const inserted = await one<{ id: string }>(
      tx,
      `INSERT INTO vouchers (id, code, description, credits, discount_percent, category, redemption_limit,
                             expires_at, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (code) DO NOTHING RETURNING id`,
      [id, ...termsOf(terms), createdBy],
    );
    return inserted !== undefined;
  }

  /** Replaces the voucher's terms (a taken code fails with the unique violation). */
  async update(tx: Queryable, id: string, terms: VoucherTerms): Promise<void> {
    await tx.query(
      `UPDATE vouchers SET code = $2, description = $3, credits = $4, discount_percent = $5, category = $6,
              redemption_limit = $7, expires_at = $8, updated_at = now()
        WHERE id = $1`,
      [id, ...termsOf(terms)],
    );
  }

  /** No longer listed or redeemable; its redemptions stay. Archived already: as it was. */
  async archive(tx: Queryable, id: string): Promise<void> {
    await tx.query(
      'UPDATE vouchers SET archived_at = now(), updated_at = now() WHERE id = $1 AND archived_at IS NULL',
      [id],
    );
  }

  /** Whether this provider redeemed the voucher before. */
  async redeemedBy(tx: Queryable, voucherId: string, providerId: string): Promise<boolean> {
    const found = await one<{ found: number }>(
      tx,
      'SELECT 1 AS found FROM voucher_redemptions WHERE voucher_id = $1 AND provider_id = $2',
      [voucherId, providerId],
    );
    return found !== undefined;
  }

  /** Whether the provider has a voucher discount not used by a purchase yet. */
  async discountWaiting(tx: Queryable, providerId: string): Promise<boolean> {
    const found = await one<{ found: number }>(
      tx,
      `SELECT 1 AS found FROM voucher_redemptions
        WHERE provider_id = $1 AND discount_percent IS NOT NULL AND used_at IS NULL`,
      [providerId],
    );
    return found !== undefined;
  }

  /**
   * Records the redemption. False for a discount while another discount of the provider waits (one committed
   * meanwhile too: the unique index of waiting discounts).
   */
  async redeem(tx: Queryable, redemption: RedemptionWrite): Promise<boolean> {
    const inserted = await one<{ found: number }>(
      tx,
      `INSERT INTO voucher_redemptions (voucher_id, provider_id, redeemed_by, credits, discount_percent)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (provider_id) WHERE discount_percent IS NOT NULL AND used_at IS NULL DO NOTHING
       RETURNING 1 AS found`,
      [
        redemption.voucherId,
        redemption.providerId,
        redemption.redeemedBy,
        redemption.credits,
        redemption.discountPercent,
      ],
    );
    return inserted !== undefined;
  }

  /** A page of the provider's redemptions, newest first. */
  async redemptionsOf(providerId: string, query: PageQuery): Promise<Page<ProviderRedemptionRow>> {
    const found = await rows<ProviderRedemptionRow & { total: number }>(
      this.db.dataSource,
      `SELECT v.code, v.description, r.credits, r.discount_percent AS "discountPercent",
              r.redeemed_at AS "redeemedAt", r.used_at AS "usedAt", count(*) OVER ()::int AS total
         FROM voucher_redemptions r JOIN vouchers v ON v.id = r.voucher_id
        WHERE r.provider_id = $1
        ORDER BY r.redeemed_at DESC, r.voucher_id LIMIT $2 OFFSET $3`,
      [providerId, query.pageSize, query.offset],
    );
    return pageWithTotal(found, query, async () => {
      const counted = await one<{ total: number }>(
        this.db.dataSource,
        'SELECT count(*)::int AS total FROM voucher_redemptions WHERE provider_id = $1',
        [providerId],
      );
      return counted!.total;
    });
  }

  /**
   * The voucher's redemptions after `after` in order of redemption (then provider), `limit` of them, with each
   * provider's billing name and email (none without a billing account): one batch of the export.
   */
  exportBatch(
    voucherId: string,
    after: RedemptionExportKey | undefined,
    limit: number,
  ): Promise<RedemptionExportRow[]> {
    return rows<RedemptionExportRow>(
      this.db.dataSource,
      `SELECT r.provider_id AS "providerId", a.name AS "billingName", a.email AS "billingEmail",
              r.redeemed_at AS "redeemedAt", r.redeemed_by AS "redeemedBy", r.credits,
              r.discount_percent AS "discountPercent", r.payment_intent_id AS "paymentIntentId",
              r.used_at AS "usedAt", r.redeemed_at::text AS "redeemedAtKey"
         FROM voucher_redemptions r LEFT JOIN billing_accounts a ON a.provider_id = r.provider_id
        WHERE r.voucher_id = $1
          AND ($2::timestamptz IS NULL OR (r.redeemed_at, r.provider_id) > ($2::timestamptz, $3::uuid))
        ORDER BY r.redeemed_at, r.provider_id LIMIT $4`,
      [voucherId, after?.redeemedAt ?? null, after?.providerId ?? null, limit],
    );
  }
}

function termsOf(terms: VoucherTerms): unknown[] {
  return [
    terms.code,
    terms.description,
    terms.credits,
    terms.discountPercent,
    terms.category,
    terms.redemptionLimit,
    terms.expiresAt,
  ];
}
