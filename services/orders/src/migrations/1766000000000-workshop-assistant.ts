import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Workshop assistant orders (issue 38): a kind of its own, with the layers of the tour the platform's staff work on
 * (`workshop_tasks`, set on those orders only). What it delivers is the tour's draft, in properties: no file.
 */
export class WorkshopAssistant1766000000000 implements MigrationInterface {
  name = 'WorkshopAssistant1766000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Written to be applied again over itself (a release's `migrate` after its record was lost changes nothing).
    await queryRunner.query(`
      ALTER TABLE floorplan_orders
        ADD COLUMN IF NOT EXISTS workshop_tasks text[],
        DROP CONSTRAINT IF EXISTS floorplan_orders_kind,
        ADD CONSTRAINT floorplan_orders_kind CHECK (kind IN (
          'floorplan', 'schematic_floorplan', 'universal_floorplan', 'trueplan', 'photo_retouching',
          'workshop_assistant')),
        DROP CONSTRAINT IF EXISTS floorplan_orders_workshop,
        ADD CONSTRAINT floorplan_orders_workshop CHECK (
          (kind = 'workshop_assistant') = (workshop_tasks IS NOT NULL)
          AND (workshop_tasks IS NULL OR (cardinality(workshop_tasks) > 0
            AND workshop_tasks <@ ARRAY['overlay', 'menu', 'welcome_screen', 'guided_tour']))
        )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM floorplan_orders WHERE kind = 'workshop_assistant'`);
    await queryRunner.query(`
      ALTER TABLE floorplan_orders
        DROP CONSTRAINT floorplan_orders_workshop,
        DROP COLUMN workshop_tasks,
        DROP CONSTRAINT floorplan_orders_kind,
        ADD CONSTRAINT floorplan_orders_kind CHECK (kind IN (
          'floorplan', 'schematic_floorplan', 'universal_floorplan', 'trueplan', 'photo_retouching'))`);
  }
}
