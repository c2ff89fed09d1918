import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A photo retouched in place (a retouching order delivered with `replace`, issue 38) keeps its original's file:
 * `original_file_id`, the file it had before its first retouching, attached as long as the photo is.
 */
export class RetouchedPhotos1765900000000 implements MigrationInterface {
  name = 'RetouchedPhotos1765900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Written to be applied again over itself (a release's `migrate` after its record was lost changes nothing).
    await queryRunner.query(`
      ALTER TABLE property_media
        ADD COLUMN IF NOT EXISTS original_file_id uuid REFERENCES files (id)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE property_media DROP COLUMN original_file_id');
  }
}
