import { Injectable } from '@nestjs/common';
import { queryOne, queryRows, sql, type Queryable } from '@tourly/platform';
import type {
  IHasCreditRefundQuery,
  IInsertCreditRefundParams,
  IInsertCreditRefundQuery,
  IRefundedBeforeQuery,
  IRefundedBeforeResult,
} from './credit-refunds.repository.types';

export type RefundWrite = IInsertCreditRefundParams;

const refundedBefore = sql<IRefundedBeforeQuery>`
  SELECT coalesce(sum(amount_in_cents), 0)::int AS "amountInCents!",
         coalesce(sum(credits_refunded), 0)::int AS "creditsRefunded!"
    FROM credit_refunds WHERE payment_intent_id = $paymentIntentId!`;

const hasCreditRefund = sql<IHasCreditRefundQuery>`
  SELECT 1 AS found FROM credit_refunds WHERE refund_id = $refundId!`;

const insertCreditRefund = sql<IInsertCreditRefundQuery>`
  INSERT INTO credit_refunds (refund_id, payment_intent_id, provider_id, amount_in_cents, credits_refunded,
                              credits_taken)
  VALUES ($refundId!, $paymentIntentId!, $providerId!, $amountInCents!, $creditsRefunded!, $creditsTaken!)`;

/** `credit_refunds`: each Stripe refund of a credits purchase, recorded once. */
@Injectable()
export class CreditRefundsRepository {
  /** What earlier refunds of the purchase gave back: money and credits covered. */
  async refundedBefore(tx: Queryable, paymentIntentId: string): Promise<IRefundedBeforeResult> {
    const row = await queryOne(tx, refundedBefore, { paymentIntentId });
    return row!;
  }

  async has(tx: Queryable, refundId: string): Promise<boolean> {
    return (await queryOne(tx, hasCreditRefund, { refundId })) !== undefined;
  }

  async insert(tx: Queryable, refund: RefundWrite): Promise<void> {
    await queryRows(tx, insertCreditRefund, refund);
  }
}
