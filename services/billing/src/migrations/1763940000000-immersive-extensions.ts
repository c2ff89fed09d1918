import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ImmersiveExtensions1763940000000 implements MigrationInterface {
  name = 'ImmersiveExtensions1763940000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // A premium tour paid on its own: one Stripe subscription per tour, refreshed from Stripe on every webhook.
    await queryRunner.query(`
      CREATE TABLE immersive_extensions (
        stripe_subscription_id text PRIMARY KEY,
        provider_id uuid NOT NULL REFERENCES billing_accounts (provider_id),
        property_id uuid NOT NULL,
        property_title text NOT NULL,
        status text NOT NULL,
        amount integer NOT NULL,
        currency text NOT NULL,
        current_period_end timestamptz,
        ended_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // At most one running extension per tour: paying twice for the same tour is never right.
    await queryRunner.query(`
      CREATE UNIQUE INDEX immersive_extensions_running_uq ON immersive_extensions (provider_id, property_id)
        WHERE ended_at IS NULL`);
    await queryRunner.query(
      'CREATE INDEX immersive_extensions_provider_idx ON immersive_extensions (provider_id, created_at DESC)',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE immersive_extensions');
  }
}
