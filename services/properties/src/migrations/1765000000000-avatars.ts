import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 31: people's uploaded avatars. One picture per user (a provider's person, a client user), its file in
 * `files` like media's; a replaced or removed picture's file is discarded for the sweep.
 */
export class Avatars1765000000000 implements MigrationInterface {
  name = 'Avatars1765000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE avatars (
        user_id uuid PRIMARY KEY,
        file_id uuid NOT NULL REFERENCES files (id),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE avatars');
  }
}
