import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Properties1763920000000 implements MigrationInterface {
  name = 'Properties1763920000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public');
    await queryRunner.query('CREATE EXTENSION IF NOT EXISTS btree_gin WITH SCHEMA public');
    await queryRunner.query(`
      CREATE TABLE properties (
        id uuid PRIMARY KEY,
        provider_id uuid NOT NULL,
        slug text NOT NULL,
        title text NOT NULL,
        address text NOT NULL,
        formatted_address text,
        street_address text,
        suburb text,
        state text,
        postcode text,
        country text,
        country_short_name text,
        latitude double precision,
        longitude double precision,
        matterport_key text NOT NULL,
        start_position text,
        tour_published boolean NOT NULL DEFAULT false,
        website_published boolean NOT NULL DEFAULT false,
        premium boolean NOT NULL DEFAULT false,
        -- When the tour last became premium: downgrades turn the oldest premium tours basic first.
        premium_since timestamptz,
        published_at timestamptz,
        deleted_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      'CREATE UNIQUE INDEX properties_provider_slug_uq ON properties (provider_id, slug) WHERE deleted_at IS NULL',
    );
    // The list: a provider's properties, newest first, filtered and searched (title and address).
    await queryRunner.query(
      'CREATE INDEX properties_provider_created_idx ON properties (provider_id, created_at DESC, id DESC) WHERE deleted_at IS NULL',
    );
    // Search within one provider: the provider in the same GIN index (btree_gin), so a search never scans
    // every provider's matches.
    await queryRunner.query(
      `CREATE INDEX properties_search_idx ON properties
         USING gin (provider_id, (title || ' ' || address) public.gin_trgm_ops) WHERE deleted_at IS NULL`,
    );
    await queryRunner.query(
      'CREATE INDEX properties_premium_idx ON properties (provider_id, premium_since) WHERE premium AND deleted_at IS NULL',
    );
    // Each provider's plan, from billing's events: what publishing and the premium-tour quota follow.
    await queryRunner.query(`
      CREATE TABLE provider_plans (
        provider_id uuid PRIMARY KEY,
        product_code text NOT NULL,
        status text NOT NULL,
        premium_tour_limit integer,
        changed_at timestamptz NOT NULL
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE provider_plans');
    await queryRunner.query('DROP TABLE properties');
  }
}
