import { getPage, request, type Page } from '../../../api/client';

/*
 * The analytics routes (analytics contract §3) are not in the OpenAPI document yet: these types mirror the contract
 * in camelCase (the client converts the answers' keys), to be swapped for `Answer<'/provider/...', 'get'>` once the
 * server side lands and `npm run api:types` regenerates the document's types.
 */

/** A day of the range, `YYYY-MM-DD` (UTC). */
export type IsoDay = string;

/** GET /provider/properties/{id}/analytics.json */
export interface PropertyAnalytics {
  from: IsoDay;
  to: IsoDay;
  /** The last rollup run over this property; null before the first. */
  updatedAt: string | null;
  totals: AnalyticsTotals;
  /** Every day of the range, zeros included. */
  days: Array<{ day: IsoDay; views: number; visitors: number }>;
  devices: Array<{ device: string; views: number }>;
  /** The top 10; a null host is a direct visit. */
  referrers: Array<{ host: string | null; views: number }>;
  /** ISO 3166 alpha-2; null is unknown. */
  countries: Array<{ country: string | null; views: number }>;
  languages: Array<{ language: string; views: number }>;
  funnel: AnalyticsFunnel;
  /** The heat map: the top 50 places by seconds, by room where the player sent one, else by sweep. */
  places: AnalyticsPlace[];
}

export interface AnalyticsTotals {
  views: number;
  visitors: number;
  returningVisitors: number;
  averageSeconds: number;
  medianSeconds: number;
}

export interface AnalyticsFunnel {
  views: number;
  interactions: number;
  contacts: number;
  leads: number;
}

export interface AnalyticsPlace {
  sweep: string;
  room: string | null;
  floor: number | null;
  seconds: number;
  visits: number;
  /** seconds / all seconds of the range, 0..1. */
  share: number;
}

/** One row of GET /provider/analytics.json: a property with views in the range. */
export interface AnalyticsOverviewRow {
  propertyId: string;
  title: string;
  views: number;
  visitors: number;
  averageSeconds: number;
  leads: number;
}

/** A type, not an interface: it goes into a request's query, which takes string keys. */
export type AnalyticsRange = {
  from: IsoDay;
  to: IsoDay;
};

const BASE = '/provider/properties';
const at = (id: string, rest: string) => `${BASE}/${encodeURIComponent(id)}${rest}`;

export const fetchPropertyAnalytics = (id: string, range: AnalyticsRange, signal?: AbortSignal) =>
  request<PropertyAnalytics>('GET', at(id, '/analytics.json'), { query: { ...range }, signal });

/** Most views first. The contract names "the platform's page shape": items, current_page, total_pages, total_count. */
export const fetchAnalyticsOverview = (
  query: AnalyticsRange & { page: number; pageSize: number },
  signal?: AbortSignal,
): Promise<Page<AnalyticsOverviewRow>> =>
  getPage<AnalyticsOverviewRow>('/provider/analytics.json', query, signal);

/** The property's raw events still kept, as CSV: a plain link the browser downloads with the session's cookie. */
export const analyticsExportUrl = (id: string) => at(id, '/analytics/export.csv');

/** Admins only: deletes the property's raw events and rollups (204). */
export const deletePropertyAnalytics = (id: string) => request<undefined>('DELETE', at(id, '/analytics'));
