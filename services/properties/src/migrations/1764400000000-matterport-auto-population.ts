import type { MigrationInterface, QueryRunner } from 'typeorm';

export class MatterportAutoPopulation1764400000000 implements MigrationInterface {
  name = 'MatterportAutoPopulation1764400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Whether each provider turned `autoPopulateModels` on (identity's setting, as its events said it; `changed_at`
    // is the event's time, so a late event never undoes a newer one), and when its Matterport account is read next.
    await queryRunner.query(`
      CREATE TABLE matterport_auto_population (
        provider_id uuid PRIMARY KEY,
        enabled boolean NOT NULL,
        changed_at timestamptz NOT NULL,
        next_run_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      'CREATE INDEX matterport_auto_population_due_idx ON matterport_auto_population (next_run_at) WHERE enabled',
    );
    // Each model auto-population has dealt with, once: the property it made (written in that property's own
    // transaction), or why it made none (the provider had a property of that model; Matterport's address could not
    // be placed). A property deleted later is not made again.
    await queryRunner.query(`
      CREATE TABLE matterport_populated_models (
        provider_id uuid NOT NULL,
        model_id text NOT NULL,
        outcome text NOT NULL,
        property_id uuid,
        detail text,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (provider_id, model_id),
        CONSTRAINT matterport_populated_models_outcome_ck CHECK (outcome IN ('created', 'had_property', 'refused')),
        CONSTRAINT matterport_populated_models_property_ck CHECK ((outcome = 'created') = (property_id IS NOT NULL))
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE matterport_populated_models');
    await queryRunner.query('DROP TABLE matterport_auto_population');
  }
}
