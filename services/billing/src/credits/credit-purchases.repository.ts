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
  amountInCents: number;
  currency: Currency;
  /** The payment intent's status as billing last read it from Stripe. */
  status: string;
  createdAt: Date;
  grantedAt: Date | null;
}

export type PurchaseWrite = Omit<PurchaseRow, 'createdAt' | 'grantedAt'>;

const COLUMNS = `payment_intent_id AS "paymentIntentId", provider_id AS "providerId", created_by AS "createdBy",
                 credits_qty AS "creditsQty", bundle, unit_price_in_cents AS "unitPriceInCents",
                 discount_percent AS "discountPercent", amount_in_cents AS "amountInCents", currency, status,
                 created_at AS "createdAt", granted_at AS "grantedAt"`;

/** `credit_purchases`: each purchase of credits and its Stripe payment intent. */
@Injectable()
export class CreditPurchasesRepository {
  constructor(private readonly db: Database) {}

  /** Records a purchase once; a webhook that recorded it first (without the buyer) gets the buyer added. */
  async insert(purchase: PurchaseWrite): Promise<void> {
    await this.db.dataSource.query(
      `INSERT INTO credit_purchases (payment_intent_id, provider_id, created_by, credits_qty, bundle,
                                     unit_price_in_cents, discount_percent, amount_in_cents, currency, status)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       ON CONFLICT (payment_intent_id) DO UPDATE
         SET created_by = coalesce(credit_purchases.created_by, EXCLUDED.created_by)`,
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
      ],
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
