import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ApiKeys1763830000000 implements MigrationInterface {
  name = 'ApiKeys1763830000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE api_keys (
        id uuid PRIMARY KEY,
        provider_id uuid NOT NULL REFERENCES providers (id) ON DELETE CASCADE,
        created_by uuid NOT NULL REFERENCES users (id),
        key_hash bytea NOT NULL,
        hint text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_used_at timestamptz,
        revoked_at timestamptz
      )`);
    await queryRunner.query('CREATE UNIQUE INDEX api_keys_key_hash_uq ON api_keys (key_hash)');
    // One key in force per provider: regenerating revokes the one before.
    await queryRunner.query(
      'CREATE UNIQUE INDEX api_keys_provider_active_uq ON api_keys (provider_id) WHERE revoked_at IS NULL',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE api_keys');
  }
}
