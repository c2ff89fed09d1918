import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The single-property website of each property: settings, features and the media it shows. */
export class Websites1763930000002 implements MigrationInterface {
  name = 'Websites1763930000002';

  async up(queryRunner: QueryRunner): Promise<void> {
    // A null selection shows all of the property's media of that kind; no floorplan until one is chosen.
    await queryRunner.query(`
      CREATE TABLE websites (
        property_id uuid PRIMARY KEY REFERENCES properties (id),
        provider_id uuid NOT NULL,
        settings jsonb NOT NULL DEFAULT '{}',
        property_features jsonb NOT NULL DEFAULT '{}',
        photo_ids uuid[],
        published_floorplan_id uuid REFERENCES property_media (id) ON DELETE SET NULL,
        published_video_ids uuid[],
        document_ids uuid[],
        media_link_ids uuid[],
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE websites');
  }
}
