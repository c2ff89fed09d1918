import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Surveys1763850000000 implements MigrationInterface {
  name = 'Surveys1763850000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE survey_responses (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        provider_id uuid REFERENCES providers (id) ON DELETE CASCADE,
        answers jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE survey_responses');
  }
}
