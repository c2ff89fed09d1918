import type { MigrationInterface, QueryRunner } from 'typeorm';

export class PlanChoices1763970000000 implements MigrationInterface {
  name = 'PlanChoices1763970000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // The plan a provider without a subscription is on by choice: the free plan, chosen at sign-up (found when
    // billing first answers for it) or through legacy_setup. A provider from before the plans with no row here
    // and no subscription is on a legacy plan (000 §4).
    await queryRunner.query(`
      CREATE TABLE plan_choices (
        provider_id uuid PRIMARY KEY,
        product_code text NOT NULL CONSTRAINT plan_choices_product_code_ck CHECK (product_code = 'free_tier_plan'),
        chosen_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE plan_choices');
  }
}
