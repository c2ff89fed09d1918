import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 33, visitor analytics: the raw events of tours' visits, partitioned by UTC day (made ahead and dropped whole
 * by a scheduled job, never deleted row by row by retention), the rollups the provider's pages read, and the
 * (property, day) pairs waiting to be rolled up. No address is stored: `visitor_key` is a keyed hash.
 */
export class Analytics1765200000000 implements MigrationInterface {
  name = 'Analytics1765200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // (batch_id, seq) is what makes a batch sent twice stored once; the partition key must be in any unique key of a
    // partitioned table, and an event's `occurred_at` is its own, so a batch sent again repeats it.
    await queryRunner.query(`
      CREATE TABLE analytics_events (
        occurred_at timestamptz NOT NULL,
        provider_id uuid NOT NULL,
        property_id uuid NOT NULL,
        batch_id uuid NOT NULL,
        seq smallint NOT NULL,
        view_id uuid NOT NULL,
        visitor_key text NOT NULL,
        type text NOT NULL CONSTRAINT analytics_events_type_ck CHECK (type IN ('view_started', 'sweep_entered',
          'dwell', 'menu_opened', 'tag_opened', 'guided_tour_played', 'map_opened', 'website_opened',
          'phone_revealed', 'contact_opened', 'lead_sent')),
        sweep text,
        room text,
        floor smallint,
        ms integer,
        target text,
        device text NOT NULL CONSTRAINT analytics_events_device_ck CHECK (device IN ('phone', 'tablet', 'desktop')),
        language text NOT NULL,
        referrer_host text,
        country text,
        consent text NOT NULL CONSTRAINT analytics_events_consent_ck CHECK (consent IN ('granted', 'denied', 'unknown')),
        received_at timestamptz NOT NULL,
        CONSTRAINT analytics_events_pk PRIMARY KEY (batch_id, seq, occurred_at)
      ) PARTITION BY RANGE (occurred_at)`);
    await queryRunner.query(
      'CREATE INDEX analytics_events_property_idx ON analytics_events (property_id, occurred_at)',
    );
    // One partition per UTC day, `analytics_events_YYYYMMDD`, made when missing (the scheduled job makes today's
    // and the next two; the consumer the days of a batch): one at a time, so two callers never race to create it.
    await queryRunner.query(`
      CREATE FUNCTION analytics_ensure_partition(day date) RETURNS boolean LANGUAGE plpgsql AS $$
      DECLARE
        name text := 'analytics_events_' || to_char(day, 'YYYYMMDD');
      BEGIN
        IF to_regclass(name) IS NOT NULL THEN RETURN false; END IF;
        PERFORM pg_advisory_xact_lock(hashtext('analytics_partitions'));
        IF to_regclass(name) IS NOT NULL THEN RETURN false; END IF;
        EXECUTE format('CREATE TABLE %I PARTITION OF analytics_events FOR VALUES FROM (%L) TO (%L)', name,
          (day::timestamp AT TIME ZONE 'UTC'), ((day + 1)::timestamp AT TIME ZONE 'UTC'));
        RETURN true;
      END $$`);
    // Drops whole the day partitions before `first_kept` (retention); answers how many it dropped.
    await queryRunner.query(`
      CREATE FUNCTION analytics_drop_partitions_before(first_kept date) RETURNS integer LANGUAGE plpgsql AS $$
      DECLARE
        part record;
        dropped integer := 0;
      BEGIN
        PERFORM pg_advisory_xact_lock(hashtext('analytics_partitions'));
        FOR part IN
          SELECT c.relname FROM pg_inherits i
            JOIN pg_class c ON c.oid = i.inhrelid
            JOIN pg_class p ON p.oid = i.inhparent
            JOIN pg_namespace n ON n.oid = p.relnamespace AND n.nspname = current_schema()
           WHERE p.relname = 'analytics_events' AND c.relname ~ '^analytics_events_[0-9]{8}$'
             AND to_date(substr(c.relname, 18), 'YYYYMMDD') < first_kept
        LOOP
          EXECUTE format('DROP TABLE %I', part.relname);
          dropped := dropped + 1;
        END LOOP;
        RETURN dropped;
      END $$`);

    // Rollups, recomputed whole for a (property, day) from its raw events. One row per view and day: what makes
    // unique visitors, returning visitors and the median over any range answerable from rollups alone.
    await queryRunner.query(`
      CREATE TABLE analytics_view_days (
        provider_id uuid NOT NULL,
        property_id uuid NOT NULL,
        day date NOT NULL,
        view_id uuid NOT NULL,
        visitor_key text NOT NULL,
        device text NOT NULL,
        language text NOT NULL,
        referrer_host text,
        country text,
        events integer NOT NULL,
        ms bigint NOT NULL,
        sweep_entries integer NOT NULL,
        opened boolean NOT NULL,
        contacted boolean NOT NULL,
        lead boolean NOT NULL,
        CONSTRAINT analytics_view_days_pk PRIMARY KEY (property_id, day, view_id)
      )`);
    await queryRunner.query(
      'CREATE INDEX analytics_view_days_visitor_idx ON analytics_view_days (property_id, visitor_key, day)',
    );
    await queryRunner.query(
      'CREATE INDEX analytics_view_days_provider_idx ON analytics_view_days (provider_id, day)',
    );
    // Per property per day: the chart's numbers, and when the rollup last ran over the property.
    await queryRunner.query(`
      CREATE TABLE analytics_days (
        provider_id uuid NOT NULL,
        property_id uuid NOT NULL,
        day date NOT NULL,
        views integer NOT NULL,
        visitors integer NOT NULL,
        events integer NOT NULL,
        rolled_up_at timestamptz NOT NULL,
        CONSTRAINT analytics_days_pk PRIMARY KEY (property_id, day)
      )`);
    // Per place (a room, else a sweep: `place` is `room:<floor>:<room>` or `sweep:<sweep>`) per day: the heat map.
    await queryRunner.query(`
      CREATE TABLE analytics_place_days (
        provider_id uuid NOT NULL,
        property_id uuid NOT NULL,
        day date NOT NULL,
        place text NOT NULL,
        room text,
        sweep text,
        floor smallint,
        ms bigint NOT NULL,
        visits integer NOT NULL,
        CONSTRAINT analytics_place_days_pk PRIMARY KEY (property_id, day, place)
      )`);
    // The (property, day) pairs that received events since their last rollup.
    await queryRunner.query(`
      CREATE TABLE analytics_rollups_due (
        property_id uuid NOT NULL,
        day date NOT NULL,
        provider_id uuid NOT NULL,
        marked_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT analytics_rollups_due_pk PRIMARY KEY (property_id, day)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE analytics_rollups_due');
    await queryRunner.query('DROP TABLE analytics_place_days');
    await queryRunner.query('DROP TABLE analytics_days');
    await queryRunner.query('DROP TABLE analytics_view_days');
    await queryRunner.query('DROP FUNCTION analytics_drop_partitions_before(date)');
    await queryRunner.query('DROP FUNCTION analytics_ensure_partition(date)');
    await queryRunner.query('DROP TABLE analytics_events');
  }
}
