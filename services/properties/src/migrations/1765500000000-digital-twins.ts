import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 37, digital twins: a property's exterior or surroundings model (a GLB of the asset library, the platform's or
 * the provider's own), shown around its scan once aligned. One per property. config: how the player shows it
 * (jsonb, the service's defaults filled in); alignment_points: the pairs last sent, each with its residual; transform:
 * the similarity transform they gave (null until the first alignment). asset_id names no row once the library's
 * model is deleted (the twin stays, without a model to show, until the provider picks another).
 */
export class DigitalTwins1765500000000 implements MigrationInterface {
  name = 'DigitalTwins1765500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE digital_twins (
        id uuid PRIMARY KEY,
        property_id uuid NOT NULL REFERENCES properties (id) ON DELETE CASCADE,
        provider_id uuid NOT NULL,
        asset_id uuid NOT NULL,
        alignment text NOT NULL DEFAULT 'pending_alignment',
        config jsonb NOT NULL,
        alignment_points jsonb NOT NULL DEFAULT '[]',
        transform jsonb,
        rms_error_m double precision,
        aligned_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT digital_twins_property_uq UNIQUE (property_id),
        CONSTRAINT digital_twins_alignment_ck CHECK (alignment IN ('pending_alignment', 'aligned'))
      )`);
    await queryRunner.query('CREATE INDEX digital_twins_provider_idx ON digital_twins (provider_id)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE digital_twins');
  }
}
