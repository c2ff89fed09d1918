import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 34, wayfinding: a property's named points in its 3D space (each a sweep) and the journeys between them, one
 * row per property, saved whole by `POST /provider/properties/{id}/wayfinding_layer` (the API keeps both lists to
 * their shape and limits; the player walks a journey over the space's sweeps).
 */
export class WayfindingLayers1765420000000 implements MigrationInterface {
  name = 'WayfindingLayers1765420000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE wayfinding_layers (
        property_id uuid PRIMARY KEY REFERENCES properties (id) ON DELETE CASCADE,
        provider_id uuid NOT NULL,
        points jsonb NOT NULL DEFAULT '[]',
        journeys jsonb NOT NULL DEFAULT '[]',
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT wayfinding_layers_points_ck CHECK (jsonb_typeof(points) = 'array' AND jsonb_array_length(points) <= 50),
        CONSTRAINT wayfinding_layers_journeys_ck
          CHECK (jsonb_typeof(journeys) = 'array' AND jsonb_array_length(journeys) <= 50)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE wayfinding_layers');
  }
}
