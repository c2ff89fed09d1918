import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 34: custom tags. A property's tag layer (its on/off switch) and its tags, in the provider's order, saved
 * whole by the provider; uploaded icons are the provider's, each an image file like media's.
 */
export class CustomTags1765410000000 implements MigrationInterface {
  name = 'CustomTags1765410000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE uploaded_icons (
        id uuid PRIMARY KEY,
        provider_id uuid NOT NULL,
        file_id uuid NOT NULL REFERENCES files (id),
        name text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      'CREATE INDEX uploaded_icons_provider_idx ON uploaded_icons (provider_id, created_at DESC, id)',
    );
    await queryRunner.query(`
      CREATE TABLE custom_tag_layers (
        property_id uuid PRIMARY KEY REFERENCES properties (id),
        provider_id uuid NOT NULL,
        tags_enabled boolean NOT NULL DEFAULT true,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE custom_tags (
        id uuid PRIMARY KEY,
        property_id uuid NOT NULL REFERENCES properties (id),
        provider_id uuid NOT NULL,
        sort_order integer NOT NULL,
        label text NOT NULL,
        description text NOT NULL DEFAULT '',
        icon text,
        uploaded_icon_id uuid REFERENCES uploaded_icons (id),
        color text NOT NULL,
        anchor jsonb,
        stem_normal jsonb,
        sweep_id text,
        media jsonb NOT NULL,
        search_text text NOT NULL,
        CONSTRAINT custom_tags_one_icon_ck CHECK (icon IS NULL OR uploaded_icon_id IS NULL),
        CONSTRAINT custom_tags_order_uq UNIQUE (property_id, sort_order)
      )`);
    await queryRunner.query('CREATE INDEX custom_tags_icon_idx ON custom_tags (uploaded_icon_id)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE custom_tags');
    await queryRunner.query('DROP TABLE custom_tag_layers');
    await queryRunner.query('DROP TABLE uploaded_icons');
  }
}
