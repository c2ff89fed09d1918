import { Injectable } from '@nestjs/common';
import { Database, queryAffected, queryOne, queryRows, sql, type Queryable } from '@tourly/platform';
import type {
  IClaimReportQuery,
  IOptedOutQuery,
  IOptInQuery,
  IOptOutQuery,
  IOptOutsOfQuery,
  IProvidersWithViewsQuery,
  IReportAgentsQuery,
  IReportAgentsResult,
  IWeekToursQuery,
  IWeekToursResult,
} from './report.repository.types';

/** One live tour of the provider with views in the week, its numbers, and the week before's views. */
export type WeekTourRow = IWeekToursResult;

/** A contact who receives the report of the tours it is an agent of. */
export type ReportAgentRow = IReportAgentsResult;

/** The weeks' bounds, `YYYY-MM-DD`, both ends included. */
export interface WeeksQuery {
  providerId: string;
  from: string;
  to: string;
  previousFrom: string;
  previousTo: string;
}

const providersWithViews = sql<IProvidersWithViewsQuery>`
  SELECT DISTINCT provider_id AS "providerId" FROM analytics_view_days
   WHERE day BETWEEN $from!::date AND $to!::date
   ORDER BY provider_id`;

// From the rollups only, as the analytics page: views and unique visitors as the overview counts them, the most
// visited room (visits, then time, then name; sweeps without a room are not rooms), and the tour's public path.
const weekTours = sql<IWeekToursQuery>`
  WITH cur AS (
    SELECT property_id, count(DISTINCT view_id)::int AS views, count(DISTINCT visitor_key)::int AS visitors,
           round(sum(ms) / count(DISTINCT view_id) / 1000)::int AS average_seconds,
           (count(DISTINCT view_id) FILTER (WHERE lead))::int AS leads
      FROM analytics_view_days
     WHERE provider_id = $providerId! AND day BETWEEN $from!::date AND $to!::date
     GROUP BY property_id
  ), prev AS (
    SELECT property_id, count(DISTINCT view_id)::int AS views
      FROM analytics_view_days
     WHERE provider_id = $providerId! AND day BETWEEN $previousFrom!::date AND $previousTo!::date
     GROUP BY property_id
  ), rooms AS (
    SELECT DISTINCT ON (property_id) property_id, room
      FROM (SELECT property_id, min(room COLLATE "C") AS room, sum(visits) AS visits, sum(ms) AS ms
              FROM analytics_place_days
             WHERE provider_id = $providerId! AND day BETWEEN $from!::date AND $to!::date AND room IS NOT NULL
             GROUP BY property_id, place) AS places
     ORDER BY property_id, visits DESC, ms DESC, room
  )
  SELECT p.id AS "propertyId", p.title, cur.views AS "views!", cur.visitors AS "visitors!",
         cur.average_seconds AS "averageSeconds!", cur.leads AS "leads!",
         coalesce(prev.views, 0) AS "previousViews!", rooms.room AS "topRoom?",
         l.client_slug AS "clientSlug?", l.model_slug AS "modelSlug?"
    FROM cur
    JOIN properties p ON p.id = cur.property_id AND p.provider_id = $providerId! AND p.deleted_at IS NULL
    LEFT JOIN prev ON prev.property_id = cur.property_id
    LEFT JOIN rooms ON rooms.property_id = cur.property_id
    LEFT JOIN player_links l ON l.property_id = cur.property_id AND l.provider_id = $providerId!
   ORDER BY cur.views DESC, p.title, p.id`;

// The provider's contacts who asked for the report, with the tours among these they are an agent of.
const reportAgents = sql<IReportAgentsQuery>`
  SELECT lower(k.email_address) AS "email!",
         array_agg(pc.property_id ORDER BY pc.property_id) AS "propertyIds!"
    FROM contacts k JOIN property_contacts pc ON pc.contact_id = k.id
   WHERE k.provider_id = $providerId! AND k.weekly_report AND pc.property_id = ANY($propertyIds!::uuid[])
   GROUP BY k.id, k.email_address
   ORDER BY lower(k.email_address)`;

const optOutsOf = sql<IOptOutsOfQuery>`
  SELECT email FROM analytics_report_optouts WHERE provider_id = $providerId!`;

const optedOut = sql<IOptedOutQuery>`
  SELECT EXISTS (SELECT 1 FROM analytics_report_optouts WHERE provider_id = $providerId! AND email = lower($email!))
    AS "optedOut!"`;

const optOut = sql<IOptOutQuery>`
  INSERT INTO analytics_report_optouts (provider_id, email) VALUES ($providerId!, lower($email!))
  ON CONFLICT DO NOTHING`;

const optIn = sql<IOptInQuery>`
  DELETE FROM analytics_report_optouts WHERE provider_id = $providerId! AND email = lower($email!)`;

// Waits for another transaction claiming the same recipient (another replica) to end, then claims it only if that one
// rolled back: a recipient's week is claimed once.
const claimReport = sql<IClaimReportQuery>`
  INSERT INTO analytics_reports_sent (provider_id, week_start, recipient_email)
  VALUES ($providerId!, $weekStart!::date, lower($email!))
  ON CONFLICT DO NOTHING RETURNING recipient_email AS "email"`;

/** The weekly report's reads of the rollups, its opt-outs and the reports sent. */
@Injectable()
export class ReportRepository {
  constructor(private readonly db: Database) {}

  async providersWithViews(from: string, to: string): Promise<string[]> {
    const found = await queryRows(this.db.dataSource, providersWithViews, { from, to });
    return found.map((row) => row.providerId);
  }

  weekTours(weeks: WeeksQuery): Promise<WeekTourRow[]> {
    return queryRows(this.db.dataSource, weekTours, weeks);
  }

  reportAgents(providerId: string, propertyIds: string[]): Promise<ReportAgentRow[]> {
    return queryRows(this.db.dataSource, reportAgents, { providerId, propertyIds });
  }

  /** The addresses that opted out of the provider's report (lowercase). */
  async optOutsOf(providerId: string): Promise<Set<string>> {
    const found = await queryRows(this.db.dataSource, optOutsOf, { providerId });
    return new Set(found.map((row) => row.email));
  }

  async optedOut(providerId: string, email: string): Promise<boolean> {
    return (await queryOne(this.db.dataSource, optedOut, { providerId, email }))!.optedOut;
  }

  async setOptedOut(providerId: string, email: string, out: boolean): Promise<void> {
    if (out) await queryAffected(this.db.dataSource, optOut, { providerId, email });
    else await queryAffected(this.db.dataSource, optIn, { providerId, email });
  }

  /** Claims the recipient's report of the week in `tx`: false when it was sent (or is being sent) already. */
  async claim(tx: Queryable, providerId: string, weekStart: string, email: string): Promise<boolean> {
    return (await queryRows(tx, claimReport, { providerId, weekStart, email })).length > 0;
  }
}
