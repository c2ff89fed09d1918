import { Injectable } from '@nestjs/common';
import type { AnalyticsConsent, AnalyticsDevice, AnalyticsEventType } from '@tourly/contracts';
import {
  Database,
  queryAffected,
  queryOne,
  queryRows,
  sql,
  type Narrow,
  type Narrowed,
  type Queryable,
} from '@tourly/platform';
import type {
  IAnalyticsBreakdownsQuery,
  IAnalyticsBreakdownsResult,
  IAnalyticsDaysQuery,
  IAnalyticsDaysResult,
  IAnalyticsOverviewCountQuery,
  IAnalyticsOverviewQuery,
  IAnalyticsOverviewResult,
  IAnalyticsPlacesQuery,
  IAnalyticsPlacesResult,
  IAnalyticsTotalsQuery,
  IAnalyticsTotalsResult,
  IAnalyticsUpdatedAtQuery,
  IClaimDueQuery,
  IDeleteDaysQuery,
  IDeletePlaceDaysQuery,
  IDeleteViewDaysQuery,
  IDropPartitionsQuery,
  IEnsurePartitionQuery,
  IEraseDaysQuery,
  IEraseDueQuery,
  IEraseEventsQuery,
  IEraseEventsParams,
  IErasePlaceDaysQuery,
  IEraseViewDaysQuery,
  IExportEventsAfterQuery,
  IExportEventsFirstQuery,
  IExportEventsFirstResult,
  IForgetExpiredDueQuery,
  IInsertEventsParams,
  IInsertEventsQuery,
  IInsertDaysQuery,
  IInsertPlaceDaysQuery,
  IInsertViewDaysQuery,
  IMarkDueQuery,
} from './analytics.repository.types';

/** A raw event as exported, with its keyset cursor (`cursorAt`: the exact time as PostgreSQL prints it). */
export type ExportedEventRow = Narrowed<
  IExportEventsFirstResult,
  { type: AnalyticsEventType; device: AnalyticsDevice; consent: AnalyticsConsent }
>;
type ExportKnown = { type: AnalyticsEventType; device: AnalyticsDevice; consent: AnalyticsConsent };

export type TotalsRow = IAnalyticsTotalsResult;
export type DayRow = IAnalyticsDaysResult;
export type BreakdownDimension = 'device' | 'language' | 'country' | 'referrer';
export type BreakdownRow = Narrowed<IAnalyticsBreakdownsResult, { dimension: BreakdownDimension }>;
export type PlaceRow = IAnalyticsPlacesResult;
export type OverviewRow = IAnalyticsOverviewResult;

/** One (property, day) waiting for its rollup. */
export interface DueRollup {
  providerId: string;
  propertyId: string;
  day: string;
}

const ensurePartition = sql<IEnsurePartitionQuery>`
  SELECT analytics_ensure_partition($day!::date) AS "made!"`;

const dropPartitions = sql<IDropPartitionsQuery>`
  SELECT analytics_drop_partitions_before($firstKept!::date) AS "dropped!"`;

// One statement for the whole batch; a batch stored before (the player sent it twice) adds nothing.
const insertEvents = sql<IInsertEventsQuery>`
  INSERT INTO analytics_events (occurred_at, provider_id, property_id, batch_id, seq, view_id, visitor_key, type,
                                sweep, room, floor, ms, target, device, language, referrer_host, country, consent,
                                received_at)
  SELECT e.at, $providerId!, $propertyId!, $batchId!, e.seq, $viewId!, $visitorKey!, e.type, e.sweep, e.room,
         e.floor, e.ms, e.target, $device!, $language!, $referrerHost, $country, $consent!, $receivedAt!
    FROM jsonb_to_recordset($events!::jsonb)
      AS e(seq smallint, type text, at timestamptz, sweep text, room text, floor smallint, ms integer, target text)
  ON CONFLICT DO NOTHING
  RETURNING seq AS "seq!"`;

// DO UPDATE rather than DO NOTHING: it locks the pair's row until the batch commits, so a rollup never claims the
// pair while events it cannot see yet are being stored for it (it claims with SKIP LOCKED, or waits its turn).
const markDue = sql<IMarkDueQuery>`
  INSERT INTO analytics_rollups_due (property_id, day, provider_id)
  SELECT $propertyId!, d, $providerId! FROM unnest($days!::date[]) AS d
  ON CONFLICT (property_id, day) DO UPDATE SET marked_at = now()`;

const forgetExpiredDue = sql<IForgetExpiredDueQuery>`
  DELETE FROM analytics_rollups_due WHERE day < $firstKept!::date`;

const claimDue = sql<IClaimDueQuery>`
  DELETE FROM analytics_rollups_due
   WHERE (property_id, day) IN (SELECT property_id, day FROM analytics_rollups_due
                                 ORDER BY marked_at, property_id, day LIMIT 1 FOR UPDATE SKIP LOCKED)
  RETURNING provider_id AS "providerId", property_id AS "propertyId", day::text AS "day!"`;

const deleteViewDays = sql<IDeleteViewDaysQuery>`
  DELETE FROM analytics_view_days WHERE property_id = $propertyId! AND day = $day!::date`;
const deleteDays = sql<IDeleteDaysQuery>`
  DELETE FROM analytics_days WHERE property_id = $propertyId! AND day = $day!::date`;
const deletePlaceDays = sql<IDeletePlaceDaysQuery>`
  DELETE FROM analytics_place_days WHERE property_id = $propertyId! AND day = $day!::date`;

// One row per view of the day: its visitor (the consented key when the view has one), what it was seen from, and
// what it did. Text minimums in the C collation, so the choice never depends on the server's locale.
const insertViewDays = sql<IInsertViewDaysQuery>`
  INSERT INTO analytics_view_days (provider_id, property_id, day, view_id, visitor_key, device, language,
                                   referrer_host, country, events, ms, sweep_entries, opened, contacted, lead)
  SELECT $providerId!, $propertyId!, $day!::date, view_id,
         coalesce(min(visitor_key COLLATE "C") FILTER (WHERE consent = 'granted'), min(visitor_key COLLATE "C")),
         min(device COLLATE "C"), min(language COLLATE "C"), min(referrer_host COLLATE "C"), min(country COLLATE "C"),
         count(*), coalesce(sum(ms), 0), count(*) FILTER (WHERE type = 'sweep_entered'),
         bool_or(type NOT IN ('view_started', 'dwell', 'sweep_entered')),
         bool_or(type IN ('phone_revealed', 'contact_opened')),
         bool_or(type = 'lead_sent')
    FROM analytics_events
   WHERE property_id = $propertyId! AND occurred_at >= $from! AND occurred_at < $until!
   GROUP BY view_id`;

const insertDays = sql<IInsertDaysQuery>`
  INSERT INTO analytics_days (provider_id, property_id, day, views, visitors, events, rolled_up_at)
  SELECT $providerId!, $propertyId!, $day!::date, count(*), count(DISTINCT visitor_key), coalesce(sum(events), 0),
         now()
    FROM analytics_view_days WHERE property_id = $propertyId! AND day = $day!::date
  HAVING count(*) > 0`;

// A place is the room the player named (with its floor), else the sweep. A visit: a sweep entered in a place other
// than the one the view entered last that day (moving between sweeps of one room is one visit).
const insertPlaceDays = sql<IInsertPlaceDaysQuery>`
  WITH e AS (
    SELECT view_id, type, sweep, room, floor, ms, occurred_at, batch_id, seq,
           CASE WHEN room IS NOT NULL THEN 'room:' || coalesce(floor::text, '') || ':' || room
                ELSE 'sweep:' || sweep END AS place
      FROM analytics_events
     WHERE property_id = $propertyId! AND occurred_at >= $from! AND occurred_at < $until!
       AND type IN ('sweep_entered', 'dwell') AND (room IS NOT NULL OR sweep IS NOT NULL)
  ), entered AS (
    SELECT place, place IS DISTINCT FROM lag(place) OVER (PARTITION BY view_id ORDER BY occurred_at, batch_id, seq)
             AS visit
      FROM e WHERE type = 'sweep_entered'
  ), visits AS (
    SELECT place, count(*) FILTER (WHERE visit) AS visits FROM entered GROUP BY place
  )
  INSERT INTO analytics_place_days (provider_id, property_id, day, place, room, sweep, floor, ms, visits)
  SELECT $providerId!, $propertyId!, $day!::date, e.place, min(e.room COLLATE "C"), min(e.sweep COLLATE "C"),
         min(e.floor), coalesce(sum(e.ms), 0), coalesce(min(visits.visits), 0)
    FROM e LEFT JOIN visits ON visits.place = e.place
   GROUP BY e.place`;

const analyticsTotals = sql<IAnalyticsTotalsQuery>`
  WITH vd AS (
    SELECT view_id, visitor_key, day, ms, sweep_entries, opened, contacted, lead FROM analytics_view_days
     WHERE provider_id = $providerId! AND property_id = $propertyId! AND day BETWEEN $from!::date AND $to!::date
  ), v AS (
    SELECT view_id, sum(ms) AS ms, sum(sweep_entries) AS entries, bool_or(opened) AS opened,
           bool_or(contacted) AS contacted, bool_or(lead) AS lead
      FROM vd GROUP BY view_id
  ), r AS (
    SELECT visitor_key, max(day) AS last_day FROM vd GROUP BY visitor_key
  )
  SELECT (SELECT count(*) FROM v)::int AS "views!",
         (SELECT count(*) FROM r)::int AS "visitors!",
         (SELECT count(*) FROM r WHERE EXISTS (
            SELECT 1 FROM analytics_view_days o
             WHERE o.property_id = $propertyId! AND o.visitor_key = r.visitor_key AND o.day < r.last_day)
         )::int AS "returningVisitors!",
         (SELECT coalesce(round(avg(ms) / 1000), 0) FROM v)::int AS "averageSeconds!",
         (SELECT coalesce(round((percentile_cont(0.5) WITHIN GROUP (ORDER BY ms))::numeric / 1000), 0) FROM v)::int
           AS "medianSeconds!",
         (SELECT count(*) FROM v WHERE opened OR entries > 1)::int AS "interactions!",
         (SELECT count(*) FROM v WHERE contacted)::int AS "contacts!",
         (SELECT count(*) FROM v WHERE lead)::int AS "leads!"`;

const analyticsDays = sql<IAnalyticsDaysQuery>`
  SELECT d::date::text AS "day!", coalesce(a.views, 0) AS "views!", coalesce(a.visitors, 0) AS "visitors!"
    FROM generate_series($from!::date, $to!::date, interval '1 day') AS d
    LEFT JOIN analytics_days a ON a.provider_id = $providerId! AND a.property_id = $propertyId! AND a.day = d::date
   ORDER BY d`;

const analyticsBreakdowns = sql<Narrow<IAnalyticsBreakdownsQuery, { dimension: BreakdownDimension }>>`
  WITH v AS (
    SELECT view_id, min(device COLLATE "C") AS device, min(language COLLATE "C") AS language,
           min(country COLLATE "C") AS country, min(referrer_host COLLATE "C") AS referrer
      FROM analytics_view_days
     WHERE provider_id = $providerId! AND property_id = $propertyId! AND day BETWEEN $from!::date AND $to!::date
     GROUP BY view_id
  )
  SELECT 'device' AS "dimension!", device AS value, count(*)::int AS "views!" FROM v GROUP BY device
  UNION ALL SELECT 'language', language, count(*)::int FROM v GROUP BY language
  UNION ALL SELECT 'country', country, count(*)::int FROM v GROUP BY country
  UNION ALL SELECT 'referrer', referrer, count(*)::int FROM v GROUP BY referrer`;

const analyticsPlaces = sql<IAnalyticsPlacesQuery>`
  SELECT place AS "place!", min(room COLLATE "C") AS room, min(sweep COLLATE "C") AS sweep, min(floor) AS floor,
         sum(ms)::bigint AS "ms!", sum(visits)::int AS "visits!", (sum(sum(ms)) OVER ())::bigint AS "allMs!"
    FROM analytics_place_days
   WHERE provider_id = $providerId! AND property_id = $propertyId! AND day BETWEEN $from!::date AND $to!::date
   GROUP BY place
   ORDER BY sum(ms) DESC, place COLLATE "C"
   LIMIT $limit!`;

const analyticsUpdatedAt = sql<IAnalyticsUpdatedAtQuery>`
  SELECT max(rolled_up_at) AS "updatedAt" FROM analytics_days
   WHERE provider_id = $providerId! AND property_id = $propertyId!`;

const analyticsOverview = sql<IAnalyticsOverviewQuery>`
  SELECT vd.property_id AS "propertyId", p.title, count(DISTINCT vd.view_id)::int AS "views!",
         count(DISTINCT vd.visitor_key)::int AS "visitors!",
         round(sum(vd.ms) / count(DISTINCT vd.view_id) / 1000)::int AS "averageSeconds!",
         (count(DISTINCT vd.view_id) FILTER (WHERE vd.lead))::int AS "leads!", count(*) OVER ()::int AS "total!"
    FROM analytics_view_days vd
    JOIN properties p ON p.id = vd.property_id AND p.provider_id = vd.provider_id AND p.deleted_at IS NULL
   WHERE vd.provider_id = $providerId! AND vd.day BETWEEN $from!::date AND $to!::date
   GROUP BY vd.property_id, p.title
   ORDER BY count(DISTINCT vd.view_id) DESC, p.title, vd.property_id
   LIMIT $limit! OFFSET $offset!`;

const analyticsOverviewCount = sql<IAnalyticsOverviewCountQuery>`
  SELECT count(DISTINCT vd.property_id)::int AS "total!"
    FROM analytics_view_days vd
    JOIN properties p ON p.id = vd.property_id AND p.provider_id = vd.provider_id AND p.deleted_at IS NULL
   WHERE vd.provider_id = $providerId! AND vd.day BETWEEN $from!::date AND $to!::date`;

const exportEventsFirst = sql<Narrow<IExportEventsFirstQuery, ExportKnown>>`
  SELECT occurred_at AS "occurredAt", occurred_at::text AS "cursorAt!", batch_id AS "batchId", seq, view_id AS "viewId",
         type, sweep, room, floor, ms, target, device, language, referrer_host AS "referrerHost", country, consent
    FROM analytics_events WHERE provider_id = $providerId! AND property_id = $propertyId!
   ORDER BY occurred_at, batch_id, seq LIMIT $limit!`;

const exportEventsAfter = sql<Narrow<IExportEventsAfterQuery, ExportKnown>>`
  SELECT occurred_at AS "occurredAt", occurred_at::text AS "cursorAt!", batch_id AS "batchId", seq, view_id AS "viewId",
         type, sweep, room, floor, ms, target, device, language, referrer_host AS "referrerHost", country, consent
    FROM analytics_events WHERE provider_id = $providerId! AND property_id = $propertyId!
     AND (occurred_at, batch_id, seq) > ($afterAt!::timestamptz, $afterBatch!::uuid, $afterSeq!::smallint)
   ORDER BY occurred_at, batch_id, seq LIMIT $limit!`;

const eraseEvents = sql<IEraseEventsQuery>`
  DELETE FROM analytics_events WHERE provider_id = $providerId! AND property_id = $propertyId!`;
const eraseViewDays = sql<IEraseViewDaysQuery>`
  DELETE FROM analytics_view_days WHERE provider_id = $providerId! AND property_id = $propertyId!`;
const eraseDays = sql<IEraseDaysQuery>`
  DELETE FROM analytics_days WHERE provider_id = $providerId! AND property_id = $propertyId!`;
const erasePlaceDays = sql<IErasePlaceDaysQuery>`
  DELETE FROM analytics_place_days WHERE provider_id = $providerId! AND property_id = $propertyId!`;
const eraseDue = sql<IEraseDueQuery>`
  DELETE FROM analytics_rollups_due WHERE provider_id = $providerId! AND property_id = $propertyId!`;

/** A batch's events as the insert reads them (JSON: one statement whatever their number). */
export interface StoredEvent {
  seq: number;
  type: AnalyticsEventType;
  at: string;
  sweep: string | null;
  room: string | null;
  floor: number | null;
  ms: number | null;
  target: string | null;
}

export type NewBatch = Omit<IInsertEventsParams, 'events'> & { events: StoredEvent[] };

/** A (property, day)'s bounds: the day as a date and the UTC instants it runs between. */
export interface RollupDay {
  providerId: string;
  propertyId: string;
  day: string;
  from: Date;
  until: Date;
}

/** The analytics tables: raw events (partitioned by day), their rollups and the pairs waiting for one. */
@Injectable()
export class AnalyticsRepository {
  constructor(private readonly db: Database) {}

  /** Makes the day's partition unless it exists: whether it made it. */
  async ensurePartition(tx: Queryable, day: string): Promise<boolean> {
    return (await queryOne(tx, ensurePartition, { day }))!.made;
  }

  async dropPartitionsBefore(tx: Queryable, firstKept: string): Promise<number> {
    return (await queryOne(tx, dropPartitions, { firstKept }))!.dropped;
  }

  /** Stores the batch's events in one statement; how many were new. */
  async insertEvents(tx: Queryable, batch: NewBatch): Promise<number> {
    const stored = await queryRows(tx, insertEvents, { ...batch, events: JSON.stringify(batch.events) });
    return stored.length;
  }

  async markDue(tx: Queryable, providerId: string, propertyId: string, days: string[]): Promise<void> {
    await queryRows(tx, markDue, { providerId, propertyId, days });
  }

  /** Forgets the pairs whose day's events are past retention (their partitions are dropped; the rollups stay). */
  forgetExpiredDue(firstKept: string): Promise<number> {
    return queryAffected(this.db.dataSource, forgetExpiredDue, { firstKept });
  }

  /** Claims the pair waiting longest (another replica's claim is skipped), deleting its mark in `tx`. */
  claimDue(tx: Queryable): Promise<DueRollup | undefined> {
    return queryOne(tx, claimDue, undefined);
  }

  /** Recomputes the (property, day)'s rollups from its raw events: the same rows however often it runs. */
  async rollUp(tx: Queryable, target: RollupDay): Promise<void> {
    const { propertyId, day } = target;
    await queryRows(tx, deletePlaceDays, { propertyId, day });
    await queryRows(tx, deleteDays, { propertyId, day });
    await queryRows(tx, deleteViewDays, { propertyId, day });
    await queryRows(tx, insertViewDays, target);
    await queryRows(tx, insertDays, target);
    await queryRows(tx, insertPlaceDays, target);
  }

  async totals(providerId: string, propertyId: string, from: string, to: string): Promise<TotalsRow> {
    return (await queryOne(this.db.dataSource, analyticsTotals, { providerId, propertyId, from, to }))!;
  }

  days(providerId: string, propertyId: string, from: string, to: string): Promise<DayRow[]> {
    return queryRows(this.db.dataSource, analyticsDays, { providerId, propertyId, from, to });
  }

  breakdowns(providerId: string, propertyId: string, from: string, to: string): Promise<BreakdownRow[]> {
    return queryRows(this.db.dataSource, analyticsBreakdowns, { providerId, propertyId, from, to });
  }

  places(
    providerId: string,
    propertyId: string,
    from: string,
    to: string,
    limit: number,
  ): Promise<PlaceRow[]> {
    return queryRows(this.db.dataSource, analyticsPlaces, { providerId, propertyId, from, to, limit });
  }

  async updatedAt(providerId: string, propertyId: string): Promise<Date | null> {
    return (
      (await queryOne(this.db.dataSource, analyticsUpdatedAt, { providerId, propertyId }))?.updatedAt ?? null
    );
  }

  overview(
    providerId: string,
    from: string,
    to: string,
    limit: number,
    offset: number,
  ): Promise<OverviewRow[]> {
    return queryRows(this.db.dataSource, analyticsOverview, { providerId, from, to, limit, offset });
  }

  async overviewCount(providerId: string, from: string, to: string): Promise<number> {
    return (await queryOne(this.db.dataSource, analyticsOverviewCount, { providerId, from, to }))?.total ?? 0;
  }

  /** The `limit` raw events after the cursor (the first ones without it), oldest first. */
  exportEvents(
    providerId: string,
    propertyId: string,
    after: { at: string; batchId: string; seq: number } | undefined,
    limit: number,
  ): Promise<ExportedEventRow[]> {
    return after
      ? queryRows(this.db.dataSource, exportEventsAfter, {
          providerId,
          propertyId,
          afterAt: after.at,
          afterBatch: after.batchId,
          afterSeq: after.seq,
          limit,
        })
      : queryRows(this.db.dataSource, exportEventsFirst, { providerId, propertyId, limit });
  }

  /** Deletes the property's raw events and rollups (the provider's erasure, not retention). */
  async erase(tx: Queryable, ids: IEraseEventsParams): Promise<void> {
    await queryRows(tx, eraseDue, ids);
    await queryRows(tx, eraseEvents, ids);
    await queryRows(tx, eraseViewDays, ids);
    await queryRows(tx, eraseDays, ids);
    await queryRows(tx, erasePlaceDays, ids);
  }
}
