import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 36, staging scenes: each property's staged scene (placements of library assets and the scene's settings), kept
 * as the tour's layers are (`virtual_tours`): the draft the editor saves and the published copy visitors see, one
 * jsonb document each, so publishing is one statement and a visitor reads the old scene or the new, never a mix.
 */
export class StagingScenes1765460000000 implements MigrationInterface {
  name = 'StagingScenes1765460000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE staging_scenes (
        property_id uuid PRIMARY KEY REFERENCES properties (id),
        provider_id uuid NOT NULL,
        draft jsonb,
        draft_saved_at timestamptz,
        published jsonb,
        published_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT staging_scenes_draft_ck CHECK (draft IS NULL OR jsonb_typeof(draft -> 'placements') = 'array'),
        CONSTRAINT staging_scenes_published_ck
          CHECK (published IS NULL OR jsonb_typeof(published -> 'placements') = 'array')
      )`);
    await queryRunner.query('CREATE INDEX staging_scenes_provider_idx ON staging_scenes (provider_id)');
    // Deleting an asset asks whether a published scene places it (`published @> {"placements": [{"assetId": ...}]}`).
    await queryRunner.query(
      'CREATE INDEX staging_scenes_published_idx ON staging_scenes USING gin (published jsonb_path_ops)',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE staging_scenes');
  }
}
