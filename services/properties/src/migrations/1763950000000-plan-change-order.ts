import type { MigrationInterface, QueryRunner } from 'typeorm';

export class PlanChangeOrder1763950000000 implements MigrationInterface {
  name = 'PlanChangeOrder1763950000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Billing's plan changes are ordered by (occurred_at, event id): two changes announced in the same millisecond
    // tie on the time alone, and the id (UUID v7, increasing within one billing process) breaks the tie. Rows
    // written before this column keep null, which orders before any id.
    await queryRunner.query('ALTER TABLE provider_plans ADD COLUMN changed_event_id uuid');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE provider_plans DROP COLUMN changed_event_id');
  }
}
