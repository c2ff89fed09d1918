import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Impersonations1763790000000 implements MigrationInterface {
  name = 'Impersonations1763790000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE impersonations (
        id uuid PRIMARY KEY,
        admin_id uuid NOT NULL REFERENCES users (id),
        provider_id uuid NOT NULL REFERENCES providers (id),
        user_id uuid NOT NULL REFERENCES users (id),
        started_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        stopped_at timestamptz,
        CONSTRAINT impersonations_ends_after_start_ck CHECK (expires_at > started_at)
      )`);
    await queryRunner.query(
      'CREATE INDEX impersonations_provider_idx ON impersonations (provider_id, started_at DESC)',
    );
    await queryRunner.query('CREATE INDEX impersonations_started_idx ON impersonations (started_at DESC)');
    await queryRunner.query(
      'ALTER TABLE sessions ADD COLUMN impersonation_id uuid REFERENCES impersonations (id)',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE sessions DROP COLUMN impersonation_id');
    await queryRunner.query('DROP TABLE impersonations');
  }
}
