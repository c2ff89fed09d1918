import { Injectable } from '@nestjs/common';
import { one, type Queryable } from '@tourly/platform';

export interface RefundWrite {
  refundId: string;
  paymentIntentId: string;
  providerId: string;
  amountInCents: number;
  creditsRefunded: number;
  creditsTaken: number;
}

/** `credit_refunds`: each Stripe refund of a credits purchase, recorded once. */
@Injectable()
export class CreditRefundsRepository {
  /** What earlier refunds of the purchase gave back: money and credits covered. */
  async refundedBefore(
    tx: Queryable,
    paymentIntentId: string,
  ): Promise<{ amountInCents: number; creditsRefunded: number }> {
    const row = await one<{ amountInCents: number; creditsRefunded: number }>(
      tx,
      `SELECT coalesce(sum(amount_in_cents), 0)::int AS "amountInCents",
              coalesce(sum(credits_refunded), 0)::int AS "creditsRefunded"
         FROM credit_refunds WHERE payment_intent_id = $1`,
      [paymentIntentId],
    );
    return row!;
  }

  async has(tx: Queryable, refundId: string): Promise<boolean> {
    return (await one(tx, 'SELECT 1 FROM credit_refunds WHERE refund_id = $1', [refundId])) !== undefined;
  }

  async insert(tx: Queryable, refund: RefundWrite): Promise<void> {
    await tx.query(
      `INSERT INTO credit_refunds (refund_id, payment_intent_id, provider_id, amount_in_cents, credits_refunded,
                                   credits_taken)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [
        refund.refundId,
        refund.paymentIntentId,
        refund.providerId,
        refund.amountInCents,
        refund.creditsRefunded,
        refund.creditsTaken,
      ],
    );
  }
}
