import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Who draws an order's plan: one of the platform's suppliers (every order before this), or Matterport itself, bought
 * through its Model API (schematic floor plans only). Matterport's orders are followed until Matterport delivers or
 * fails them: a small index of those still in progress is what that follow-up reads. The files Matterport delivers
 * were uploaded by nobody of the platform's, hence `uploaded_by` null for them.
 */
export class DrawnByMatterport1765800000000 implements MigrationInterface {
  name = 'DrawnByMatterport1765800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Written to be applied again over itself (a release's `migrate` after its record was lost changes nothing).
    await queryRunner.query(`
      ALTER TABLE floorplan_orders
        ADD COLUMN IF NOT EXISTS drawn_by text NOT NULL DEFAULT 'supplier',
        DROP CONSTRAINT IF EXISTS floorplan_orders_drawn_by,
        ADD CONSTRAINT floorplan_orders_drawn_by CHECK (
          drawn_by = 'supplier' OR (drawn_by = 'matterport' AND kind = 'schematic_floorplan')
        )`);
    await queryRunner.query(`
      CREATE INDEX IF NOT EXISTS floorplan_orders_at_matterport_idx ON floorplan_orders (placed_at, id)
        WHERE drawn_by = 'matterport' AND status = 'in_progress'`);
    await queryRunner.query('ALTER TABLE order_files ALTER COLUMN uploaded_by DROP NOT NULL');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DELETE FROM order_files WHERE uploaded_by IS NULL');
    await queryRunner.query('ALTER TABLE order_files ALTER COLUMN uploaded_by SET NOT NULL');
    await queryRunner.query('DROP INDEX floorplan_orders_at_matterport_idx');
    await queryRunner.query('ALTER TABLE floorplan_orders DROP COLUMN drawn_by');
  }
}
