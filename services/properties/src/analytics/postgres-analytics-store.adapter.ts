import { Injectable } from '@nestjs/common';
import type { AnalyticsBatchV1 } from '@tourly/contracts';
import { Database, keysetBatches, pageOf, type Page, type Queryable } from '@tourly/platform';
import { AnalyticsRepository, type BreakdownRow, type ExportedEventRow } from './analytics.repository';
import { dayBounds, utcDay } from './analytics.rules';
import {
  AnalyticsStore,
  type DayRange,
  type ExportedEvent,
  type OverviewItem,
  type PropertyReport,
} from './analytics-store.port';

/** The heat map's places and the referrers the page lists. */
const TOP_PLACES = 50;
const TOP_REFERRERS = 10;

/** Views per value, most first (ties by value, unknown last). */
function ranked(rows: BreakdownRow[], dimension: BreakdownRow['dimension']) {
  return rows
    .filter((row) => row.dimension === dimension)
    .sort(
      (a, b) =>
        b.views - a.views ||
        (a.value === null ? 1 : 0) - (b.value === null ? 1 : 0) ||
        (a.value ?? '').localeCompare(b.value ?? ''),
    );
}

/**
 * Visitors' analytics in PostgreSQL: raw events in `analytics_events`, one partition per UTC day; per (property,
 * day) rollups recomputed whole from them (per view, per place, per day), which every read uses.
 */
@Injectable()
export class PostgresAnalyticsStore extends AnalyticsStore {
  constructor(
    private readonly db: Database,
    private readonly analytics: AnalyticsRepository,
  ) {
    super();
  }

  async store(batch: AnalyticsBatchV1, within: Queryable): Promise<number> {
    const days = [...new Set(batch.events.map((event) => utcDay(Date.parse(event.at))))].sort();
    for (const day of days) await this.analytics.ensurePartition(within, day);
    const stored = await this.analytics.insertEvents(within, {
      providerId: batch.providerId,
      propertyId: batch.propertyId,
      batchId: batch.batchId,
      viewId: batch.viewId,
      visitorKey: batch.visitorKey,
      device: batch.device,
      language: batch.language,
      referrerHost: batch.referrerHost,
      country: batch.country,
      consent: batch.consent,
      receivedAt: batch.receivedAt,
      events: batch.events,
    });
    if (stored > 0) await this.analytics.markDue(within, batch.providerId, batch.propertyId, days);
    return stored;
  }

  async rollUpDue(firstKept: string): Promise<number> {
    await this.analytics.forgetExpiredDue(firstKept);
    let done = 0;
    // One (property, day) per transaction: its mark claimed, its rollups deleted and made again from its events.
    for (;;) {
      const rolled = await this.db.transaction(async (tx) => {
        const due = await this.analytics.claimDue(tx);
        if (!due) return false;
        if (due.day >= firstKept) await this.analytics.rollUp(tx, { ...due, ...dayBounds(due.day) });
        return true;
      });
      if (!rolled) return done;
      done++;
    }
  }

  async prepareDays(days: string[]): Promise<number> {
    let made = 0;
    for (const day of days)
      if (await this.db.transaction((tx) => this.analytics.ensurePartition(tx, day))) made++;
    return made;
  }

  dropDaysBefore(firstKept: string): Promise<number> {
    return this.db.transaction((tx) => this.analytics.dropPartitionsBefore(tx, firstKept));
  }

  async report(providerId: string, propertyId: string, range: DayRange): Promise<PropertyReport> {
    const { from, to } = range;
    const [totals, days, breakdowns, places, updatedAt] = await Promise.all([
      this.analytics.totals(providerId, propertyId, from, to),
      this.analytics.days(providerId, propertyId, from, to),
      this.analytics.breakdowns(providerId, propertyId, from, to),
      this.analytics.places(providerId, propertyId, from, to, TOP_PLACES),
      this.analytics.updatedAt(providerId, propertyId),
    ]);
    const allMs = Number(places[0]?.allMs ?? 0);
    return {
      updatedAt,
      totals: {
        views: totals.views,
        visitors: totals.visitors,
        returningVisitors: totals.returningVisitors,
        averageSeconds: totals.averageSeconds,
        medianSeconds: totals.medianSeconds,
      },
      funnel: {
        views: totals.views,
        interactions: totals.interactions,
        contacts: totals.contacts,
        leads: totals.leads,
      },
      days,
      devices: ranked(breakdowns, 'device').map((row) => ({ device: row.value ?? '', views: row.views })),
      referrers: ranked(breakdowns, 'referrer')
        .slice(0, TOP_REFERRERS)
        .map((row) => ({ host: row.value, views: row.views })),
      countries: ranked(breakdowns, 'country').map((row) => ({ country: row.value, views: row.views })),
      languages: ranked(breakdowns, 'language').map((row) => ({
        language: row.value ?? '',
        views: row.views,
      })),
      places: places.map((place) => ({
        sweep: place.sweep,
        room: place.room,
        floor: place.floor,
        seconds: Math.round(Number(place.ms) / 1000),
        visits: place.visits,
        share: allMs > 0 ? Math.round((Number(place.ms) / allMs) * 10_000) / 10_000 : 0,
      })),
    };
  }

  async overview(
    providerId: string,
    range: DayRange,
    page: { page: number; pageSize: number; offset: number },
  ): Promise<Page<OverviewItem>> {
    const rows = await this.analytics.overview(providerId, range.from, range.to, page.pageSize, page.offset);
    const total =
      rows[0]?.total ??
      (page.offset === 0 ? 0 : await this.analytics.overviewCount(providerId, range.from, range.to));
    return pageOf(
      rows.map(({ total: _total, ...item }) => item),
      total,
      page,
    );
  }

  async *exportEvents(providerId: string, propertyId: string): AsyncIterable<ExportedEvent> {
    const rows = keysetBatches(
      (after: ExportedEventRow | undefined, limit) =>
        this.analytics.exportEvents(
          providerId,
          propertyId,
          after && { at: after.cursorAt, batchId: after.batchId, seq: after.seq },
          limit,
        ),
      (row) => row,
    );
    for await (const { cursorAt: _cursor, batchId: _batch, seq: _seq, ...event } of rows) yield event;
  }

  erase(providerId: string, propertyId: string): Promise<void> {
    return this.db.transaction((tx) => this.analytics.erase(tx, { providerId, propertyId }));
  }
}
