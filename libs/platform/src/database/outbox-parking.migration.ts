import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Outbox rows the broker refuses for good (bigger than NATS's max payload, or anything else it says can never
 * succeed) are parked: `parked_at` and `park_reason` set, `published_at` left empty, skipped by the relay and
 * kept (the retention clean-up deletes only published rows) until an operator fixes the cause and clears
 * `parked_at`. The relay's claim skips them, so its index does too.
 */
export class OutboxParking1795610000000 implements MigrationInterface {
  name = 'OutboxParking1795610000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE outbox
        ADD COLUMN parked_at timestamptz,
        ADD COLUMN park_reason text,
        ADD CONSTRAINT outbox_parked_with_reason_ck CHECK ((parked_at IS NULL) = (park_reason IS NULL))`);
    await queryRunner.query(
      'CREATE INDEX outbox_unsent_idx ON outbox (created_at, id) WHERE published_at IS NULL AND parked_at IS NULL',
    );
    await queryRunner.query('DROP INDEX outbox_unpublished_idx');
    await queryRunner.query(
      'CREATE INDEX outbox_parked_idx ON outbox (parked_at) WHERE parked_at IS NOT NULL',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX outbox_parked_idx');
    await queryRunner.query(
      'CREATE INDEX outbox_unpublished_idx ON outbox (created_at, id) WHERE published_at IS NULL',
    );
    await queryRunner.query('DROP INDEX outbox_unsent_idx');
    // Parked rows become unsent again: the relay tries them once more, as it did before parking existed.
    await queryRunner.query(`
      ALTER TABLE outbox
        DROP CONSTRAINT outbox_parked_with_reason_ck,
        DROP COLUMN park_reason,
        DROP COLUMN parked_at`);
  }
}
