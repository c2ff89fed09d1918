import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The sign-in lockout counts per email and client address, in one row per pair that each attempt increments
 * atomically (the old table of failures was counted, then inserted into: concurrent guesses all saw room).
 */
export class SignInAttempts1763900000000 implements MigrationInterface {
  name = 'SignInAttempts1763900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE sign_in_attempts (
        email text NOT NULL,
        address text NOT NULL,
        attempts integer NOT NULL CHECK (attempts > 0),
        window_started_at timestamptz NOT NULL,
        CONSTRAINT sign_in_attempts_pk PRIMARY KEY (email, address)
      )`);
    await queryRunner.query(
      'CREATE INDEX sign_in_attempts_window_idx ON sign_in_attempts (window_started_at)',
    );
    await queryRunner.query('DROP TABLE sign_in_failures');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE sign_in_failures (
        email text NOT NULL,
        failed_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query('CREATE INDEX sign_in_failures_email_idx ON sign_in_failures (email, failed_at)');
    await queryRunner.query('DROP TABLE sign_in_attempts');
  }
}
