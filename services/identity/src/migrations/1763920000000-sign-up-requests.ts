import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Sign-up in two steps: asking (email, password, names) emails a code, and the account exists once the code
 * comes back. A request for an email that already has an account keeps no password and no code: it emails
 * the owner instead, and answers exactly as any other request does.
 */
export class SignUpRequests1763920000000 implements MigrationInterface {
  name = 'SignUpRequests1763920000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE sign_up_requests (
        id uuid PRIMARY KEY,
        email text NOT NULL,
        first_name text NOT NULL DEFAULT '',
        last_name text NOT NULL DEFAULT '',
        password_hash text,
        code_hash bytea,
        attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        spent_at timestamptz,
        CONSTRAINT sign_up_requests_code_with_password_ck CHECK ((code_hash IS NULL) = (password_hash IS NULL))
      )`);
    await queryRunner.query(
      'CREATE INDEX sign_up_requests_email_idx ON sign_up_requests (lower(email), created_at)',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE sign_up_requests');
  }
}
