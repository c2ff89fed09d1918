import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The tables every service has in its own schema: the transactional outbox, the inbox that makes
 * redelivered events harmless, and the dead letters parked after their last try. Listed first in every
 * service's migrations.
 */
export class PlatformTables1763769600000 implements MigrationInterface {
  name = 'PlatformTables1763769600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE outbox (
        id uuid PRIMARY KEY,
        subject text NOT NULL,
        envelope jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        published_at timestamptz
      )`);
    await queryRunner.query(
      'CREATE INDEX outbox_unpublished_idx ON outbox (created_at, id) WHERE published_at IS NULL',
    );
    await queryRunner.query(
      'CREATE INDEX outbox_published_at_idx ON outbox (published_at) WHERE published_at IS NOT NULL',
    );
    await queryRunner.query(`
      CREATE TABLE inbox (
        consumer text NOT NULL,
        event_id uuid NOT NULL,
        handled_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT inbox_pk PRIMARY KEY (consumer, event_id)
      )`);
    await queryRunner.query(`
      CREATE TABLE dead_letters (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        consumer text NOT NULL,
        event_id uuid NOT NULL,
        subject text NOT NULL,
        envelope jsonb NOT NULL,
        error text NOT NULL,
        attempts integer NOT NULL CHECK (attempts > 0),
        parked_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT dead_letters_consumer_event_uq UNIQUE (consumer, event_id)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE dead_letters');
    await queryRunner.query('DROP TABLE inbox');
    await queryRunner.query('DROP TABLE outbox');
  }
}
