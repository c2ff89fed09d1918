import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Floorplans delivered by orders (`orders.order.finalised.v1`): a floorplan made from an order's file keeps that
 * file's id, once per file, so a redelivered or republished event never adds it twice.
 */
export class OrderFloorplans1764300000000 implements MigrationInterface {
  name = 'OrderFloorplans1764300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Null for everything uploaded by the provider (NULLs never collide in a unique constraint).
    await queryRunner.query(`
      ALTER TABLE property_media
        ADD COLUMN source_order_file_id uuid,
        ADD CONSTRAINT property_media_source_order_file_uq UNIQUE (source_order_file_id)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE property_media DROP COLUMN source_order_file_id');
  }
}
