import { Injectable } from '@nestjs/common';
import type { CreditCategory } from '@tourly/contracts';
import {
  Database,
  likePattern,
  pageWithTotal,
  queryAffected,
  queryOne,
  queryRows,
  queryRowsWith,
  sql,
  type Narrow,
  type Narrowed,
  type Page,
  type PageQuery,
  type Queryable,
} from '@tourly/platform';
import type { VoucherTerms } from './vouchers.rules';
import type {
  IArchiveVoucherQuery,
  ICodeTakenQuery,
  IDiscountWaitingQuery,
  IFindVoucherQuery,
  IFindVoucherResult,
  IInsertVoucherQuery,
  ILockVoucherByCodeQuery,
  ILockVoucherQuery,
  IProviderRedemptionCountQuery,
  IProviderRedemptionPageQuery,
  IProviderRedemptionPageResult,
  IRedeemedByQuery,
  IRedeemVoucherParams,
  IRedeemVoucherQuery,
  IRedemptionExportQuery,
  IRedemptionExportResult,
  IUpdateVoucherQuery,
  IVoucherCountQuery,
  IVoucherPageQuery,
} from './vouchers.repository.types';

/** What the schema keeps to a union with a CHECK. */
type Known = { category: CreditCategory };

/** A voucher, with how many providers redeemed it. */
export type VoucherRow = Narrowed<IFindVoucherResult, Known>;

/** One of a provider's redemptions, with its voucher's code and description. */
export type ProviderRedemptionRow = Omit<IProviderRedemptionPageResult, 'total'>;

/**
 * A line of a voucher's redemptions export; `redeemedAtKey`: the export's keyset, `redeemed_at` exactly as
 * PostgreSQL has it (microseconds), then the provider.
 */
export type RedemptionExportRow = IRedemptionExportResult;

export interface RedemptionExportKey {
  redeemedAt: string;
  providerId: string;
}

/** What a redemption records: what it gave, and who redeemed it. */
export type RedemptionWrite = IRedeemVoucherParams;

const findVoucher = sql<Narrow<IFindVoucherQuery, Known>>`
  SELECT v.id, v.code, v.description, v.credits, v.discount_percent AS "discountPercent", v.category,
         v.redemption_limit AS "redemptionLimit", v.expires_at AS "expiresAt", v.created_at AS "createdAt",
         v.updated_at AS "updatedAt", v.archived_at AS "archivedAt",
         (SELECT count(*) FROM voucher_redemptions r WHERE r.voucher_id = v.id)::int AS "redemptionsCount!"
    FROM vouchers v WHERE v.id = $id!`;

const lockVoucher = sql<ILockVoucherQuery>`SELECT id FROM vouchers WHERE id = $id! FOR UPDATE`;

const lockVoucherByCode = sql<ILockVoucherByCodeQuery>`SELECT id FROM vouchers WHERE code = $code! FOR UPDATE`;

const codeTaken = sql<ICodeTakenQuery>`
  SELECT id FROM vouchers WHERE code = $code! AND id IS DISTINCT FROM $exceptId`;

// The list composes its search at run time: its columns and table are these queries, checked; the filter and the
// page follow them (queryRowsWith).
const voucherPage = sql<Narrow<IVoucherPageQuery, Known>>`
  SELECT v.id, v.code, v.description, v.credits, v.discount_percent AS "discountPercent", v.category,
         v.redemption_limit AS "redemptionLimit", v.expires_at AS "expiresAt", v.created_at AS "createdAt",
         v.updated_at AS "updatedAt", v.archived_at AS "archivedAt",
         (SELECT count(*) FROM voucher_redemptions r WHERE r.voucher_id = v.id)::int AS "redemptionsCount!",
         count(*) OVER ()::int AS "total!"
    FROM vouchers v`;

const voucherCount = sql<IVoucherCountQuery>`SELECT count(*)::int AS "total!" FROM vouchers v`;

const insertVoucher = sql<IInsertVoucherQuery>`
  INSERT INTO vouchers (id, code, description, credits, discount_percent, category, redemption_limit,
                        expires_at, created_by)
  VALUES ($id!, $code!, $description, $credits, $discountPercent, $category!, $redemptionLimit, $expiresAt,
          $createdBy!)
  ON CONFLICT (code) DO NOTHING RETURNING id`;

const updateVoucher = sql<IUpdateVoucherQuery>`
  UPDATE vouchers SET code = $code!, description = $description, credits = $credits,
         discount_percent = $discountPercent, category = $category!, redemption_limit = $redemptionLimit,
         expires_at = $expiresAt, updated_at = now()
   WHERE id = $id!`;

const archiveVoucher = sql<IArchiveVoucherQuery>`
  UPDATE vouchers SET archived_at = now(), updated_at = now() WHERE id = $id! AND archived_at IS NULL`;

const redeemedBy = sql<IRedeemedByQuery>`
  SELECT 1 AS found FROM voucher_redemptions WHERE voucher_id = $voucherId! AND provider_id = $providerId!`;

const discountWaiting = sql<IDiscountWaitingQuery>`
  SELECT 1 AS found FROM voucher_redemptions
   WHERE provider_id = $providerId! AND discount_percent IS NOT NULL AND used_at IS NULL`;

const redeemVoucher = sql<IRedeemVoucherQuery>`
  INSERT INTO voucher_redemptions (voucher_id, provider_id, redeemed_by, credits, discount_percent)
  VALUES ($voucherId!, $providerId!, $redeemedBy, $credits, $discountPercent)
  ON CONFLICT (provider_id) WHERE discount_percent IS NOT NULL AND used_at IS NULL DO NOTHING
  RETURNING 1 AS found`;

const providerRedemptionPage = sql<IProviderRedemptionPageQuery>`
  SELECT v.code, v.description, r.credits, r.discount_percent AS "discountPercent",
         r.redeemed_at AS "redeemedAt", r.used_at AS "usedAt", count(*) OVER ()::int AS "total!"
    FROM voucher_redemptions r JOIN vouchers v ON v.id = r.voucher_id
   WHERE r.provider_id = $providerId!
   ORDER BY r.redeemed_at DESC, r.voucher_id LIMIT $limit! OFFSET $offset!`;

const providerRedemptionCount = sql<IProviderRedemptionCountQuery>`
  SELECT count(*)::int AS "total!" FROM voucher_redemptions WHERE provider_id = $providerId!`;

// Left join: a provider without a billing account has no billing name or email.
const redemptionExport = sql<IRedemptionExportQuery>`
  SELECT r.provider_id AS "providerId", a.name AS "billingName?", a.email AS "billingEmail?",
         r.redeemed_at AS "redeemedAt", r.redeemed_by AS "redeemedBy", r.credits,
         r.discount_percent AS "discountPercent", r.payment_intent_id AS "paymentIntentId",
         r.used_at AS "usedAt", r.redeemed_at::text AS "redeemedAtKey!"
    FROM voucher_redemptions r LEFT JOIN billing_accounts a ON a.provider_id = r.provider_id
   WHERE r.voucher_id = $voucherId!
     AND ($afterRedeemedAt::timestamptz IS NULL
          OR (r.redeemed_at, r.provider_id) > ($afterRedeemedAt::timestamptz, $afterProviderId::uuid))
   ORDER BY r.redeemed_at, r.provider_id LIMIT $limit!`;

/** `vouchers` and their `voucher_redemptions`, one aggregate: a redemption is counted under its voucher's lock. */
@Injectable()
export class VouchersRepository {
  constructor(private readonly db: Database) {}

  find(id: string, tx?: Queryable): Promise<VoucherRow | undefined> {
    return queryOne(tx ?? this.db.dataSource, findVoucher, { id });
  }

  /**
   * The voucher, locked until the transaction ends, with its redemptions counted after the lock: changes and
   * redemptions of one voucher queue up, so its limit is never passed.
   */
  async lock(tx: Queryable, id: string): Promise<VoucherRow | undefined> {
    const locked = await queryOne(tx, lockVoucher, { id });
    return locked && this.find(locked.id, tx);
  }

  /** The voucher of this code (archived ones too), locked as `lock` does. */
  async lockByCode(tx: Queryable, code: string): Promise<VoucherRow | undefined> {
    const locked = await queryOne(tx, lockVoucherByCode, { code });
    return locked && this.find(locked.id, tx);
  }

  /** Whether another voucher (archived ones included) has the code. */
  async codeTaken(tx: Queryable, code: string, exceptId: string | null): Promise<boolean> {
    const found = await queryOne(tx, codeTaken, { code, exceptId });
    return found !== undefined;
  }

  /** A page of the vouchers not archived, newest first; `search` in the code and the description. */
  async list(query: PageQuery & { search?: string }): Promise<Page<VoucherRow>> {
    const params: unknown[] = [];
    const pattern = likePattern(query.search);
    if (pattern) params.push(pattern);
    const where = `WHERE v.archived_at IS NULL ${pattern ? 'AND (v.code ILIKE $1 OR v.description ILIKE $1)' : ''}`;
    const found = await queryRowsWith(
      this.db.dataSource,
      voucherPage,
      `${where} ORDER BY v.created_at DESC, v.id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, query.pageSize, query.offset],
    );
    return pageWithTotal(found, query, async () => {
      const [counted] = await queryRowsWith(this.db.dataSource, voucherCount, where, params);
      return counted!.total;
    });
  }

  /** Creates the voucher; false when the code is taken (by a voucher committed meanwhile too). */
  async insert(tx: Queryable, id: string, createdBy: string, terms: VoucherTerms): Promise<boolean> {
    const inserted = await queryOne(tx, insertVoucher, { ...terms, id, createdBy });
    return inserted !== undefined;
  }

  /** Replaces the voucher's terms (a taken code fails with the unique violation). */
  async update(tx: Queryable, id: string, terms: VoucherTerms): Promise<void> {
    await queryAffected(tx, updateVoucher, { ...terms, id });
  }

  /** No longer listed or redeemable; its redemptions stay. Archived already: as it was. */
  async archive(tx: Queryable, id: string): Promise<void> {
    await queryAffected(tx, archiveVoucher, { id });
  }

  /** Whether this provider redeemed the voucher before. */
  async redeemedBy(tx: Queryable, voucherId: string, providerId: string): Promise<boolean> {
    const found = await queryOne(tx, redeemedBy, { voucherId, providerId });
    return found !== undefined;
  }

  /** Whether the provider has a voucher discount not used by a purchase yet. */
  async discountWaiting(tx: Queryable, providerId: string): Promise<boolean> {
    const found = await queryOne(tx, discountWaiting, { providerId });
    return found !== undefined;
  }

  /**
   * Records the redemption. False for a discount while another discount of the provider waits (one committed
   * meanwhile too: the unique index of waiting discounts).
   */
  async redeem(tx: Queryable, redemption: RedemptionWrite): Promise<boolean> {
    const inserted = await queryOne(tx, redeemVoucher, redemption);
    return inserted !== undefined;
  }

  /** A page of the provider's redemptions, newest first. */
  async redemptionsOf(providerId: string, query: PageQuery): Promise<Page<ProviderRedemptionRow>> {
    const found = await queryRows(this.db.dataSource, providerRedemptionPage, {
      providerId,
      limit: query.pageSize,
      offset: query.offset,
    });
    return pageWithTotal(found, query, async () => {
      const counted = await queryOne(this.db.dataSource, providerRedemptionCount, { providerId });
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
    return queryRows(this.db.dataSource, redemptionExport, {
      voucherId,
      afterRedeemedAt: after?.redeemedAt ?? null,
      afterProviderId: after?.providerId ?? null,
      limit,
    });
  }
}
