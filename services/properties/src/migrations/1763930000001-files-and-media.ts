import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Uploaded files, a property's media (photos, videos, floorplans, documents), its media links and contacts. */
export class FilesAndMedia1763930000001 implements MigrationInterface {
  name = 'FilesAndMedia1763930000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Every object in storage that the service knows of. A temporary upload is a file not yet attached to
    // media; a discarded file's media is gone and its objects are next for the sweep.
    await queryRunner.query(`
      CREATE TABLE files (
        id uuid PRIMARY KEY,
        provider_id uuid NOT NULL,
        storage_key text NOT NULL,
        filename text NOT NULL,
        -- What the first bytes say it is; null until a direct (presigned) upload has been checked.
        content_type text,
        size bigint,
        width integer,
        height integer,
        square boolean,
        thumbnail_key text,
        -- Sent by the browser straight to storage (presigned PUT) rather than through the service.
        direct boolean NOT NULL DEFAULT false,
        attached_at timestamptz,
        discarded_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT files_storage_key_uq UNIQUE (storage_key),
        CONSTRAINT files_size_ck CHECK (size IS NULL OR size BETWEEN 0 AND 102400000)
      )`);
    await queryRunner.query('CREATE INDEX files_provider_idx ON files (provider_id, id)');
    await queryRunner.query(
      'CREATE INDEX files_unattached_idx ON files (created_at) WHERE attached_at IS NULL',
    );
    await queryRunner.query(
      'CREATE INDEX files_discarded_idx ON files (discarded_at) WHERE discarded_at IS NOT NULL',
    );

    await queryRunner.query(`
      CREATE TABLE property_media (
        id uuid PRIMARY KEY,
        provider_id uuid NOT NULL,
        property_id uuid NOT NULL REFERENCES properties (id),
        kind text NOT NULL,
        source text NOT NULL,
        file_id uuid REFERENCES files (id),
        url text,
        name text,
        position integer NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT property_media_kind_ck CHECK (kind IN ('photo', 'video', 'floorplan', 'document')),
        -- An uploaded file, or (videos only) a link to a video elsewhere.
        CONSTRAINT property_media_source_ck CHECK (
          (source = 'uploaded' AND file_id IS NOT NULL AND url IS NULL)
          OR (source = 'external' AND kind = 'video' AND file_id IS NULL AND url IS NOT NULL)),
        CONSTRAINT property_media_file_uq UNIQUE (file_id)
      )`);
    await queryRunner.query(
      'CREATE INDEX property_media_property_idx ON property_media (property_id, kind, position, id)',
    );

    await queryRunner.query(`
      CREATE TABLE media_links (
        id uuid PRIMARY KEY,
        provider_id uuid NOT NULL,
        property_id uuid NOT NULL REFERENCES properties (id),
        url text NOT NULL,
        title text,
        position integer NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      'CREATE INDEX media_links_property_idx ON media_links (property_id, position, id)',
    );

    // The agents shown with the property (001 §3 "contacts (agentIds)"), in order.
    await queryRunner.query(`
      CREATE TABLE property_contacts (
        property_id uuid NOT NULL REFERENCES properties (id),
        contact_id uuid NOT NULL,
        position integer NOT NULL,
        PRIMARY KEY (property_id, contact_id)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE property_contacts');
    await queryRunner.query('DROP TABLE media_links');
    await queryRunner.query('DROP TABLE property_media');
    await queryRunner.query('DROP TABLE files');
  }
}
