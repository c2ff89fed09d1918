import type { MigrationInterface, QueryRunner } from 'typeorm';

export class BillingAccountsAndSubscriptions1763900000000 implements MigrationInterface {
  name = 'BillingAccountsAndSubscriptions1763900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE billing_accounts (
        provider_id uuid PRIMARY KEY,
        name text NOT NULL,
        email text NOT NULL,
        address text NOT NULL,
        country text NOT NULL,
        currency text NOT NULL DEFAULT 'usd',
        stripe_customer_id text UNIQUE,
        test_clock_id text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // Billing's picture of each provider's Stripe subscription, refreshed from Stripe on every webhook.
    await queryRunner.query(`
      CREATE TABLE subscriptions (
        provider_id uuid PRIMARY KEY REFERENCES billing_accounts (provider_id),
        stripe_subscription_id text NOT NULL UNIQUE,
        product_code text NOT NULL,
        interval text NOT NULL CHECK (interval IN ('month', 'year')),
        status text NOT NULL,
        current_period_start timestamptz,
        current_period_end timestamptz,
        trial_end timestamptz,
        cancel_at_period_end boolean NOT NULL DEFAULT false,
        schedule_id text,
        next_product_code text,
        next_interval text,
        next_starts_at timestamptz,
        premium_tour_limit integer,
        trial_used boolean NOT NULL DEFAULT false,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // Every Stripe event received, once: a redelivery finds its id here and changes nothing.
    await queryRunner.query(`
      CREATE TABLE stripe_events (
        id text PRIMARY KEY,
        type text NOT NULL,
        created timestamptz NOT NULL,
        payload jsonb NOT NULL,
        received_at timestamptz NOT NULL DEFAULT now(),
        processed_at timestamptz
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE stripe_events');
    await queryRunner.query('DROP TABLE subscriptions');
    await queryRunner.query('DROP TABLE billing_accounts');
  }
}
