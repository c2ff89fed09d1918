import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * How fast Matterport draws an order's plan (`MATTERPORT_SPEEDS`: its `delivery_time`), which also sets its price and
 * promised time: null for a supplier's order. Orders Matterport drew before were all normal.
 */
export class MatterportSpeed1765810000000 implements MigrationInterface {
  name = 'MatterportSpeed1765810000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Written to be applied again over itself (a release's `migrate` after its record was lost changes nothing).
    await queryRunner.query(`
      ALTER TABLE floorplan_orders
        ADD COLUMN IF NOT EXISTS matterport_speed text,
        DROP CONSTRAINT IF EXISTS floorplan_orders_matterport_speed,
        ADD CONSTRAINT floorplan_orders_matterport_speed CHECK (
          (drawn_by = 'matterport') = (matterport_speed IS NOT NULL)
          AND (matterport_speed IS NULL OR matterport_speed IN ('normal', 'fast', 'urgent'))
        ) NOT VALID`);
    await queryRunner.query(
      "UPDATE floorplan_orders SET matterport_speed = 'normal' WHERE drawn_by = 'matterport' AND matterport_speed IS NULL",
    );
    await queryRunner.query(
      'ALTER TABLE floorplan_orders VALIDATE CONSTRAINT floorplan_orders_matterport_speed',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE floorplan_orders DROP COLUMN matterport_speed');
  }
}
