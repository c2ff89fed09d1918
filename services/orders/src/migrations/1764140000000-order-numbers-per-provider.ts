import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Order numbers per provider (issue 29): one sequence across the platform told every provider how many orders the
 * platform takes. Each provider now counts its own from 1: `order_numbers` holds its last number, which placing takes
 * and raises in the order's transaction (the row locked until it commits, so two orders placed at once never share
 * one), and a provider's number is unique to it. The orders placed before are renumbered per provider in the order
 * they were placed (the old number, which followed every insert, breaks ties), and each counter starts at its
 * provider's last.
 */
export class OrderNumbersPerProvider1764140000000 implements MigrationInterface {
  name = 'OrderNumbersPerProvider1764140000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE order_numbers (
        provider_id uuid PRIMARY KEY,
        last_number bigint NOT NULL,
        CONSTRAINT order_numbers_positive CHECK (last_number > 0)
      )`);
    await queryRunner.query('ALTER TABLE floorplan_orders ALTER COLUMN number DROP IDENTITY');
    await queryRunner.query('DROP INDEX floorplan_orders_number_uq');
    await queryRunner.query(`
      UPDATE floorplan_orders o SET number = renumbered.number
        FROM (SELECT id, row_number() OVER (PARTITION BY provider_id ORDER BY placed_at, number) AS number
                FROM floorplan_orders) renumbered
       WHERE o.id = renumbered.id`);
    await queryRunner.query(
      'CREATE UNIQUE INDEX floorplan_orders_provider_number_uq ON floorplan_orders (provider_id, number)',
    );
    await queryRunner.query(`
      INSERT INTO order_numbers (provider_id, last_number)
      SELECT provider_id, max(number) FROM floorplan_orders GROUP BY provider_id`);
  }

  /** Back to one sequence across the platform, in the order the orders were placed. */
  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX floorplan_orders_provider_number_uq');
    await queryRunner.query(`
      UPDATE floorplan_orders o SET number = renumbered.number
        FROM (SELECT id, row_number() OVER (ORDER BY placed_at, id) AS number FROM floorplan_orders) renumbered
       WHERE o.id = renumbered.id`);
    await queryRunner.query(
      'ALTER TABLE floorplan_orders ALTER COLUMN number ADD GENERATED ALWAYS AS IDENTITY',
    );
    await queryRunner.query(`
      SELECT setval(pg_get_serial_sequence('floorplan_orders', 'number'), coalesce(max(number), 1),
                    max(number) IS NOT NULL)
        FROM floorplan_orders`);
    await queryRunner.query('CREATE UNIQUE INDEX floorplan_orders_number_uq ON floorplan_orders (number)');
    await queryRunner.query('DROP TABLE order_numbers');
  }
}
