import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Who works an order says so for the workshop assistant too: the platform's staff (`drawn_by` 'staff'), where its
 * orders read 'supplier' since issue 38 (the provider's billing CSV and webhooks said a supplier did the work). The
 * staff work that kind and nothing else; Matterport still draws schematic floor plans only.
 */
export class WorkshopWorkedByStaff1766100000000 implements MigrationInterface {
  name = 'WorkshopWorkedByStaff1766100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Written to be applied again over itself (a release's `migrate` after its record was lost changes nothing).
    await queryRunner.query(
      'ALTER TABLE floorplan_orders DROP CONSTRAINT IF EXISTS floorplan_orders_drawn_by',
    );
    await queryRunner.query(
      `UPDATE floorplan_orders SET drawn_by = 'staff' WHERE kind = 'workshop_assistant' AND drawn_by <> 'staff'`,
    );
    await queryRunner.query(`
      ALTER TABLE floorplan_orders ADD CONSTRAINT floorplan_orders_drawn_by CHECK (
        drawn_by IN ('supplier', 'matterport', 'staff')
        AND (drawn_by = 'staff') = (kind = 'workshop_assistant')
        AND (drawn_by <> 'matterport' OR kind = 'schematic_floorplan')
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE floorplan_orders DROP CONSTRAINT floorplan_orders_drawn_by');
    await queryRunner.query(`UPDATE floorplan_orders SET drawn_by = 'supplier' WHERE drawn_by = 'staff'`);
    await queryRunner.query(`
      ALTER TABLE floorplan_orders ADD CONSTRAINT floorplan_orders_drawn_by CHECK (
        drawn_by = 'supplier' OR (drawn_by = 'matterport' AND kind = 'schematic_floorplan')
      )`);
  }
}
