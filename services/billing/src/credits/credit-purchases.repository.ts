import { Injectable } from '@nestjs/common';
import type { CreditBundleSize, Currency } from '@tourly/contracts';
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
import type {
  IClaimDiscountQuery,
  IDiscountUsedQuery,
  IFindPurchaseQuery,
  IFindPurchaseResult,
  IInsertPurchaseQuery,
  ILockWaitingDiscountQuery,
  IPurchaseCountQuery,
  IPurchasePageQuery,
  ISetPurchaseStatusQuery,
  IWaitingDiscountQuery,
  IWaitingDiscountResult,
} from './credit-purchases.repository.types';

/**
 * What the schema keeps to a union with a CHECK (`bundle`), and what billing alone keeps to one: no CHECK holds
 * `currency`, every write of it is a `Currency` (`insert`).
 */
type Known = { bundle: CreditBundleSize | null; currency: Currency };

/**
 * A purchase of credits. `voucherCode` and `voucherDiscountPercent`: the voucher whose discount this purchase had,
 * and its percent (both or neither); `status`: the payment intent's status as billing last read it from Stripe.
 */
export type PurchaseRow = Narrowed<IFindPurchaseResult, Known>;

export type PurchaseWrite = Omit<PurchaseRow, 'createdAt' | 'grantedAt'>;

/** The provider's voucher discount waiting for a purchase, and the payment intent that claimed it (if one did). */
export type WaitingDiscountRow = IWaitingDiscountResult;

const insertPurchase = sql<IInsertPurchaseQuery>`
  INSERT INTO credit_purchases (payment_intent_id, provider_id, created_by, credits_qty, bundle,
                                unit_price_in_cents, discount_percent, amount_in_cents, currency, status,
                                voucher_code, voucher_discount_percent)
  VALUES ($paymentIntentId!, $providerId!, $createdBy, $creditsQty!, $bundle, $unitPriceInCents!,
          $discountPercent!, $amountInCents!, $currency!, $status!, $voucherCode, $voucherDiscountPercent)
  ON CONFLICT (payment_intent_id) DO UPDATE
    SET created_by = coalesce(credit_purchases.created_by, EXCLUDED.created_by),
        voucher_code = coalesce(credit_purchases.voucher_code, EXCLUDED.voucher_code),
        voucher_discount_percent = coalesce(credit_purchases.voucher_discount_percent,
                                            EXCLUDED.voucher_discount_percent)`;

// The waiting discount, and the same locked (FOR UPDATE OF r): one statement each. `discount_percent` is never null
// in these rows (the WHERE keeps only discounts).
const waitingDiscount = sql<IWaitingDiscountQuery>`
  SELECT r.voucher_id AS "voucherId", r.provider_id AS "providerId", v.code,
         r.discount_percent AS "discountPercent!", r.payment_intent_id AS "paymentIntentId"
    FROM voucher_redemptions r JOIN vouchers v ON v.id = r.voucher_id
   WHERE r.provider_id = $providerId! AND r.discount_percent IS NOT NULL AND r.used_at IS NULL`;

const lockWaitingDiscount = sql<ILockWaitingDiscountQuery>`
  SELECT r.voucher_id AS "voucherId", r.provider_id AS "providerId", v.code,
         r.discount_percent AS "discountPercent!", r.payment_intent_id AS "paymentIntentId"
    FROM voucher_redemptions r JOIN vouchers v ON v.id = r.voucher_id
   WHERE r.provider_id = $providerId! AND r.discount_percent IS NOT NULL AND r.used_at IS NULL
     FOR UPDATE OF r`;

const claimDiscount = sql<IClaimDiscountQuery>`
  UPDATE voucher_redemptions SET payment_intent_id = $paymentIntentId!
   WHERE voucher_id = $voucherId! AND provider_id = $providerId! AND used_at IS NULL`;

const discountUsed = sql<IDiscountUsedQuery>`
  UPDATE voucher_redemptions SET used_at = now() WHERE payment_intent_id = $paymentIntentId! AND used_at IS NULL`;

const findPurchase = sql<Narrow<IFindPurchaseQuery, Known>>`
  SELECT payment_intent_id AS "paymentIntentId", provider_id AS "providerId", created_by AS "createdBy",
         credits_qty AS "creditsQty", bundle, unit_price_in_cents AS "unitPriceInCents",
         discount_percent AS "discountPercent", voucher_code AS "voucherCode",
         voucher_discount_percent AS "voucherDiscountPercent", amount_in_cents AS "amountInCents",
         currency, status, created_at AS "createdAt", granted_at AS "grantedAt"
    FROM credit_purchases WHERE payment_intent_id = $paymentIntentId!`;

const setPurchaseStatus = sql<ISetPurchaseStatusQuery>`
  UPDATE credit_purchases SET status = $status!,
         granted_at = CASE WHEN $granted! THEN coalesce(granted_at, now()) ELSE granted_at END
   WHERE payment_intent_id = $paymentIntentId!`;

const purchasePage = sql<Narrow<IPurchasePageQuery, Known>>`
  SELECT payment_intent_id AS "paymentIntentId", provider_id AS "providerId", created_by AS "createdBy",
         credits_qty AS "creditsQty", bundle, unit_price_in_cents AS "unitPriceInCents",
         discount_percent AS "discountPercent", voucher_code AS "voucherCode",
         voucher_discount_percent AS "voucherDiscountPercent", amount_in_cents AS "amountInCents",
         currency, status, created_at AS "createdAt", granted_at AS "grantedAt", count(*) OVER ()::int AS "total!"
    FROM credit_purchases WHERE provider_id = $providerId!
   ORDER BY created_at DESC, payment_intent_id LIMIT $limit! OFFSET $offset!`;

const purchaseCount = sql<IPurchaseCountQuery>`
  SELECT count(*)::int AS "total!" FROM credit_purchases WHERE provider_id = $providerId!`;

/**
 * `credit_purchases`: each purchase of credits and its Stripe payment intent; and the purchase's side of a voucher
 * discount (`voucher_redemptions`: the one waiting, the intent that claims it, its use when that purchase is paid).
 */
@Injectable()
export class CreditPurchasesRepository {
  constructor(private readonly db: Database) {}

  /** Records a purchase once; a webhook that recorded it first (without the buyer) gets the buyer added. */
  async insert(purchase: PurchaseWrite, tx?: Queryable): Promise<void> {
    await queryRows(tx ?? this.db.dataSource, insertPurchase, purchase);
  }

  /** The provider's voucher discount waiting for a purchase (at most one: a unique index). */
  waitingDiscount(providerId: string): Promise<WaitingDiscountRow | undefined> {
    return queryOne(this.db.dataSource, waitingDiscount, { providerId });
  }

  /** The same, locked until the transaction ends: one purchase at a time claims it. */
  lockWaitingDiscount(tx: Queryable, providerId: string): Promise<WaitingDiscountRow | undefined> {
    return queryOne(tx, lockWaitingDiscount, { providerId });
  }

  /** The discount now goes to this payment intent's purchase. */
  async claimDiscount(tx: Queryable, discount: WaitingDiscountRow, paymentIntentId: string): Promise<void> {
    await queryAffected(tx, claimDiscount, {
      voucherId: discount.voucherId,
      providerId: discount.providerId,
      paymentIntentId,
    });
  }

  /** The purchase of this payment intent was paid: the discount it claimed is used (once; again: nothing). */
  async discountUsed(tx: Queryable, paymentIntentId: string): Promise<void> {
    await queryAffected(tx, discountUsed, { paymentIntentId });
  }

  find(paymentIntentId: string, tx?: Queryable): Promise<PurchaseRow | undefined> {
    return queryOne(tx ?? this.db.dataSource, findPurchase, { paymentIntentId });
  }

  async setStatus(tx: Queryable, paymentIntentId: string, status: string, granted: boolean): Promise<void> {
    await queryAffected(tx, setPurchaseStatus, { paymentIntentId, status, granted });
  }

  async list(providerId: string, query: PageQuery): Promise<Page<PurchaseRow>> {
    const found = await queryRows(this.db.dataSource, purchasePage, {
      providerId,
      limit: query.pageSize,
      offset: query.offset,
    });
    return pageWithTotal(found, query, async () => {
      const counted = await queryOne(this.db.dataSource, purchaseCount, { providerId });
      return counted!.total;
    });
  }
}
