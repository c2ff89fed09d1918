import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Leads (issue 13): what visitors send through a tour's or a website's contact form, kept per provider and mailed to
 * the property's agents; and what visitors do in a tour that a later analytics feature reads (phone reveals).
 */
export class Leads1764200000000 implements MigrationInterface {
  name = 'Leads1764200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // mailed_at: set once every e-mail about the lead was sent (the mail leaves from the lead's event, retried).
    await queryRunner.query(`
      CREATE TABLE leads (
        id uuid PRIMARY KEY,
        provider_id uuid NOT NULL,
        property_id uuid NOT NULL REFERENCES properties (id),
        source text NOT NULL CHECK (source IN ('tour', 'website')),
        first_name text NOT NULL,
        last_name text NOT NULL,
        email text NOT NULL,
        phone_number text NOT NULL,
        message text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        mailed_at timestamptz
      )`);
    await queryRunner.query(
      'CREATE INDEX leads_property_idx ON leads (provider_id, property_id, created_at DESC, id DESC)',
    );
    await queryRunner.query(`
      CREATE TABLE tour_events (
        id uuid PRIMARY KEY,
        provider_id uuid NOT NULL,
        property_id uuid NOT NULL REFERENCES properties (id),
        type text NOT NULL CHECK (type IN ('phone_revealed')),
        agent_id uuid,
        occurred_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      'CREATE INDEX tour_events_property_idx ON tour_events (provider_id, property_id, occurred_at)',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE tour_events, leads');
  }
}
