import type { AnalyticsBatchV1 } from '@tourly/contracts';
import type { Page, Queryable } from '@tourly/platform';
import type { ExportedEventRow } from './analytics.repository';

/** A range of UTC days, both ends included (`YYYY-MM-DD`). */
export interface DayRange {
  from: string;
  to: string;
}

/** What the provider's page shows of one property over a range, read from rollups only. */
export interface PropertyReport {
  updatedAt: Date | null;
  totals: {
    views: number;
    visitors: number;
    returningVisitors: number;
    averageSeconds: number;
    medianSeconds: number;
  };
  funnel: { views: number; interactions: number; contacts: number; leads: number };
  days: Array<{ day: string; views: number; visitors: number }>;
  devices: Array<{ device: string; views: number }>;
  referrers: Array<{ host: string | null; views: number }>;
  countries: Array<{ country: string | null; views: number }>;
  languages: Array<{ language: string; views: number }>;
  places: Array<{
    sweep: string | null;
    room: string | null;
    floor: number | null;
    seconds: number;
    visits: number;
    share: number;
  }>;
}

export interface OverviewItem {
  propertyId: string;
  title: string;
  views: number;
  visitors: number;
  averageSeconds: number;
  leads: number;
}

export type ExportedEvent = Omit<ExportedEventRow, 'cursorAt' | 'batchId' | 'seq'>;

/**
 * Where visitors' events and their rollups are kept: the port the analytics feature talks to. PostgreSQL today
 * (`PostgresAnalyticsStore`: day partitions and rollup tables); a column store (ClickHouse) is one adapter away, the
 * feature unchanged. See the properties README, "Visitor analytics", for where PostgreSQL stops being enough.
 */
export abstract class AnalyticsStore {
  /**
   * Stores a batch's events, once (a batch stored before adds nothing), and marks its (property, day) pairs for
   * the rollup; `within` is the consumer's transaction, which also records the event as handled. How many were new.
   */
  abstract store(batch: AnalyticsBatchV1, within: Queryable): Promise<number>;

  /** Rolls up every marked (property, day) whose raw events are still kept (from `firstKept` on); how many. */
  abstract rollUpDue(firstKept: string): Promise<number>;

  /** Makes the day partitions of `days` that are missing; how many it made. */
  abstract prepareDays(days: string[]): Promise<number>;

  /** Drops whole the raw events of the days before `firstKept` (their rollups stay); how many days went. */
  abstract dropDaysBefore(firstKept: string): Promise<number>;

  abstract report(providerId: string, propertyId: string, range: DayRange): Promise<PropertyReport>;

  abstract overview(
    providerId: string,
    range: DayRange,
    page: { page: number; pageSize: number; offset: number },
  ): Promise<Page<OverviewItem>>;

  /** The property's raw events still kept, oldest first, read as they are taken. */
  abstract exportEvents(providerId: string, propertyId: string): AsyncIterable<ExportedEvent>;

  /** Deletes the property's raw events and rollups. */
  abstract erase(providerId: string, propertyId: string): Promise<void>;
}
