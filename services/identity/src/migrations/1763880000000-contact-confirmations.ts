import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ContactConfirmations1763880000000 implements MigrationInterface {
  name = 'ContactConfirmations1763880000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE users ADD COLUMN email_confirmed_at timestamptz');
    await queryRunner.query(`
      CREATE TABLE contact_confirmation_codes (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        type text NOT NULL,
        destination text NOT NULL,
        code_hash bytea NOT NULL,
        attempts integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        spent_at timestamptz
      )`);
    await queryRunner.query(
      'CREATE INDEX contact_confirmation_codes_user_idx ON contact_confirmation_codes (user_id, type, created_at)',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE contact_confirmation_codes');
    await queryRunner.query('ALTER TABLE users DROP COLUMN email_confirmed_at');
  }
}
