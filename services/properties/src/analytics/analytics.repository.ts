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
  IMarkSpanningQuery,
  IRefreshSingleDaysQuery,
  IDeleteDurationDaysQuery,
  IInsertDurationDaysQuery,
  IDeleteBreakdownDaysQuery,
  IInsertBreakdownDaysQuery,
  IDeleteGoneVisitorDaysQuery,
  IInsertVisitorDaysQuery,
  ILinkVisitorDaysQuery,
  IDeleteVisitorCountsQuery,
  IInsertVisitorCountsQuery,
  ILockPropertyRollupsQuery,
  IEraseDurationDaysQuery,
  IEraseBreakdownDaysQuery,
  IEraseVisitorDaysQuery,
  IEraseVisitorCountsQuery,
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
// what it did, and whether it has rows on other days too. Text minimums in the C collation, so the choice never depends
// on the server's locale.
const insertViewDays = sql<IInsertViewDaysQuery>`
  INSERT INTO analytics_view_days (provider_id, property_id, day, view_id, visitor_key, device, language,
                                   referrer_host, country, events, ms, sweep_entries, opened, contacted, lead, spans)
  SELECT $providerId!, $propertyId!, $day!::date, e.view_id,
         coalesce(min(visitor_key COLLATE "C") FILTER (WHERE consent = 'granted'), min(visitor_key COLLATE "C")),
         min(device COLLATE "C"), min(language COLLATE "C"), min(referrer_host COLLATE "C"), min(country COLLATE "C"),
         count(*), coalesce(sum(ms), 0), count(*) FILTER (WHERE type = 'sweep_entered'),
         bool_or(type NOT IN ('view_started', 'dwell', 'sweep_entered')),
         bool_or(type IN ('phone_revealed', 'contact_opened')),
         bool_or(type = 'lead_sent'),
         EXISTS (SELECT 1 FROM analytics_view_days o
                  WHERE o.property_id = $propertyId! AND o.view_id = e.view_id AND o.day <> $day!::date)
    FROM analytics_events e
   WHERE property_id = $propertyId! AND occurred_at >= $from! AND occurred_at < $until!
   GROUP BY e.view_id`;

// The day's spanning views' rows on other days, marked spanning too: the days whose single-day sums change.
const markSpanning = sql<IMarkSpanningQuery>`
  UPDATE analytics_view_days o SET spans = true
    FROM analytics_view_days n
   WHERE n.property_id = $propertyId! AND n.day = $day!::date AND n.spans
     AND o.property_id = $propertyId! AND o.view_id = n.view_id AND o.day <> $day!::date AND NOT o.spans
  RETURNING o.day::text AS "day!"`;

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

// Per day, the sums of the views whose events all fall on that day (a view that spans days is read row by row).
const refreshSingleDays = sql<IRefreshSingleDaysQuery>`
  UPDATE analytics_days a
     SET single_views = s.views, single_ms = s.ms, single_interactions = s.interactions,
         single_contacts = s.contacts, single_leads = s.leads
    FROM (SELECT d::date AS day, count(v.view_id) AS views, coalesce(sum(v.ms), 0) AS ms,
                 count(*) FILTER (WHERE v.opened OR v.sweep_entries > 1) AS interactions,
                 count(*) FILTER (WHERE v.contacted) AS contacts, count(*) FILTER (WHERE v.lead) AS leads
            FROM unnest($days!::date[]) AS d
            LEFT JOIN analytics_view_days v ON v.property_id = $propertyId! AND v.day = d AND NOT v.spans
           GROUP BY d) s
   WHERE a.property_id = $propertyId! AND a.day = s.day`;

const deleteDurationDays = sql<IDeleteDurationDaysQuery>`
  DELETE FROM analytics_duration_days WHERE property_id = $propertyId! AND day = ANY($days!::date[])`;
const insertDurationDays = sql<IInsertDurationDaysQuery>`
  INSERT INTO analytics_duration_days (provider_id, property_id, day, seconds, views)
  SELECT $providerId!, $propertyId!, day, analytics_seconds_bucket(ms), count(*)
    FROM analytics_view_days
   WHERE property_id = $propertyId! AND day = ANY($days!::date[]) AND NOT spans
   GROUP BY day, analytics_seconds_bucket(ms)`;

const deleteBreakdownDays = sql<IDeleteBreakdownDaysQuery>`
  DELETE FROM analytics_breakdown_days WHERE property_id = $propertyId! AND day = ANY($days!::date[])`;
const insertBreakdownDays = sql<IInsertBreakdownDaysQuery>`
  INSERT INTO analytics_breakdown_days (provider_id, property_id, day, dimension, value, views)
  SELECT $providerId!, $propertyId!, v.day, b.dimension, b.value, count(*)
    FROM analytics_view_days v
   CROSS JOIN LATERAL (VALUES ('device', v.device), ('language', v.language), ('country', v.country),
                              ('referrer', v.referrer_host)) AS b(dimension, value)
   WHERE v.property_id = $propertyId! AND v.day = ANY($days!::date[]) AND NOT v.spans
   GROUP BY v.day, b.dimension, b.value`;

// A visitor whose key no view of the day has any more (its view's key became the consented one).
const deleteGoneVisitorDays = sql<IDeleteGoneVisitorDaysQuery>`
  DELETE FROM analytics_visitor_days g
   WHERE g.property_id = $propertyId! AND g.day = $day!::date
     AND NOT EXISTS (SELECT 1 FROM analytics_view_days v
                      WHERE v.property_id = $propertyId! AND v.day = $day!::date AND v.visitor_key = g.visitor_key)
  RETURNING g.visitor_key AS "visitorKey"`;
const insertVisitorDays = sql<IInsertVisitorDaysQuery>`
  INSERT INTO analytics_visitor_days (provider_id, property_id, visitor_key, day)
  SELECT $providerId!, $propertyId!, k.visitor_key, $day!::date
    FROM (SELECT DISTINCT visitor_key FROM analytics_view_days WHERE property_id = $propertyId! AND day = $day!::date) k
  ON CONFLICT DO NOTHING`;
// Each of these visitors' days linked to the day before and after it they came on: the days whose links changed.
const linkVisitorDays = sql<ILinkVisitorDaysQuery>`
  WITH keys AS (
    SELECT visitor_key FROM analytics_view_days WHERE property_id = $propertyId! AND day = $day!::date
    UNION SELECT unnest($goneKeys!::text[])
  ), chain AS (
    SELECT visitor_key, day, lag(day) OVER w AS prev_day, lead(day) OVER w AS next_day
      FROM analytics_visitor_days
     WHERE property_id = $propertyId! AND visitor_key IN (SELECT visitor_key FROM keys)
    WINDOW w AS (PARTITION BY visitor_key ORDER BY day)
  )
  UPDATE analytics_visitor_days v SET prev_day = chain.prev_day, next_day = chain.next_day
    FROM chain
   WHERE v.property_id = $propertyId! AND v.visitor_key = chain.visitor_key AND v.day = chain.day
     AND (v.prev_day, v.next_day) IS DISTINCT FROM (chain.prev_day, chain.next_day)
  RETURNING v.day::text AS "day!"`;

const deleteVisitorCounts = sql<IDeleteVisitorCountsQuery>`
  DELETE FROM analytics_visitor_counts WHERE property_id = $propertyId! AND day = ANY($days!::date[])`;
// Per day: its visitors by the day each came before, and first visits by the day each came next.
const insertVisitorCounts = sql<IInsertVisitorCountsQuery>`
  INSERT INTO analytics_visitor_counts (provider_id, property_id, day, prev_day, next_day, visitors)
  SELECT $providerId!, $propertyId!, day, prev_day, CASE WHEN prev_day IS NULL THEN next_day END, count(*)
    FROM analytics_visitor_days
   WHERE property_id = $propertyId! AND day = ANY($days!::date[])
   GROUP BY day, prev_day, CASE WHEN prev_day IS NULL THEN next_day END`;

// One rollup of a property at a time (two replicas may claim two of its days): each links rows of its other days.
const lockPropertyRollups = sql<ILockPropertyRollupsQuery>`
  SELECT pg_advisory_xact_lock(hashtext('analytics-rollup:' || $propertyId!))`;

// Over a range, from per-day rows whatever the number of views: the single-day views' sums, the views that span days
// row by row (grouped, so each counts once), visitors counted on the first day of the range they came
// (`analytics_visitor_counts`), and the median from the views' times by bucket (percentile_cont's interpolation over
// the bucketed times: the middle one, or the mean of the middle two).
const analyticsTotals = sql<IAnalyticsTotalsQuery>`
  WITH single AS (
    SELECT coalesce(sum(single_views), 0) AS views, coalesce(sum(single_ms), 0) AS ms,
           coalesce(sum(single_interactions), 0) AS interactions, coalesce(sum(single_contacts), 0) AS contacts,
           coalesce(sum(single_leads), 0) AS leads
      FROM analytics_days
     WHERE provider_id = $providerId! AND property_id = $propertyId! AND day BETWEEN $from!::date AND $to!::date
  ), spanning AS (
    SELECT view_id, sum(ms) AS ms, sum(sweep_entries) AS entries, bool_or(opened) AS opened,
           bool_or(contacted) AS contacted, bool_or(lead) AS lead
      FROM analytics_view_days
     WHERE provider_id = $providerId! AND property_id = $propertyId! AND day BETWEEN $from!::date AND $to!::date
       AND spans
     GROUP BY view_id
  ), views AS (
    SELECT single.views + (SELECT count(*) FROM spanning) AS views,
           single.ms + (SELECT coalesce(sum(ms), 0) FROM spanning) AS ms,
           single.interactions + (SELECT count(*) FROM spanning WHERE opened OR entries > 1) AS interactions,
           single.contacts + (SELECT count(*) FROM spanning WHERE contacted) AS contacts,
           single.leads + (SELECT count(*) FROM spanning WHERE lead) AS leads
      FROM single
  ), visitors AS (
    SELECT coalesce(sum(visitors) FILTER (WHERE prev_day IS NULL OR prev_day < $from!::date), 0) AS visitors,
           coalesce(sum(visitors) FILTER (WHERE prev_day IS NULL AND (next_day IS NULL OR next_day > $to!::date)), 0)
             AS newcomers
      FROM analytics_visitor_counts
     WHERE provider_id = $providerId! AND property_id = $propertyId! AND day BETWEEN $from!::date AND $to!::date
  ), durations AS (
    SELECT seconds, sum(views) AS views
      FROM (SELECT seconds, views FROM analytics_duration_days
             WHERE provider_id = $providerId! AND property_id = $propertyId!
               AND day BETWEEN $from!::date AND $to!::date
            UNION ALL SELECT analytics_seconds_bucket(ms), 1 FROM spanning) AS times
     GROUP BY seconds
  ), ranked AS (
    SELECT seconds, sum(views) OVER (ORDER BY seconds) AS upto, sum(views) OVER () AS total FROM durations
  )
  SELECT views.views::int AS "views!",
         visitors.visitors::int AS "visitors!",
         (visitors.visitors - visitors.newcomers)::int AS "returningVisitors!",
         (CASE WHEN views.views > 0 THEN round(views.ms / views.views / 1000) ELSE 0 END)::int AS "averageSeconds!",
         (SELECT coalesce(round((min(seconds) FILTER (WHERE upto > (total - 1) / 2)
                                 + min(seconds) FILTER (WHERE upto > total / 2)) / 2.0), 0) FROM ranked)::int
           AS "medianSeconds!",
         views.interactions::int AS "interactions!",
         views.contacts::int AS "contacts!",
         views.leads::int AS "leads!"
    FROM views, visitors`;

const analyticsDays = sql<IAnalyticsDaysQuery>`
  SELECT d::date::text AS "day!", coalesce(a.views, 0) AS "views!", coalesce(a.visitors, 0) AS "visitors!"
    FROM generate_series($from!::date, $to!::date, interval '1 day') AS d
    LEFT JOIN analytics_days a ON a.provider_id = $providerId! AND a.property_id = $propertyId! AND a.day = d::date
   ORDER BY d`;

// The single-day views' counts per value, and each view spanning days once, with its first value of the range.
const analyticsBreakdowns = sql<Narrow<IAnalyticsBreakdownsQuery, { dimension: BreakdownDimension }>>`
  WITH spanning AS (
    SELECT view_id, min(device COLLATE "C") AS device, min(language COLLATE "C") AS language,
           min(country COLLATE "C") AS country, min(referrer_host COLLATE "C") AS referrer
      FROM analytics_view_days
     WHERE provider_id = $providerId! AND property_id = $propertyId! AND day BETWEEN $from!::date AND $to!::date
       AND spans
     GROUP BY view_id
  )
  SELECT dimension AS "dimension!", value, sum(views)::int AS "views!"
    FROM (SELECT dimension, value COLLATE "C" AS value, views FROM analytics_breakdown_days
           WHERE provider_id = $providerId! AND property_id = $propertyId!
             AND day BETWEEN $from!::date AND $to!::date
          UNION ALL SELECT 'device', device, 1 FROM spanning
          UNION ALL SELECT 'language', language, 1 FROM spanning
          UNION ALL SELECT 'country', country, 1 FROM spanning
          UNION ALL SELECT 'referrer', referrer, 1 FROM spanning) AS counted
   GROUP BY dimension, value`;

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

// Per property, as the property's totals count them (views, visitors, average, leads), from per-day rows.
const analyticsOverview = sql<IAnalyticsOverviewQuery>`
  WITH single AS (
    SELECT property_id, sum(single_views) AS views, sum(single_ms) AS ms, sum(single_leads) AS leads
      FROM analytics_days
     WHERE provider_id = $providerId! AND day BETWEEN $from!::date AND $to!::date
     GROUP BY property_id
  ), spanning AS (
    SELECT property_id, view_id, sum(ms) AS ms, bool_or(lead) AS lead
      FROM analytics_view_days
     WHERE provider_id = $providerId! AND day BETWEEN $from!::date AND $to!::date AND spans
     GROUP BY property_id, view_id
  ), spans AS (
    SELECT property_id, count(*) AS views, sum(ms) AS ms, count(*) FILTER (WHERE lead) AS leads
      FROM spanning GROUP BY property_id
  ), visitors AS (
    SELECT property_id, sum(visitors) FILTER (WHERE prev_day IS NULL OR prev_day < $from!::date) AS visitors
      FROM analytics_visitor_counts
     WHERE provider_id = $providerId! AND day BETWEEN $from!::date AND $to!::date
     GROUP BY property_id
  ), totals AS (
    SELECT single.property_id, single.views + coalesce(spans.views, 0) AS views,
           single.ms + coalesce(spans.ms, 0) AS ms, single.leads + coalesce(spans.leads, 0) AS leads,
           coalesce(visitors.visitors, 0) AS visitors
      FROM single
      LEFT JOIN spans ON spans.property_id = single.property_id
      LEFT JOIN visitors ON visitors.property_id = single.property_id
  )
  SELECT t.property_id AS "propertyId", p.title, t.views::int AS "views!", t.visitors::int AS "visitors!",
         round(t.ms / t.views / 1000)::int AS "averageSeconds!", t.leads::int AS "leads!",
         count(*) OVER ()::int AS "total!"
    FROM totals t
    JOIN properties p ON p.id = t.property_id AND p.provider_id = $providerId! AND p.deleted_at IS NULL
   ORDER BY t.views DESC, p.title, t.property_id
   LIMIT $limit! OFFSET $offset!`;

const analyticsOverviewCount = sql<IAnalyticsOverviewCountQuery>`
  SELECT count(DISTINCT a.property_id)::int AS "total!"
    FROM analytics_days a
    JOIN properties p ON p.id = a.property_id AND p.provider_id = a.provider_id AND p.deleted_at IS NULL
   WHERE a.provider_id = $providerId! AND a.day BETWEEN $from!::date AND $to!::date`;

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
const eraseDurationDays = sql<IEraseDurationDaysQuery>`
  DELETE FROM analytics_duration_days WHERE provider_id = $providerId! AND property_id = $propertyId!`;
const eraseBreakdownDays = sql<IEraseBreakdownDaysQuery>`
  DELETE FROM analytics_breakdown_days WHERE provider_id = $providerId! AND property_id = $propertyId!`;
const eraseVisitorDays = sql<IEraseVisitorDaysQuery>`
  DELETE FROM analytics_visitor_days WHERE provider_id = $providerId! AND property_id = $propertyId!`;
const eraseVisitorCounts = sql<IEraseVisitorCountsQuery>`
  DELETE FROM analytics_visitor_counts WHERE provider_id = $providerId! AND property_id = $propertyId!`;

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

  /**
   * Recomputes the (property, day)'s rollups from its raw events: the same rows however often it runs. The day's views
   * and visitors may change other days' rows too (a view found to span days, a visitor's previous or next visit): those
   * days' per-day sums are made again as well.
   */
  async rollUp(tx: Queryable, target: RollupDay): Promise<void> {
    const { providerId, propertyId, day } = target;
    await queryRows(tx, lockPropertyRollups, { propertyId });
    await queryRows(tx, deletePlaceDays, { propertyId, day });
    await queryRows(tx, deleteDays, { propertyId, day });
    await queryRows(tx, deleteViewDays, { propertyId, day });
    await queryRows(tx, insertViewDays, target);
    await queryRows(tx, insertDays, target);
    await queryRows(tx, insertPlaceDays, target);

    const spanned = await queryRows(tx, markSpanning, { propertyId, day });
    const viewDays = [...new Set([day, ...spanned.map((row) => row.day)])];
    await queryRows(tx, refreshSingleDays, { propertyId, days: viewDays });
    await queryRows(tx, deleteDurationDays, { propertyId, days: viewDays });
    await queryRows(tx, insertDurationDays, { providerId, propertyId, days: viewDays });
    await queryRows(tx, deleteBreakdownDays, { propertyId, days: viewDays });
    await queryRows(tx, insertBreakdownDays, { providerId, propertyId, days: viewDays });

    const gone = await queryRows(tx, deleteGoneVisitorDays, { propertyId, day });
    await queryRows(tx, insertVisitorDays, { providerId, propertyId, day });
    const relinked = await queryRows(tx, linkVisitorDays, {
      propertyId,
      day,
      goneKeys: gone.map((row) => row.visitorKey),
    });
    const visitorDays = [...new Set([day, ...relinked.map((row) => row.day)])];
    await queryRows(tx, deleteVisitorCounts, { propertyId, days: visitorDays });
    await queryRows(tx, insertVisitorCounts, { providerId, propertyId, days: visitorDays });
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
    await queryRows(tx, eraseDurationDays, ids);
    await queryRows(tx, eraseBreakdownDays, ids);
    await queryRows(tx, eraseVisitorDays, ids);
    await queryRows(tx, eraseVisitorCounts, ids);
  }
}
