import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The categories the library opens with (issue 36): furniture by room use, then what dresses a room. */
const CATEGORIES: ReadonlyArray<readonly [id: string, name: string]> = [
  ['sofas', 'Sofas'],
  ['chairs', 'Chairs'],
  ['tables', 'Tables'],
  ['beds', 'Beds'],
  ['storage', 'Storage'],
  ['lighting', 'Lighting'],
  ['plants', 'Plants'],
  ['rugs', 'Rugs'],
  ['decor', 'Decor'],
  ['kitchen', 'Kitchen'],
  ['bathroom', 'Bathroom'],
  ['office', 'Office'],
  ['outdoor', 'Outdoor'],
];

/**
 * Issue 36, the staging asset library: categories, 3D models (the platform's library where `provider_id` is null, else
 * a provider's own upload), and the log of what was done to each.
 */
export class StagingAssets1765450000000 implements MigrationInterface {
  name = 'StagingAssets1765450000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // A category's id is its slug: the library's filter names it (`filter=sofas`).
    await queryRunner.query(`
      CREATE TABLE staging_asset_categories (
        id text PRIMARY KEY,
        name text NOT NULL,
        position integer NOT NULL,
        CONSTRAINT staging_asset_categories_id_ck CHECK (id ~ '^[a-z][a-z0-9_]{0,39}$'),
        CONSTRAINT staging_asset_categories_position_uq UNIQUE (position)
      )`);
    await queryRunner.query(
      `INSERT INTO staging_asset_categories (id, name, position)
       SELECT id, name, position::int FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS c(id, name, position)`,
      [CATEGORIES.map(([id]) => id), CATEGORIES.map(([, name]) => name)],
    );

    // The model file is the object at storage_key (GLB, checked by its content); size, triangles and the bounding
    // box (metres, glTF's unit) are what reading it showed. credit: a third-party model's (002 §3), or null.
    await queryRunner.query(`
      CREATE TABLE staging_assets (
        id uuid PRIMARY KEY,
        provider_id uuid,
        category_id text NOT NULL REFERENCES staging_asset_categories (id),
        name text NOT NULL,
        storage_key text NOT NULL,
        filename text NOT NULL,
        size_bytes bigint NOT NULL,
        triangle_count integer NOT NULL,
        width_m double precision NOT NULL,
        height_m double precision NOT NULL,
        depth_m double precision NOT NULL,
        credit jsonb,
        archived_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT staging_assets_storage_key_uq UNIQUE (storage_key),
        CONSTRAINT staging_assets_size_ck CHECK (size_bytes > 0),
        CONSTRAINT staging_assets_triangles_ck CHECK (triangle_count >= 0),
        CONSTRAINT staging_assets_dimensions_ck CHECK (width_m >= 0 AND height_m >= 0 AND depth_m >= 0),
        CONSTRAINT staging_assets_name_ck CHECK (length(name) BETWEEN 1 AND 120)
      )`);
    await queryRunner.query(
      'CREATE INDEX staging_assets_provider_idx ON staging_assets (provider_id, created_at DESC, id)',
    );

    // No foreign key to the asset: a deleted asset's rows stay, with the name it had.
    await queryRunner.query(`
      CREATE TABLE staging_asset_logs (
        id uuid PRIMARY KEY,
        asset_id uuid NOT NULL,
        provider_id uuid,
        asset_name text NOT NULL,
        action text NOT NULL,
        actor_user_id uuid NOT NULL,
        impersonator_id uuid,
        changes jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT staging_asset_logs_action_ck
          CHECK (action IN ('created', 'updated', 'archived', 'restored', 'deleted'))
      )`);
    await queryRunner.query(
      'CREATE INDEX staging_asset_logs_created_idx ON staging_asset_logs (created_at DESC, id DESC)',
    );
    await queryRunner.query(
      'CREATE INDEX staging_asset_logs_asset_idx ON staging_asset_logs (asset_id, created_at DESC)',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE staging_asset_logs');
    await queryRunner.query('DROP TABLE staging_assets');
    await queryRunner.query('DROP TABLE staging_asset_categories');
  }
}
