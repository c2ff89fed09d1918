import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 36, the asset library's thumbnails: each model's catalogue picture, made when the asset is (null for an asset
 * whose picture could not be made: the library shows its name alone).
 */
export class StagingAssetThumbnails1765490000000 implements MigrationInterface {
  name = 'StagingAssetThumbnails1765490000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE staging_assets ADD COLUMN thumbnail_key text');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE staging_assets DROP COLUMN thumbnail_key');
  }
}
