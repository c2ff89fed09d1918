import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ApiKeyUse1763890000000 implements MigrationInterface {
  name = 'ApiKeyUse1763890000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // One row per key and hour it was used in: the access log shows when a key was in use, not every request.
    await queryRunner.query(`
      CREATE TABLE api_key_use_hours (
        api_key_id uuid NOT NULL REFERENCES api_keys (id) ON DELETE CASCADE,
        hour timestamptz NOT NULL,
        first_used_at timestamptz NOT NULL,
        last_used_at timestamptz NOT NULL,
        PRIMARY KEY (api_key_id, hour)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE api_key_use_hours');
  }
}
