import type { MigrationInterface, QueryRunner } from 'typeorm';

export class OnboardingFlags1763800000000 implements MigrationInterface {
  name = 'OnboardingFlags1763800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE onboarding_flags (
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        flag text NOT NULL CHECK (flag IN ('vt_staging_start', 'dtx_experience', 'custom_tags_start',
          'spatial_audio_start', 'global_lighting', 'cs_overlay', 'overlay_template', 'wayfinding_start')),
        recorded_at timestamptz NOT NULL,
        CONSTRAINT onboarding_flags_pk PRIMARY KEY (user_id, flag)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE onboarding_flags');
  }
}
