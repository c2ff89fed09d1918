import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 34, welcome screens: the sequence a visitor sees before the tour starts, one row per screen in its place,
 * replaced whole by `POST /provider/properties/{id}/welcome_screens`. A photo or a video is one of the provider's
 * uploaded files (attached, so the uploads sweep keeps it; discarded when its screen goes).
 */
export class WelcomeScreens1765421000000 implements MigrationInterface {
  name = 'WelcomeScreens1765421000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE welcome_screens (
        id uuid PRIMARY KEY,
        property_id uuid NOT NULL REFERENCES properties (id) ON DELETE CASCADE,
        provider_id uuid NOT NULL,
        position integer NOT NULL,
        title text NOT NULL,
        text text NOT NULL,
        button_label text NOT NULL,
        media_type text NOT NULL,
        media_size text NOT NULL,
        file_id uuid REFERENCES files (id),
        CONSTRAINT welcome_screens_position_uq UNIQUE (property_id, position),
        CONSTRAINT welcome_screens_position_ck CHECK (position BETWEEN 0 AND 4),
        CONSTRAINT welcome_screens_media_type_ck CHECK (media_type IN ('no_media', 'photo', 'video')),
        CONSTRAINT welcome_screens_media_size_ck CHECK (media_size IN ('small', 'medium', 'large', 'fullscreen')),
        CONSTRAINT welcome_screens_file_ck CHECK ((media_type = 'no_media') = (file_id IS NULL))
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE welcome_screens');
  }
}
