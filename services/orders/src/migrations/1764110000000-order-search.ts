import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The queues' search (a word anywhere in the property's title or address) by a trigram index instead of reading
 * every order of the queue: the text searched, lower-cased once when written, and its GIN index.
 */
export class OrderSearch1764110000000 implements MigrationInterface {
  name = 'OrderSearch1764110000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // pg_trgm is a trusted extension (PostgreSQL 13+): the database's owner creates it, no superuser needed. In
    // `public`, as properties does: one database may hold every service's schema, and an extension is per database.
    await queryRunner.query('CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public');
    await queryRunner.query(`
      ALTER TABLE floorplan_orders ADD COLUMN search_text text
        GENERATED ALWAYS AS (lower(property_title || ' ' || coalesce(property_address, ''))) STORED`);
    await queryRunner.query(
      'CREATE INDEX floorplan_orders_search_idx ON floorplan_orders USING gin (search_text public.gin_trgm_ops)',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX floorplan_orders_search_idx');
    await queryRunner.query('ALTER TABLE floorplan_orders DROP COLUMN search_text');
  }
}
