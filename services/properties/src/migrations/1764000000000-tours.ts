import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Tours (issue 12): each provider's namespace of player links, each property's player link (branding, media, model,
 * setup, password), its scan viewer's URL parameters, its tour layers (draft and published), the provider's overlay
 * templates and the images its tours show.
 */
export class Tours1764000000000 implements MigrationInterface {
  name = 'Tours1764000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // The first segment of every player link of a provider: `/tours/<slug>/<model slug>`.
    await queryRunner.query(`
      CREATE TABLE player_link_namespaces (
        provider_id uuid PRIMARY KEY,
        slug text NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    // One per property, made the first time its tour space is opened. model_slug: the property's slug then.
    await queryRunner.query(`
      CREATE TABLE player_links (
        id uuid PRIMARY KEY,
        provider_id uuid NOT NULL,
        property_id uuid NOT NULL UNIQUE REFERENCES properties (id),
        client_slug text NOT NULL REFERENCES player_link_namespaces (slug),
        model_slug text NOT NULL,
        branding jsonb NOT NULL DEFAULT '{}',
        media jsonb NOT NULL DEFAULT '{}',
        model_source text,
        setup jsonb NOT NULL DEFAULT '{}',
        username text,
        password_hash text,
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (client_slug, model_slug)
      )`);
    // Only the values set away from the viewer's defaults are kept.
    await queryRunner.query(`
      CREATE TABLE matterport_model_parameters (
        id uuid PRIMARY KEY,
        provider_id uuid NOT NULL,
        property_id uuid NOT NULL UNIQUE REFERENCES properties (id),
        parameters jsonb NOT NULL DEFAULT '{}',
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // draft: the layers being edited (null: none, the published ones stand); published: what visitors see (null: the
    // defaults). Publishing copies one into the other in a single statement.
    await queryRunner.query(`
      CREATE TABLE virtual_tours (
        id uuid PRIMARY KEY,
        provider_id uuid NOT NULL,
        property_id uuid NOT NULL UNIQUE REFERENCES properties (id),
        draft jsonb,
        draft_saved_at timestamptz,
        published jsonb,
        published_at timestamptz,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE overlay_templates (
        id uuid PRIMARY KEY,
        provider_id uuid NOT NULL,
        name text NOT NULL,
        search_text text NOT NULL,
        overlay jsonb NOT NULL,
        thumbnail_file_id uuid REFERENCES files (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      'CREATE INDEX overlay_templates_provider ON overlay_templates (provider_id, created_at DESC)',
    );
    await queryRunner.query(`
      CREATE TABLE location_images (
        id uuid PRIMARY KEY,
        provider_id uuid NOT NULL,
        file_id uuid NOT NULL UNIQUE REFERENCES files (id),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      'CREATE INDEX location_images_provider ON location_images (provider_id, created_at DESC)',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'DROP TABLE location_images, overlay_templates, virtual_tours, matterport_model_parameters, player_links, player_link_namespaces',
    );
  }
}
