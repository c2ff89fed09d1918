import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 31: bookings. A provider's booking page (its public address, time zone, lead time, access types, whether it
 * is published), the services it offers, the working hours of the team members who take bookings (each in their own
 * time zone), and the bookings agents make. A team member is never in two bookings at once: the exclusion constraint
 * holds it in the database, so two agents confirming the same slot at the same moment get one booking between them
 * (across providers too: a person who works for two providers is one person).
 */
export class Bookings1764900000000 implements MigrationInterface {
  name = 'Bookings1764900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('CREATE EXTENSION IF NOT EXISTS btree_gist WITH SCHEMA public');
    await queryRunner.query(
      'ALTER TABLE contacts ADD CONSTRAINT contacts_provider_id_id_key UNIQUE (provider_id, id)',
    );
    await queryRunner.query(`
      CREATE TABLE booking_pages (
        provider_id uuid PRIMARY KEY,
        slug text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9]([a-z0-9-]{1,58})[a-z0-9]$'),
        title text NOT NULL,
        intro text,
        time_zone text NOT NULL DEFAULT 'UTC',
        lead_time_hours int NOT NULL DEFAULT 24 CHECK (lead_time_hours BETWEEN 0 AND 720),
        slot_minutes int NOT NULL DEFAULT 30 CHECK (slot_minutes IN (15, 30, 60)),
        access_types text[] NOT NULL DEFAULT '{on_site,key_safe,office,other}'
          CHECK (cardinality(access_types) > 0 AND access_types <@ '{on_site,key_safe,office,other}'::text[]),
        published boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE booking_services (
        id uuid PRIMARY KEY,
        provider_id uuid NOT NULL REFERENCES booking_pages (provider_id) ON DELETE CASCADE,
        name text NOT NULL,
        description text,
        duration_minutes int NOT NULL CHECK (duration_minutes BETWEEN 15 AND 720),
        price_cents int NOT NULL CHECK (price_cents >= 0),
        currency text NOT NULL CHECK (currency ~ '^[a-z]{3}$'),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      'CREATE INDEX booking_services_provider_idx ON booking_services (provider_id, created_at, id)',
    );
    await queryRunner.query(`
      CREATE TABLE booking_members (
        provider_id uuid NOT NULL REFERENCES booking_pages (provider_id) ON DELETE CASCADE,
        user_id uuid NOT NULL,
        time_zone text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (provider_id, user_id)
      )`);
    await queryRunner.query(`
      CREATE TABLE booking_hours (
        provider_id uuid NOT NULL,
        user_id uuid NOT NULL,
        weekday smallint NOT NULL CHECK (weekday BETWEEN 0 AND 6),
        starts time NOT NULL,
        ends time NOT NULL,
        CHECK (starts < ends),
        PRIMARY KEY (provider_id, user_id, weekday, starts),
        FOREIGN KEY (provider_id, user_id) REFERENCES booking_members (provider_id, user_id) ON DELETE CASCADE
      )`);
    await queryRunner.query(`
      CREATE TABLE bookings (
        id uuid PRIMARY KEY,
        provider_id uuid NOT NULL,
        status text NOT NULL DEFAULT 'pending'
          CHECK (status IN ('pending', 'accepted', 'declined', 'cancelled', 'completed')),
        starts_at timestamptz NOT NULL,
        ends_at timestamptz NOT NULL,
        time_zone text NOT NULL,
        assigned_user_id uuid NOT NULL,
        services jsonb NOT NULL,
        total_cents int NOT NULL CHECK (total_cents >= 0),
        currency text NOT NULL,
        address text NOT NULL,
        formatted_address text NOT NULL,
        latitude double precision NOT NULL,
        longitude double precision NOT NULL,
        access_type text NOT NULL CHECK (access_type IN ('on_site', 'key_safe', 'office', 'other')),
        access_details text,
        full_name text NOT NULL,
        email_address text NOT NULL,
        phone_number text,
        agency_name text,
        notes text,
        provider_notes text,
        contact_id uuid,
        provider_client_id uuid,
        property_id uuid REFERENCES properties (id) ON DELETE SET NULL,
        responded_at timestamptz,
        invoiced_at timestamptz,
        cancelled_at timestamptz,
        cancel_reason text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        search_text text GENERATED ALWAYS AS (
          lower(full_name || ' ' || email_address || ' ' || formatted_address || ' ' || coalesce(agency_name, ''))
        ) STORED,
        CHECK (starts_at < ends_at),
        CONSTRAINT bookings_contact_fk FOREIGN KEY (provider_id, contact_id)
          REFERENCES contacts (provider_id, id) ON DELETE SET NULL (contact_id),
        CONSTRAINT bookings_client_fk FOREIGN KEY (provider_id, provider_client_id)
          REFERENCES provider_clients (provider_id, id) ON DELETE SET NULL (provider_client_id),
        CONSTRAINT bookings_member_free EXCLUDE USING gist
          (assigned_user_id WITH =, tstzrange(starts_at, ends_at) WITH &&)
          WHERE (status IN ('pending', 'accepted', 'completed'))
      )`);
    await queryRunner.query(
      'CREATE INDEX bookings_provider_time_idx ON bookings (provider_id, starts_at, id)',
    );
    // A member's bookings near a time: what availability reads for the period it offers (a booking lasts at most 12
    // hours, so those that could overlap the period start at most that much before it).
    await queryRunner.query(`
      CREATE INDEX bookings_member_time_idx ON bookings (assigned_user_id, starts_at)
        WHERE status IN ('pending', 'accepted', 'completed')`);
    await queryRunner.query(
      'CREATE INDEX bookings_client_idx ON bookings (provider_client_id, starts_at) WHERE provider_client_id IS NOT NULL',
    );
    // Each notice a booking sends is sent once, however often its event is delivered.
    await queryRunner.query(`
      CREATE TABLE booking_notices (
        booking_id uuid NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
        notice text NOT NULL,
        sent_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (booking_id, notice)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE booking_notices');
    await queryRunner.query('DROP TABLE bookings');
    await queryRunner.query('DROP TABLE booking_hours');
    await queryRunner.query('DROP TABLE booking_members');
    await queryRunner.query('DROP TABLE booking_services');
    await queryRunner.query('DROP TABLE booking_pages');
    await queryRunner.query('ALTER TABLE contacts DROP CONSTRAINT contacts_provider_id_id_key');
  }
}
