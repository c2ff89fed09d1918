import type { MigrationInterface, QueryRunner } from 'typeorm';

export class PasswordResets1763870000000 implements MigrationInterface {
  name = 'PasswordResets1763870000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE password_resets (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        token_hash bytea NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        used_at timestamptz
      )`);
    await queryRunner.query('CREATE UNIQUE INDEX password_resets_token_uq ON password_resets (token_hash)');
    await queryRunner.query('CREATE INDEX password_resets_user_idx ON password_resets (user_id, created_at)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE password_resets');
  }
}
