import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Photo retouching orders (issue 38): a kind of its own, with what the retoucher does to each photo
 * (`retouch_options`) and where the retouched photos go (`retouch_delivery`), both set on retouching orders only. The
 * photos are the order's supporting files, each a copy of the property's photo it names (`order_files.photo_id`).
 */
export class PhotoRetouching1765900000000 implements MigrationInterface {
  name = 'PhotoRetouching1765900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Written to be applied again over itself (a release's `migrate` after its record was lost changes nothing).
    await queryRunner.query(`
      ALTER TABLE floorplan_orders
        ADD COLUMN IF NOT EXISTS retouch_options text[],
        ADD COLUMN IF NOT EXISTS retouch_delivery text,
        DROP CONSTRAINT IF EXISTS floorplan_orders_kind,
        ADD CONSTRAINT floorplan_orders_kind CHECK (kind IN (
          'floorplan', 'schematic_floorplan', 'universal_floorplan', 'trueplan', 'photo_retouching')),
        DROP CONSTRAINT IF EXISTS floorplan_orders_retouching,
        ADD CONSTRAINT floorplan_orders_retouching CHECK (
          (kind = 'photo_retouching') = (retouch_delivery IS NOT NULL)
          AND (kind = 'photo_retouching') = (retouch_options IS NOT NULL)
          AND (retouch_delivery IS NULL OR retouch_delivery IN ('beside', 'replace'))
          AND (retouch_options IS NULL OR (cardinality(retouch_options) > 0
            AND retouch_options <@ ARRAY['brightness_colour', 'sky_replacement', 'object_removal']))
        )`);
    await queryRunner.query('ALTER TABLE order_files ADD COLUMN IF NOT EXISTS photo_id uuid');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE order_files DROP COLUMN photo_id');
    await queryRunner.query(`
      ALTER TABLE floorplan_orders
        DROP CONSTRAINT floorplan_orders_retouching,
        DROP COLUMN retouch_options,
        DROP COLUMN retouch_delivery`);
  }
}
