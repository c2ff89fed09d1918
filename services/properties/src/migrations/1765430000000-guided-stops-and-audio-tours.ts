import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 34, guided tour stops and audio tours (002 §7 "Provider: audio tours"): the provider's audio files (each an
 * uploaded file, checked by its bytes), a property's audio tour (background music, narration per room, sound sources
 * placed in the space) and its guided tour's stops, in order. An audio file in use is kept (RESTRICT): the routes
 * refuse its removal in words before the database would.
 */
export class GuidedStopsAndAudioTours1765430000000 implements MigrationInterface {
  name = 'GuidedStopsAndAudioTours1765430000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE audio_files (
        id uuid PRIMARY KEY,
        provider_id uuid NOT NULL,
        file_id uuid NOT NULL REFERENCES files (id),
        name text NOT NULL CONSTRAINT audio_files_name_length CHECK (char_length(name) BETWEEN 1 AND 120),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      'CREATE INDEX audio_files_provider_idx ON audio_files (provider_id, created_at, id)',
    );
    await queryRunner.query(`
      CREATE TABLE audio_tours (
        id uuid PRIMARY KEY,
        provider_id uuid NOT NULL,
        property_id uuid NOT NULL REFERENCES properties (id),
        background_music_id uuid REFERENCES audio_files (id),
        volume integer NOT NULL DEFAULT 60 CONSTRAINT audio_tours_volume_range CHECK (volume BETWEEN 0 AND 100),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT audio_tours_property_uq UNIQUE (property_id)
      )`);
    await queryRunner.query(`
      CREATE TABLE audio_tour_narrations (
        audio_tour_id uuid NOT NULL REFERENCES audio_tours (id) ON DELETE CASCADE,
        room text NOT NULL CONSTRAINT audio_tour_narrations_room_length CHECK (char_length(room) BETWEEN 1 AND 120),
        audio_file_id uuid NOT NULL REFERENCES audio_files (id),
        PRIMARY KEY (audio_tour_id, room)
      )`);
    await queryRunner.query(`
      CREATE TABLE audio_tour_sources (
        audio_tour_id uuid NOT NULL REFERENCES audio_tours (id) ON DELETE CASCADE,
        place integer NOT NULL,
        x double precision NOT NULL,
        y double precision NOT NULL,
        z double precision NOT NULL,
        audio_file_id uuid NOT NULL REFERENCES audio_files (id),
        radius double precision NOT NULL CONSTRAINT audio_tour_sources_radius_range CHECK (radius > 0 AND radius <= 100),
        volume integer NOT NULL CONSTRAINT audio_tour_sources_volume_range CHECK (volume BETWEEN 0 AND 100),
        PRIMARY KEY (audio_tour_id, place)
      )`);
    await queryRunner.query(`
      CREATE TABLE guided_tour_stops (
        id uuid PRIMARY KEY,
        provider_id uuid NOT NULL,
        property_id uuid NOT NULL REFERENCES properties (id),
        place integer NOT NULL,
        sweep_id text NOT NULL,
        rotation_x double precision NOT NULL,
        rotation_y double precision NOT NULL,
        title text NOT NULL,
        body text NOT NULL,
        audio_file_id uuid REFERENCES audio_files (id),
        CONSTRAINT guided_tour_stops_place_uq UNIQUE (property_id, place)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE guided_tour_stops');
    await queryRunner.query('DROP TABLE audio_tour_sources');
    await queryRunner.query('DROP TABLE audio_tour_narrations');
    await queryRunner.query('DROP TABLE audio_tours');
    await queryRunner.query('DROP TABLE audio_files');
  }
}
