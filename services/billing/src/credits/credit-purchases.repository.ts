import { Injectable } from '@nestjs/common';
import type { CreditBundleSize, Currency } from '@tourly/contracts';
import {
  Database,
  one,
  pageWithTotal,
  rows,
  type Page,
  type PageQuery,
  type Queryable,
} from '@tourly/platform';

export interface PurchaseRow {
  paymentIntentId: string;
  providerId: string;
  createdBy: string | null;
  creditsQty: number;
  bundle: CreditBundleSize | null;
  unitPriceInCents: number;
  discountPercent: number;
  /** The voucher whose discount this purchase had, and its percent: both or neither. */
  voucherCode: string | null;
  voucherDiscountPercent: number | null;
  amountInCents: number;
  currency: Currency;
  /** The payment intent's status as billing last read it from Stripe. */
  status: string;
  createdAt: Date;
  grantedAt: Date | null;
}

export type PurchaseWrite = Omit<PurchaseRow, 'createdAt' | 'grantedAt'>;

/** The provider's voucher discount waiting for a purchase, and the payment intent that claimed it (if one did). */
export interface WaitingDiscountRow {
  voucherId: string;
  providerId: string;
  code: string;
  discountPercent: number;
  paymentIntentId: string | null;
}

const COLUMNS = `payment_intent_id AS "paymentIntentId", provider_id AS "providerId", created_by AS "createdBy",
                 credits_qty AS "creditsQty", bundle, unit_price_in_cents AS "unitPriceInCents",
                 discount_percent AS "discountPercent", voucher_code AS "voucherCode",
                 voucher_discount_percent AS "voucherDiscountPercent", amount_in_cents AS "amountInCents",
                 currency, status, created_at AS "createdAt", granted_at AS "grantedAt"`;

const WAITING_DISCOUNT = `SELECT r.voucher_id AS "voucherId", r.provider_id AS "providerId", v.code,
                                  r.discount_percent AS "discountPercent", r.payment_intent_id AS "paymentIntentId"
                             FROM voucher_redemptions r JOIN vouchers v ON v.id = r.voucher_id
                            WHERE r.provider_id = $1 AND r.discount_percent IS NOT NULL AND r.used_at IS NULL`;

/**
 * `credit_purchases`: each purchase of credits and its Stripe payment intent; and the purchase's side of a voucher
 * discount (`voucher_redemptions`: the one waiting, the intent that claims it, its use when that purchase is paid).
 */
@Injectable()
export class CreditPurchasesRepository {
  constructor(private readonly db: Database) {}

  /** Records a purchase once; a webhook that recorded it first (without the buyer) gets the buyer added. */
  async insert(purchase: PurchaseWrite, tx?: Queryable): Promise<void> {
    await (tx ?? this.db.dataSource).query(
      `INSERT INTO credit_purchases (payment_intent_id, provider_id, created_by, credits_qty, bundle,
                                     unit_price_in_cents, discount_percent, amount_in_cents, currency, status,
                                     voucher_code, voucher_discount_percent)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
       ON CONFLICT (payment_intent_id) DO UPDATE
         SET created_by = coalesce(credit_purchases.created_by, EXCLUDED.created_by),
             voucher_code = coalesce(credit_purchases.voucher_code, EXCLUDED.voucher_code),
             voucher_discount_percent = coalesce(credit_purchases.voucher_discount_percent,
                                                 EXCLUDED.voucher_discount_percent)`,
      [
        purchase.paymentIntentId,
        purchase.providerId,
        purchase.createdBy,
        purchase.creditsQty,
        purchase.bundle,
        purchase.unitPriceInCents,
        purchase.discountPercent,
        purchase.amountInCents,
        purchase.currency,
        purchase.status,
        purchase.voucherCode,
        purchase.voucherDiscountPercent,
      ],
    );
  }

  /** The provider's voucher discount waiting for a purchase (at most one: a unique index). */
  waitingDiscount(providerId: string): Promise<WaitingDiscountRow | undefined> {
    return one<WaitingDiscountRow>(this.db.dataSource, WAITING_DISCOUNT, [providerId]);
  }

  /** The same, locked until the transaction ends: one purchase at a time claims it. */
  lockWaitingDiscount(tx: Queryable, providerId: string): Promise<WaitingDiscountRow | undefined> {
    return one<WaitingDiscountRow>(tx, `${WAITING_DISCOUNT} FOR UPDATE OF r`, [providerId]);
  }

  /** The discount now goes to this payment intent's purchase. */
  async claimDiscount(tx: Queryable, discount: WaitingDiscountRow, paymentIntentId: string): Promise<void> {
    await tx.query(
      `UPDATE voucher_redemptions SET payment_intent_id = $3
        WHERE voucher_id = $1 AND provider_id = $2 AND used_at IS NULL`,
      [discount.voucherId, discount.providerId, paymentIntentId],
    );
  }

  /** The purchase of this payment intent was paid: the discount it claimed is used (once; again: nothing). */
  async discountUsed(tx: Queryable, paymentIntentId: string): Promise<void> {
    await tx.query(
      `UPDATE voucher_redemptions SET used_at = now() WHERE payment_intent_id = $1 AND used_at IS NULL`,
      [paymentIntentId],
    );
  }

  find(paymentIntentId: string, tx?: Queryable): Promise<PurchaseRow | undefined> {
    return one<PurchaseRow>(
      tx ?? this.db.dataSource,
      `SELECT ${COLUMNS} FROM credit_purchases WHERE payment_intent_id = $1`,
      [paymentIntentId],
    );
  }

  async setStatus(tx: Queryable, paymentIntentId: string, status: string, granted: boolean): Promise<void> {
    await tx.query(
      `UPDATE credit_purchases SET status = $2,
              granted_at = CASE WHEN $3 THEN coalesce(granted_at, now()) ELSE granted_at END
        WHERE payment_intent_id = $1`,
      [paymentIntentId, status, granted],
    );
  }

  async list(providerId: string, query: PageQuery): Promise<Page<PurchaseRow>> {
    const found = await rows<PurchaseRow & { total: number }>(
      this.db.dataSource,
      `SELECT ${COLUMNS}, count(*) OVER ()::int AS total FROM credit_purchases WHERE provider_id = $1
        ORDER BY created_at DESC, payment_intent_id LIMIT $2 OFFSET $3`,
      [providerId, query.pageSize, query.offset],
    );
    return pageWithTotal(found, query, async () => {
      const counted = await one<{ total: number }>(
        this.db.dataSource,
        'SELECT count(*)::int AS total FROM credit_purchases WHERE provider_id = $1',
        [providerId],
      );
      return counted!.total;
    });
  }
}
