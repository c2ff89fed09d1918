import type { MigrationInterface, QueryRunner } from 'typeorm';

export class HostingFees1764050000000 implements MigrationInterface {
  name = 'HostingFees1764050000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // The platform's share of each hosting-fee payment, set by the back office per provider (null: none).
    await queryRunner.query(`
      ALTER TABLE billing_accounts ADD COLUMN hosting_application_fee_percent numeric(4, 2),
        ADD CONSTRAINT billing_accounts_hosting_fee_range
          CHECK (hosting_application_fee_percent BETWEEN 0 AND 50)`);
    // The provider's own Stripe account (a Standard connected account), as Stripe's account.updated last said.
    await queryRunner.query(`
      CREATE TABLE merchant_accounts (
        provider_id uuid PRIMARY KEY,
        stripe_account_id text NOT NULL CONSTRAINT merchant_accounts_stripe_account_uq UNIQUE,
        country text,
        default_currency text,
        charges_enabled boolean NOT NULL DEFAULT false,
        payouts_enabled boolean NOT NULL DEFAULT false,
        details_submitted boolean NOT NULL DEFAULT false,
        requirements_due text[] NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // The provider's clients as customers of its connected account.
    await queryRunner.query(`
      CREATE TABLE hosting_customers (
        id uuid PRIMARY KEY,
        provider_id uuid NOT NULL,
        stripe_account_id text NOT NULL,
        stripe_customer_id text NOT NULL,
        name text NOT NULL,
        email text NOT NULL,
        client_id uuid,
        created_at timestamptz NOT NULL DEFAULT now(),
        deleted_at timestamptz,
        CONSTRAINT hosting_customers_stripe_uq UNIQUE (stripe_account_id, stripe_customer_id)
      )`);
    await queryRunner.query(
      'CREATE INDEX hosting_customers_provider_idx ON hosting_customers (provider_id, created_at DESC)',
    );
    // Billing's copy of each hosting-fee subscription; the row comes first (no Stripe id yet), so a webhook that
    // overtakes the creation's answer finds it by the metadata's id.
    await queryRunner.query(`
      CREATE TABLE hosting_subscriptions (
        id uuid PRIMARY KEY,
        provider_id uuid NOT NULL,
        customer_id uuid NOT NULL REFERENCES hosting_customers (id),
        stripe_account_id text NOT NULL,
        stripe_subscription_id text CONSTRAINT hosting_subscriptions_stripe_uq UNIQUE,
        status text NOT NULL,
        interval text NOT NULL CONSTRAINT hosting_subscriptions_interval CHECK (interval IN ('month', 'year')),
        amount integer NOT NULL CONSTRAINT hosting_subscriptions_amount CHECK (amount > 0),
        currency text NOT NULL,
        description text,
        property_ids uuid[] NOT NULL,
        tax_rate_ids text[] NOT NULL DEFAULT '{}',
        application_fee_percent numeric(4, 2),
        current_period_end timestamptz,
        cancel_at_period_end boolean NOT NULL DEFAULT false,
        canceled_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      'CREATE INDEX hosting_subscriptions_provider_idx ON hosting_subscriptions (provider_id, created_at DESC)',
    );
    await queryRunner.query(
      'CREATE INDEX hosting_subscriptions_customer_idx ON hosting_subscriptions (customer_id)',
    );
    // Billing's copy of each invoice of a hosting-fee customer, from the connected account's webhooks.
    await queryRunner.query(`
      CREATE TABLE hosting_invoices (
        id uuid PRIMARY KEY,
        provider_id uuid NOT NULL,
        customer_id uuid NOT NULL REFERENCES hosting_customers (id),
        subscription_id uuid REFERENCES hosting_subscriptions (id),
        stripe_account_id text NOT NULL,
        stripe_invoice_id text NOT NULL CONSTRAINT hosting_invoices_stripe_uq UNIQUE,
        number text,
        status text NOT NULL,
        amount_due integer NOT NULL,
        amount_paid integer NOT NULL,
        currency text NOT NULL,
        due_date timestamptz,
        hosted_invoice_url text,
        invoice_pdf text,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      'CREATE INDEX hosting_invoices_provider_idx ON hosting_invoices (provider_id, created_at DESC)',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE hosting_invoices');
    await queryRunner.query('DROP TABLE hosting_subscriptions');
    await queryRunner.query('DROP TABLE hosting_customers');
    await queryRunner.query('DROP TABLE merchant_accounts');
    await queryRunner.query(
      'ALTER TABLE billing_accounts DROP CONSTRAINT billing_accounts_hosting_fee_range, DROP COLUMN hosting_application_fee_percent',
    );
  }
}
