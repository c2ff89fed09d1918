import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 33, the analytics page over a busy tour: its numbers over a range came from one row per view and day, so a
 * tour with 500,000 views in 90 days took seconds a read (the bench `analytics-read`). These rollups answer any range
 * from per-day rows instead, whatever the number of views:
 *
 * - a view whose events all fall on one day (nearly all of them) is summed per day: `analytics_days`' `single_*`
 *   columns, `analytics_duration_days` (their times, for the median) and `analytics_breakdown_days` (devices,
 *   languages, countries, referrers); the few views that span days (`analytics_view_days.spans`) are read row by row;
 * - a visitor is counted once over a range from `analytics_visitor_counts`: per day, the visitors of the day by the
 *   day each had come before (`prev_day`: the first day of the range it was seen on is the one whose `prev_day` is
 *   before the range), and for first visits by the day it came next (`next_day`: who did not come back within the
 *   range), kept from `analytics_visitor_days` (one row per visitor and day, linked to its previous and next day).
 *
 * Everything here is derived from `analytics_view_days`, so the rows of the days rolled up before are made from it.
 */
export class AnalyticsRangeRollups1765350000000 implements MigrationInterface {
  name = 'AnalyticsRangeRollups1765350000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'ALTER TABLE analytics_view_days ADD COLUMN spans boolean NOT NULL DEFAULT false',
    );
    await queryRunner.query(
      'CREATE INDEX analytics_view_days_view_idx ON analytics_view_days (property_id, view_id)',
    );
    await queryRunner.query(
      'CREATE INDEX analytics_view_days_spanning_idx ON analytics_view_days (provider_id, day) WHERE spans',
    );
    // It served the returning visitors' probe, which `analytics_visitor_counts` answers now.
    await queryRunner.query('DROP INDEX analytics_view_days_visitor_idx');

    await queryRunner.query(`
      ALTER TABLE analytics_days
        ADD COLUMN single_views integer NOT NULL DEFAULT 0,
        ADD COLUMN single_ms bigint NOT NULL DEFAULT 0,
        ADD COLUMN single_interactions integer NOT NULL DEFAULT 0,
        ADD COLUMN single_contacts integer NOT NULL DEFAULT 0,
        ADD COLUMN single_leads integer NOT NULL DEFAULT 0`);
    await queryRunner.query('CREATE INDEX analytics_days_provider_idx ON analytics_days (provider_id, day)');

    // A view's time as the median counts it: to the second under 2 minutes, then to the nearest 5 s under 10 minutes,
    // 30 s under an hour, 5 minutes beyond (a day's rows stay a few hundred however many views it had).
    await queryRunner.query(`
      CREATE FUNCTION analytics_seconds_bucket(ms numeric) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
        SELECT CASE WHEN s < 120 THEN s
                    WHEN s < 600 THEN round(s / 5.0) * 5
                    WHEN s < 3600 THEN round(s / 30.0) * 30
                    ELSE round(s / 300.0) * 300 END::integer
          FROM (SELECT round(ms / 1000.0) AS s) AS seconds
      $$`);
    await queryRunner.query(`
      CREATE TABLE analytics_duration_days (
        provider_id uuid NOT NULL,
        property_id uuid NOT NULL,
        day date NOT NULL,
        seconds integer NOT NULL,
        views integer NOT NULL,
        CONSTRAINT analytics_duration_days_pk PRIMARY KEY (property_id, day, seconds)
      )`);
    await queryRunner.query(`
      CREATE TABLE analytics_breakdown_days (
        provider_id uuid NOT NULL,
        property_id uuid NOT NULL,
        day date NOT NULL,
        dimension text NOT NULL CONSTRAINT analytics_breakdown_days_dimension_ck
          CHECK (dimension IN ('device', 'language', 'country', 'referrer')),
        value text,
        views integer NOT NULL
      )`);
    await queryRunner.query(`
      CREATE UNIQUE INDEX analytics_breakdown_days_uq ON analytics_breakdown_days (property_id, day, dimension, value)
        NULLS NOT DISTINCT`);
    await queryRunner.query(`
      CREATE TABLE analytics_visitor_days (
        provider_id uuid NOT NULL,
        property_id uuid NOT NULL,
        visitor_key text NOT NULL,
        day date NOT NULL,
        prev_day date,
        next_day date,
        CONSTRAINT analytics_visitor_days_pk PRIMARY KEY (property_id, visitor_key, day)
      )`);
    await queryRunner.query(
      'CREATE INDEX analytics_visitor_days_day_idx ON analytics_visitor_days (property_id, day)',
    );
    await queryRunner.query(`
      CREATE TABLE analytics_visitor_counts (
        provider_id uuid NOT NULL,
        property_id uuid NOT NULL,
        day date NOT NULL,
        prev_day date,
        next_day date,
        visitors integer NOT NULL,
        CONSTRAINT analytics_visitor_counts_next_ck CHECK (prev_day IS NULL OR next_day IS NULL)
      )`);
    await queryRunner.query(`
      CREATE UNIQUE INDEX analytics_visitor_counts_uq ON analytics_visitor_counts (property_id, day, prev_day, next_day)
        NULLS NOT DISTINCT`);
    await queryRunner.query(
      'CREATE INDEX analytics_visitor_counts_provider_idx ON analytics_visitor_counts (provider_id, day)',
    );

    // The days rolled up before this migration, from their view rows.
    await queryRunner.query(`
      UPDATE analytics_view_days v SET spans = true
       WHERE EXISTS (SELECT 1 FROM analytics_view_days o
                      WHERE o.property_id = v.property_id AND o.view_id = v.view_id AND o.day <> v.day)`);
    await queryRunner.query(`
      UPDATE analytics_days a
         SET single_views = s.views, single_ms = s.ms, single_interactions = s.interactions,
             single_contacts = s.contacts, single_leads = s.leads
        FROM (SELECT property_id, day, count(*) AS views, sum(ms) AS ms,
                     count(*) FILTER (WHERE opened OR sweep_entries > 1) AS interactions,
                     count(*) FILTER (WHERE contacted) AS contacts, count(*) FILTER (WHERE lead) AS leads
                FROM analytics_view_days WHERE NOT spans GROUP BY property_id, day) s
       WHERE a.property_id = s.property_id AND a.day = s.day`);
    await queryRunner.query(`
      INSERT INTO analytics_duration_days (provider_id, property_id, day, seconds, views)
      SELECT provider_id, property_id, day, analytics_seconds_bucket(ms), count(*)
        FROM analytics_view_days WHERE NOT spans GROUP BY provider_id, property_id, day, analytics_seconds_bucket(ms)`);
    await queryRunner.query(`
      INSERT INTO analytics_breakdown_days (provider_id, property_id, day, dimension, value, views)
      SELECT v.provider_id, v.property_id, v.day, b.dimension, b.value, count(*)
        FROM analytics_view_days v
       CROSS JOIN LATERAL (VALUES ('device', v.device), ('language', v.language), ('country', v.country),
                                  ('referrer', v.referrer_host)) AS b(dimension, value)
       WHERE NOT v.spans
       GROUP BY v.provider_id, v.property_id, v.day, b.dimension, b.value`);
    await queryRunner.query(`
      INSERT INTO analytics_visitor_days (provider_id, property_id, visitor_key, day, prev_day, next_day)
      SELECT provider_id, property_id, visitor_key, day,
             lag(day) OVER (PARTITION BY property_id, visitor_key ORDER BY day),
             lead(day) OVER (PARTITION BY property_id, visitor_key ORDER BY day)
        FROM (SELECT DISTINCT provider_id, property_id, visitor_key, day FROM analytics_view_days) AS visits`);
    await queryRunner.query(`
      INSERT INTO analytics_visitor_counts (provider_id, property_id, day, prev_day, next_day, visitors)
      SELECT provider_id, property_id, day, prev_day, CASE WHEN prev_day IS NULL THEN next_day END, count(*)
        FROM analytics_visitor_days
       GROUP BY provider_id, property_id, day, prev_day, CASE WHEN prev_day IS NULL THEN next_day END`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE analytics_visitor_counts');
    await queryRunner.query('DROP TABLE analytics_visitor_days');
    await queryRunner.query('DROP TABLE analytics_breakdown_days');
    await queryRunner.query('DROP TABLE analytics_duration_days');
    await queryRunner.query('DROP FUNCTION analytics_seconds_bucket(numeric)');
    await queryRunner.query('DROP INDEX analytics_days_provider_idx');
    await queryRunner.query(`
      ALTER TABLE analytics_days DROP COLUMN single_views, DROP COLUMN single_ms, DROP COLUMN single_interactions,
        DROP COLUMN single_contacts, DROP COLUMN single_leads`);
    await queryRunner.query(
      'CREATE INDEX analytics_view_days_visitor_idx ON analytics_view_days (property_id, visitor_key, day)',
    );
    await queryRunner.query('DROP INDEX analytics_view_days_spanning_idx');
    await queryRunner.query('DROP INDEX analytics_view_days_view_idx');
    await queryRunner.query('ALTER TABLE analytics_view_days DROP COLUMN spans');
  }
}
