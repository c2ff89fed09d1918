import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Wrong passwords per account from every address (issue 29): past a few, each further sign-in attempt on the account
 * waits longer. One row per email that each attempt claims atomically; forgotten a day after the last failure.
 */
export class SignInAccountFailures1764040000000 implements MigrationInterface {
  name = 'SignInAccountFailures1764040000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE sign_in_account_failures (
        email text NOT NULL,
        failures integer NOT NULL CHECK (failures > 0),
        last_failed_at timestamptz NOT NULL,
        CONSTRAINT sign_in_account_failures_pk PRIMARY KEY (email)
      )`);
    await queryRunner.query(
      'CREATE INDEX sign_in_account_failures_last_idx ON sign_in_account_failures (last_failed_at)',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE sign_in_account_failures');
  }
}
