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

export class Credits1764000000000 implements MigrationInterface {
  name = 'Credits1764000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Each provider's credits as of its last ledger row, and its lock: every change takes this row FOR UPDATE first,
    // so concurrent spends queue up and the checks below never see a negative balance. `available` is the sum of the
    // provider's ledger rows (held reservations are already taken off it); `reserved` what is held now.
    await queryRunner.query(`
      CREATE TABLE credit_balances (
        provider_id uuid PRIMARY KEY,
        available integer NOT NULL DEFAULT 0,
        reserved integer NOT NULL DEFAULT 0,
        version bigint NOT NULL DEFAULT 0,
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT credit_balances_available_not_negative CHECK (available >= 0),
        CONSTRAINT credit_balances_reserved_not_negative CHECK (reserved >= 0)
      )`);
    // Append-only: a row is never changed or removed (the trigger refuses it). A purchase and an adjustment carry a
    // category; a spend (a reservation, negative) and its release (positive) do not. The reference makes a purchase
    // (its payment intent), a spend and a release (the caller's reference) happen once per provider.
    await queryRunner.query(`
      CREATE TABLE credit_ledger (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        provider_id uuid NOT NULL,
        kind text NOT NULL,
        category text,
        amount integer NOT NULL,
        actor text NOT NULL,
        reference text,
        note text,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT credit_ledger_kind CHECK (kind IN ('purchase', 'adjustment', 'spend', 'release')),
        CONSTRAINT credit_ledger_category CHECK (category IN (${list(CATEGORIES)})),
        CONSTRAINT credit_ledger_category_given CHECK ((kind IN ('purchase', 'adjustment')) = (category IS NOT NULL)),
        CONSTRAINT credit_ledger_amount_sign CHECK (
          CASE kind WHEN 'spend' THEN amount < 0 WHEN 'adjustment' THEN amount <> 0 ELSE amount > 0 END)
      )`);
    await queryRunner.query(`
      CREATE UNIQUE INDEX credit_ledger_reference_uq ON credit_ledger (provider_id, kind, reference)
        WHERE reference IS NOT NULL`);
    await queryRunner.query(
      'CREATE INDEX credit_ledger_provider_idx ON credit_ledger (provider_id, id DESC)',
    );
    await queryRunner.query(`
      CREATE FUNCTION credit_ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'credit_ledger is append-only: add a row instead';
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER credit_ledger_append_only BEFORE UPDATE OR DELETE ON credit_ledger
        FOR EACH ROW EXECUTE FUNCTION credit_ledger_append_only()`);

    // Credits held for another service (its reference, once per provider) until captured, released, or expired.
    await queryRunner.query(`
      CREATE TABLE credit_reservations (
        provider_id uuid NOT NULL,
        reference text NOT NULL,
        amount integer NOT NULL,
        status text NOT NULL DEFAULT 'held',
        expires_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        settled_at timestamptz,
        PRIMARY KEY (provider_id, reference),
        CONSTRAINT credit_reservations_amount_positive CHECK (amount > 0),
        CONSTRAINT credit_reservations_status CHECK (status IN ('held', 'captured', 'released'))
      )`);
    await queryRunner.query(`
      CREATE INDEX credit_reservations_held_idx ON credit_reservations (expires_at) WHERE status = 'held'`);

    // Each purchase of credits: its Stripe payment intent, what it buys, and when its credits were granted (once).
    await queryRunner.query(`
      CREATE TABLE credit_purchases (
        payment_intent_id text PRIMARY KEY,
        provider_id uuid NOT NULL,
        created_by uuid,
        credits_qty integer NOT NULL,
        bundle text,
        unit_price_in_cents integer NOT NULL,
        discount_percent integer NOT NULL,
        amount_in_cents integer NOT NULL,
        currency text NOT NULL,
        status text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        granted_at timestamptz,
        CONSTRAINT credit_purchases_credits_positive CHECK (credits_qty > 0),
        CONSTRAINT credit_purchases_bundle CHECK (bundle IN ('small', 'medium', 'large'))
      )`);
    await queryRunner.query(
      'CREATE INDEX credit_purchases_provider_idx ON credit_purchases (provider_id, created_at DESC)',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE credit_purchases');
    await queryRunner.query('DROP TABLE credit_reservations');
    await queryRunner.query('DROP TABLE credit_ledger');
    await queryRunner.query('DROP FUNCTION credit_ledger_append_only()');
    await queryRunner.query('DROP TABLE credit_balances');
  }
}
