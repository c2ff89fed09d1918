import type { MigrationInterface, QueryRunner } from 'typeorm';
import { ImpersonationAudit1796000000000 } from '../audit/impersonation-audit.migration';
import { OutboxParking1795610000000 } from './outbox-parking.migration';

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

/**
 * Dead letters an operator can replay: when a replay handled one (`replayed_at`), how often replays were tried
 * and the last try's time (a failed replay leaves the new error in `error`); an undecodable event is parked as
 * its `raw` bytes, with neither id nor envelope.
 */
export class DeadLetterReplays1795620000000 implements MigrationInterface {
  name = 'DeadLetterReplays1795620000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE dead_letters
        ALTER COLUMN event_id DROP NOT NULL,
        ALTER COLUMN envelope DROP NOT NULL,
        ADD COLUMN raw bytea,
        ADD COLUMN replays integer NOT NULL DEFAULT 0,
        ADD COLUMN last_replayed_at timestamptz,
        ADD COLUMN replayed_at timestamptz,
        ADD CONSTRAINT dead_letters_envelope_or_raw_ck CHECK (envelope IS NOT NULL OR raw IS NOT NULL)`);
    await queryRunner.query(
      'CREATE INDEX dead_letters_parked_idx ON dead_letters (consumer, id) WHERE replayed_at IS NULL',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX dead_letters_parked_idx');
    await queryRunner.query('DELETE FROM dead_letters WHERE event_id IS NULL OR envelope IS NULL');
    await queryRunner.query(`
      ALTER TABLE dead_letters
        DROP CONSTRAINT dead_letters_envelope_or_raw_ck,
        DROP COLUMN replayed_at,
        DROP COLUMN last_replayed_at,
        DROP COLUMN replays,
        DROP COLUMN raw,
        ALTER COLUMN envelope SET NOT NULL,
        ALTER COLUMN event_id SET NOT NULL`);
  }
}

/**
 * Where each replica of a consumer could resume without missing an event it has not settled (a stream sequence),
 * recorded with each handled delivery: a durable lost in JetStream while the service was down comes back from
 * the lowest of them, not from the subject's beginning.
 */
export class ConsumerPositions1795630000000 implements MigrationInterface {
  name = 'ConsumerPositions1795630000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE consumer_positions (
        consumer text NOT NULL,
        instance uuid NOT NULL,
        resume_from bigint NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (consumer, instance)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE consumer_positions');
  }
}

/** The platform's tables, in order: listed before a service's own migrations. */
export const PLATFORM_MIGRATIONS = [
  PlatformTables1763769600000,
  OutboxParking1795610000000,
  DeadLetterReplays1795620000000,
  ConsumerPositions1795630000000,
  ImpersonationAudit1796000000000,
];
