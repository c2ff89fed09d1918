import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Identity's projection of each provider's plan, kept from billing's subscription events. */
export class ProviderPlans1763820000000 implements MigrationInterface {
  name = 'ProviderPlans1763820000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE provider_plans (
        provider_id uuid PRIMARY KEY,
        product_code text NOT NULL,
        status text NOT NULL,
        premium_tour_limit integer CHECK (premium_tour_limit IS NULL OR premium_tour_limit >= 0),
        changed_at timestamptz NOT NULL
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE provider_plans');
  }
}
