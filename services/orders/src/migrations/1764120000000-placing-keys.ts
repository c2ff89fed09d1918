import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The `Idempotency-Key` of each placing, per provider, for a day: a placing sent again with its key answers the order
 * it placed instead of placing (and paying for) another.
 */
export class PlacingKeys1764120000000 implements MigrationInterface {
  name = 'PlacingKeys1764120000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE placing_keys (
        provider_id uuid NOT NULL,
        key text NOT NULL,
        request_hash text NOT NULL,
        order_id uuid NOT NULL REFERENCES floorplan_orders (id),
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT placing_keys_pk PRIMARY KEY (provider_id, key)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE placing_keys');
  }
}
