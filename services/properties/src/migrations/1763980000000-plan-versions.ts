import type { MigrationInterface, QueryRunner } from 'typeorm';

export class PlanVersions1763980000000 implements MigrationInterface {
  name = 'PlanVersions1763980000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Billing's plan changes are ordered by the provider's subscription version they carry (billing's database
    // hands it out under the provider's lock), no longer by occurred_at, which is a billing process's clock: one
    // replica running ahead made a later upgrade look older. Null: only changes without a version recorded yet
    // (published before billing had versions), older than any versioned one.
    await queryRunner.query('ALTER TABLE provider_plans ADD COLUMN plan_version bigint');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE provider_plans DROP COLUMN plan_version');
  }
}
