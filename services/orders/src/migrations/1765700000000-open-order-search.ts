import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The queues' search over the open orders alone. The virtual assistants and suppliers mostly search the work still
 * to do, while delivered and cancelled orders pile up for years: with the whole table's trigram index, a word common
 * in addresses had every such order read back from the table to be rechecked and dropped (7,150 rows for 1,143 kept
 * over 50,000 orders, bench/va-queue). This partial index holds only the open orders, so that search reads in
 * proportion to the open work; the planner picks it whenever the statuses asked are open ones, and the whole-table
 * index still serves the rest.
 */
export class OpenOrderSearch1765700000000 implements MigrationInterface {
  name = 'OpenOrderSearch1765700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE INDEX floorplan_orders_open_search_idx ON floorplan_orders USING gin (search_text public.gin_trgm_ops)
        WHERE status IN ('placed', 'in_progress', 'paused')`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX floorplan_orders_open_search_idx');
  }
}
