import type { MigrationInterface, QueryRunner } from 'typeorm';

// The categories as this migration wrote them (CREDIT_CATEGORIES in contracts may grow; a migration never changes).
const CATEGORIES = [
  'customer_purchase',
  'subscription_top_up',
  'trial',
  'booking_cancelled',
  'promotional',
  'floor_plan_issue',
  'post_production_issue',
  'photo_retouching_issue',
  'billing_issue',
  'customer_service_issue',
  'customer_retention',
  'customer_loyalty',
  'internal_use',
  'other',
];
const list = (values: string[]) => values.map((value) => `'${value}'`).join(', ');

/**
 * Vouchers: codes an admin hands out that give a provider credits at once or a discount on its next credits purchase,
 * each redeemed at most once per provider and at most `redemption_limit` times in all; and what each purchase's
 * voucher discount was.
 */
export class Vouchers1764020000000 implements MigrationInterface {
  name = 'Vouchers1764020000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // The code is stored upper-cased (the CHECK allows nothing else), so its unique index is case-insensitive; a code
    // stays taken once archived. Exactly one of credits and discount_percent. `category` is what the ledger row of a
    // credits voucher carries. Archived vouchers are kept for their redemptions, never listed or redeemed again.
    await queryRunner.query(`
      CREATE TABLE vouchers (
        id uuid PRIMARY KEY,
        code text NOT NULL,
        description text,
        credits integer,
        discount_percent integer,
        category text NOT NULL DEFAULT 'promotional',
        redemption_limit integer,
        expires_at timestamptz,
        created_by text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        archived_at timestamptz,
        CONSTRAINT vouchers_code_format CHECK (code ~ '^[A-Z0-9_-]{3,40}$'),
        CONSTRAINT vouchers_description_length CHECK (char_length(description) BETWEEN 1 AND 500),
        CONSTRAINT vouchers_credits_range CHECK (credits BETWEEN 1 AND 100000),
        CONSTRAINT vouchers_discount_percent_range CHECK (discount_percent BETWEEN 1 AND 99),
        CONSTRAINT vouchers_credits_or_discount CHECK ((credits IS NULL) <> (discount_percent IS NULL)),
        CONSTRAINT vouchers_category CHECK (category IN (${list(CATEGORIES)})),
        CONSTRAINT vouchers_redemption_limit_positive CHECK (redemption_limit >= 1)
      )`);
    await queryRunner.query('CREATE UNIQUE INDEX vouchers_code_uq ON vouchers (code)');
    // The admin's list: newest first, archived ones left out.
    await queryRunner.query(
      'CREATE INDEX vouchers_listed_idx ON vouchers (created_at DESC, id DESC) WHERE archived_at IS NULL',
    );

    // Each provider's redemption of a voucher (once per provider: the primary key), with what it gave. A discount
    // waits (used_at null) for the provider's next credits purchase: the payment intent that claimed it (null until
    // one does), and when that purchase was paid. One discount waits per provider at a time, and an intent claims
    // at most one.
    await queryRunner.query(`
      CREATE TABLE voucher_redemptions (
        voucher_id uuid NOT NULL,
        provider_id uuid NOT NULL,
        redeemed_by uuid,
        redeemed_at timestamptz NOT NULL DEFAULT now(),
        credits integer,
        discount_percent integer,
        payment_intent_id text,
        used_at timestamptz,
        CONSTRAINT voucher_redemptions_pkey PRIMARY KEY (voucher_id, provider_id),
        CONSTRAINT voucher_redemptions_voucher_fk FOREIGN KEY (voucher_id) REFERENCES vouchers (id),
        CONSTRAINT voucher_redemptions_credits_range CHECK (credits BETWEEN 1 AND 100000),
        CONSTRAINT voucher_redemptions_discount_percent_range CHECK (discount_percent BETWEEN 1 AND 99),
        CONSTRAINT voucher_redemptions_credits_or_discount CHECK ((credits IS NULL) <> (discount_percent IS NULL)),
        CONSTRAINT voucher_redemptions_claimed_by_a_discount
          CHECK (payment_intent_id IS NULL OR discount_percent IS NOT NULL),
        CONSTRAINT voucher_redemptions_used_when_claimed CHECK (used_at IS NULL OR payment_intent_id IS NOT NULL)
      )`);
    await queryRunner.query(`
      CREATE UNIQUE INDEX voucher_redemptions_one_waiting_uq ON voucher_redemptions (provider_id)
        WHERE discount_percent IS NOT NULL AND used_at IS NULL`);
    await queryRunner.query(`
      CREATE UNIQUE INDEX voucher_redemptions_payment_intent_uq ON voucher_redemptions (payment_intent_id)
        WHERE payment_intent_id IS NOT NULL`);
    // The provider's list (newest first) and a voucher's export (in order of redemption, keyset by the provider).
    await queryRunner.query(
      'CREATE INDEX voucher_redemptions_provider_idx ON voucher_redemptions (provider_id, redeemed_at DESC)',
    );
    await queryRunner.query(
      'CREATE INDEX voucher_redemptions_export_idx ON voucher_redemptions (voucher_id, redeemed_at, provider_id)',
    );

    // What discounted a purchase: the voucher's code and percent, both or neither.
    await queryRunner.query(`
      ALTER TABLE credit_purchases
        ADD COLUMN voucher_code text,
        ADD COLUMN voucher_discount_percent integer,
        ADD CONSTRAINT credit_purchases_voucher_given
          CHECK ((voucher_code IS NULL) = (voucher_discount_percent IS NULL)),
        ADD CONSTRAINT credit_purchases_voucher_discount_range CHECK (voucher_discount_percent BETWEEN 1 AND 100)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE credit_purchases
        DROP CONSTRAINT credit_purchases_voucher_discount_range,
        DROP CONSTRAINT credit_purchases_voucher_given,
        DROP COLUMN voucher_discount_percent,
        DROP COLUMN voucher_code`);
    await queryRunner.query('DROP TABLE voucher_redemptions');
    await queryRunner.query('DROP TABLE vouchers');
  }
}
