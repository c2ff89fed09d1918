import { api, getPage, request, type Page } from '../../../api/client';
import type { Answer } from '../../../api/types';

/** A day of the range, `YYYY-MM-DD` (UTC). */
export type IsoDay = string;

/**
 * GET /provider/properties/{id}/analytics.json: totals, every day of the range (zeros included), devices, the top
 * referrers (a null host is a direct visit), countries (null: unknown), languages, the funnel, and the heat map's
 * places (the top 50 by seconds: by room where the player sent one, else by sweep).
 */
export type PropertyAnalytics = Answer<'/provider/properties/{id}/analytics.json', 'get'>;
export type AnalyticsTotals = PropertyAnalytics['totals'];
export type AnalyticsFunnel = PropertyAnalytics['funnel'];
export type AnalyticsPlace = PropertyAnalytics['places'][number];

/** One row of GET /provider/analytics.json: a property with views in the range. */
export type AnalyticsOverviewRow = Answer<'/provider/analytics.json', 'get'>['items'][number];

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

/**
 * Where the provider placed a room of the tour on one of the property's floor-plan images: `x`, `y` are fractions of
 * the image's width and height from its top left corner. A room is its name on its floor, as `places` names it.
 */
export type RoomPin = Answer<'/provider/properties/{id}/analytics/room_pins', 'get'>[number];

export const fetchRoomPins = (id: string, signal?: AbortSignal) =>
  api.get('/provider/properties/{id}/analytics/room_pins', { params: { id }, signal });

/** Replaces every pin of the property (an empty list clears them); the pins as stored. */
export const saveRoomPins = (id: string, roomPins: RoomPin[]) =>
  api.put('/provider/properties/{id}/analytics/room_pins', { roomPins }, { params: { id } });
/** GET /provider/analytics/weekly_report: whether the weekly report is e-mailed to the signed-in person, and where. */
export type WeeklyReportSubscription = Answer<'/provider/analytics/weekly_report', 'get'>;

export const fetchWeeklyReport = (signal?: AbortSignal) =>
  api.get('/provider/analytics/weekly_report', { signal });

export const saveWeeklyReport = (subscribed: boolean) =>
  api.put('/provider/analytics/weekly_report', { subscribed });

/** The one-click unsubscribe of a report's link (public: the token is the proof): 204. */
export const unsubscribeWeeklyReport = (token: string) =>
  api.post('/analytics/weekly_report/unsubscribe', { token });
