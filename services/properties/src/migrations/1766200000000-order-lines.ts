import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A medium delivered by an order names the first order of its line (`first_order_id`: the order itself, or the one
 * its amendments go back to), and a retouched photo delivered beside its original that original
 * (`retouched_photo_id`), so that an amendment's plan or photo takes the place of the one its line delivered rather
 * than adding another. Media added before have neither: an amendment of their order adds, as it did.
 */
export class OrderLines1766200000000 implements MigrationInterface {
  name = 'OrderLines1766200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Written to be applied again over itself (a release's `migrate` after its record was lost changes nothing).
    await queryRunner.query(`
      ALTER TABLE property_media
        ADD COLUMN IF NOT EXISTS retouched_photo_id uuid,
        ADD COLUMN IF NOT EXISTS first_order_id uuid`);
    await queryRunner.query(`
      CREATE INDEX IF NOT EXISTS property_media_order_line_idx
        ON property_media (first_order_id, retouched_photo_id) WHERE first_order_id IS NOT NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX property_media_order_line_idx');
    await queryRunner.query(
      'ALTER TABLE property_media DROP COLUMN retouched_photo_id, DROP COLUMN first_order_id',
    );
  }
}
