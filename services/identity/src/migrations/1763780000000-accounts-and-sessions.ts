import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AccountsAndSessions1763780000000 implements MigrationInterface {
  name = 'AccountsAndSessions1763780000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE providers (
        id uuid PRIMARY KEY,
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
        subdomain text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query('CREATE UNIQUE INDEX providers_subdomain_uq ON providers (lower(subdomain))');
    await queryRunner.query(`
      CREATE TABLE users (
        id uuid PRIMARY KEY,
        email text NOT NULL,
        first_name text NOT NULL,
        last_name text NOT NULL,
        password_hash text NOT NULL,
        staff_role text CHECK (staff_role IN ('platform_admin', 'virtual_assistant', 'external_supplier')),
        primary_provider_id uuid REFERENCES providers (id),
        color text NOT NULL DEFAULT '#c4c4c4',
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query('CREATE UNIQUE INDEX users_email_uq ON users (lower(email))');
    await queryRunner.query(`
      CREATE TABLE memberships (
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        provider_id uuid NOT NULL REFERENCES providers (id) ON DELETE CASCADE,
        role text NOT NULL CHECK (role IN ('admin', 'scan_technician', 'member', 'client_user')),
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT memberships_pk PRIMARY KEY (user_id, provider_id)
      )`);
    await queryRunner.query('CREATE INDEX memberships_provider_idx ON memberships (provider_id)');
    await queryRunner.query(`
      CREATE TABLE sessions (
        id uuid PRIMARY KEY,
        token_hash bytea NOT NULL,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        current_provider_id uuid REFERENCES providers (id),
        impersonator_id uuid REFERENCES users (id),
        csrf_token text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        revoked_at timestamptz
      )`);
    await queryRunner.query('CREATE UNIQUE INDEX sessions_token_hash_uq ON sessions (token_hash)');
    await queryRunner.query('CREATE INDEX sessions_user_idx ON sessions (user_id) WHERE revoked_at IS NULL');
    await queryRunner.query(`
      CREATE TABLE sign_in_failures (
        email text NOT NULL,
        failed_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query('CREATE INDEX sign_in_failures_email_idx ON sign_in_failures (email, failed_at)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE sign_in_failures');
    await queryRunner.query('DROP TABLE sessions');
    await queryRunner.query('DROP TABLE memberships');
    await queryRunner.query('DROP TABLE users');
    await queryRunner.query('DROP TABLE providers');
  }
}
