import type { MigrationInterface, QueryRunner } from 'typeorm';

export class SketchfabConnections1765470000000 implements MigrationInterface {
  name = 'SketchfabConnections1765470000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // One per provider: the OAuth tokens of its Sketchfab account (issue 36), encrypted (AES-256-GCM with
    // SKETCHFAB_TOKEN_KEY), never kept in clear. `broken`: Sketchfab refused to renew the access; the provider connects
    // again. Properties' own: only the staging imports use them.
    await queryRunner.query(`
      CREATE TABLE sketchfab_connections (
        provider_id uuid PRIMARY KEY,
        account_name text,
        access_token bytea NOT NULL,
        refresh_token bytea,
        access_expires_at timestamptz NOT NULL,
        scope text,
        status text NOT NULL DEFAULT 'connected',
        connected_by uuid NOT NULL,
        connected_at timestamptz NOT NULL DEFAULT now(),
        refreshed_at timestamptz,
        CONSTRAINT sketchfab_connections_status_ck CHECK (status IN ('connected', 'broken'))
      )`);
    // An authorisation on its way through Sketchfab's page: the SHA-256 of its `state` (the state itself travels only
    // in the browser), whom and which property it was started for, 10 minutes, used once.
    await queryRunner.query(`
      CREATE TABLE sketchfab_authorizations (
        state_hash bytea PRIMARY KEY,
        provider_id uuid NOT NULL,
        user_id uuid NOT NULL,
        property_id uuid NOT NULL REFERENCES properties (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        used_at timestamptz
      )`);
    await queryRunner.query(
      'CREATE INDEX sketchfab_authorizations_expires_idx ON sketchfab_authorizations (expires_at)',
    );
    // Which Sketchfab model each of a provider's assets came from: one asset per (provider, model), so importing a
    // model again answers the asset it made. Deleting the asset forgets the import (it may be imported again); archiving
    // it (deleted while a published scene places it) leaves the row until the model is imported again, which moves it
    // to the new asset.
    await queryRunner.query(`
      CREATE TABLE sketchfab_imports (
        provider_id uuid NOT NULL,
        model_uid text NOT NULL,
        asset_id uuid NOT NULL REFERENCES staging_assets (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT sketchfab_imports_pk PRIMARY KEY (provider_id, model_uid),
        CONSTRAINT sketchfab_imports_asset_uq UNIQUE (asset_id)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE sketchfab_imports');
    await queryRunner.query('DROP TABLE sketchfab_authorizations');
    await queryRunner.query('DROP TABLE sketchfab_connections');
  }
}
