import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The back office's variant select (`GET /admin/floorplan_variants.json`) reads every provider's variants: newest
 * first by an index of their own (the provider's index leads with the provider), and `search` in the name by a
 * trigram index instead of reading them all.
 */
export class VariantSearch1764130000000 implements MigrationInterface {
  name = 'VariantSearch1764130000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE INDEX floorplan_variants_created_idx ON floorplan_variants (created_at DESC, id DESC)',
    );
    await queryRunner.query(
      'CREATE INDEX floorplan_variants_name_search_idx ON floorplan_variants USING gin (name public.gin_trgm_ops)',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX floorplan_variants_name_search_idx');
    await queryRunner.query('DROP INDEX floorplan_variants_created_idx');
  }
}
