import type { MigrationInterface, QueryRunner } from 'typeorm';

export class MatterportConnections1763960000000 implements MigrationInterface {
  name = 'MatterportConnections1763960000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // One per provider: the OAuth tokens of its own Matterport account. The tokens are encrypted (AES-256-GCM with
    // MATTERPORT_TOKEN_KEY: version, IV, tag, ciphertext), never kept in clear. `broken`: Matterport refused to renew
    // the access; the tokens stay (useless) until the provider connects again or disconnects.
    await queryRunner.query(`
      CREATE TABLE matterport_connections (
        provider_id uuid PRIMARY KEY REFERENCES providers (id) ON DELETE CASCADE,
        account_name text,
        access_token bytea NOT NULL,
        refresh_token bytea,
        access_expires_at timestamptz NOT NULL,
        scope text,
        status text NOT NULL DEFAULT 'connected',
        broken_reason text,
        broken_at timestamptz,
        connected_by uuid REFERENCES users (id) ON DELETE SET NULL,
        connected_at timestamptz NOT NULL DEFAULT now(),
        refreshed_at timestamptz,
        CONSTRAINT matterport_connections_status_ck CHECK (status IN ('connected', 'broken')),
        CONSTRAINT matterport_connections_broken_ck CHECK ((status = 'broken') = (broken_reason IS NOT NULL))
      )`);
    // An authorisation on its way through Matterport's page: the SHA-256 of its `state` (the state itself travels
    // only in the browser), whom it was started by and for, the PKCE verifier (encrypted), 10 minutes, used once.
    await queryRunner.query(`
      CREATE TABLE matterport_authorizations (
        state_hash bytea PRIMARY KEY,
        provider_id uuid NOT NULL REFERENCES providers (id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        code_verifier bytea NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        used_at timestamptz
      )`);
    await queryRunner.query(
      'CREATE INDEX matterport_authorizations_expires_idx ON matterport_authorizations (expires_at)',
    );
    // The providers that used the platform's own Matterport account (every provider that exists now): each sees the
    // prompt to connect its own account until it connects or dismisses it (`ended_at`, `ended_by`). Providers made
    // later get no row, so never see it.
    await queryRunner.query(`
      CREATE TABLE matterport_switch_prompts (
        provider_id uuid PRIMARY KEY REFERENCES providers (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        ended_at timestamptz,
        ended_by text,
        CONSTRAINT matterport_switch_prompts_ended_ck CHECK ((ended_at IS NULL) = (ended_by IS NULL)),
        CONSTRAINT matterport_switch_prompts_ended_by_ck CHECK (ended_by IN ('connected', 'dismissed'))
      )`);
    await queryRunner.query('INSERT INTO matterport_switch_prompts (provider_id) SELECT id FROM providers');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE matterport_switch_prompts');
    await queryRunner.query('DROP TABLE matterport_authorizations');
    await queryRunner.query('DROP TABLE matterport_connections');
  }
}
