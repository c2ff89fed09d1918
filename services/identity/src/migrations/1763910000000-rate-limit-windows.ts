import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The gateway's per-address request limits, shared by every gateway replica (asked over request-reply). */
export class RateLimitWindows1763910000000 implements MigrationInterface {
  name = 'RateLimitWindows1763910000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE rate_limit_windows (
        bucket text NOT NULL,
        key text NOT NULL,
        hits integer NOT NULL CHECK (hits > 0),
        window_started_at timestamptz NOT NULL,
        CONSTRAINT rate_limit_windows_pk PRIMARY KEY (bucket, key)
      )`);
    await queryRunner.query(
      'CREATE INDEX rate_limit_windows_started_idx ON rate_limit_windows (window_started_at)',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE rate_limit_windows');
  }
}
