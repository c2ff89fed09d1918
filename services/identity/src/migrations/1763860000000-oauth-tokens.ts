import type { MigrationInterface, QueryRunner } from 'typeorm';

export class OauthTokens1763860000000 implements MigrationInterface {
  name = 'OauthTokens1763860000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE oauth_tokens (
        id uuid PRIMARY KEY,
        access_hash bytea NOT NULL,
        refresh_hash bytea,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        provider_id uuid REFERENCES providers (id) ON DELETE CASCADE,
        grant_type text NOT NULL CHECK (grant_type IN ('password', 'client_credentials', 'refresh_token')),
        scopes text[] NOT NULL DEFAULT '{}',
        access_expires_at timestamptz NOT NULL,
        refresh_expires_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        revoked_at timestamptz
      )`);
    await queryRunner.query('CREATE UNIQUE INDEX oauth_tokens_access_uq ON oauth_tokens (access_hash)');
    await queryRunner.query(
      'CREATE UNIQUE INDEX oauth_tokens_refresh_uq ON oauth_tokens (refresh_hash) WHERE refresh_hash IS NOT NULL',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE oauth_tokens');
  }
}
