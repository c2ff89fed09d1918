import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreditRefunds1764040000000 implements MigrationInterface {
  name = 'CreditRefunds1764040000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Each Stripe refund of a credits purchase, once: what it gave back in money, the credits it covers, and the
    // credits it took back (no more than the provider had left: spent ones stay spent).
    await queryRunner.query(`
      CREATE TABLE credit_refunds (
        refund_id text PRIMARY KEY,
        payment_intent_id text NOT NULL REFERENCES credit_purchases (payment_intent_id),
        provider_id uuid NOT NULL,
        amount_in_cents integer NOT NULL,
        credits_refunded integer NOT NULL,
        credits_taken integer NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT credit_refunds_amount_positive CHECK (amount_in_cents > 0),
        CONSTRAINT credit_refunds_credits CHECK (credits_taken >= 0 AND credits_taken <= credits_refunded)
      )`);
    await queryRunner.query('CREATE INDEX credit_refunds_purchase_idx ON credit_refunds (payment_intent_id)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE credit_refunds');
  }
}
