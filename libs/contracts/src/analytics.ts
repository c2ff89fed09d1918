import type { Language } from './limits';

/**
 * Visitor analytics (issue 33, first slice): what the player sends about a tour's visit, and what the provider's
 * pages read. The wire contract is `analytics-contract.md`; the words and limits here are its own.
 */
export const ANALYTICS_EVENT_TYPES = [
  'view_started',
  'sweep_entered',
  'dwell',
  'menu_opened',
  'tag_opened',
  'guided_tour_played',
  'map_opened',
  'website_opened',
  'phone_revealed',
  'contact_opened',
  'lead_sent',
] as const;
export type AnalyticsEventType = (typeof ANALYTICS_EVENT_TYPES)[number];

export const ANALYTICS_DEVICES = ['phone', 'tablet', 'desktop'] as const;
export type AnalyticsDevice = (typeof ANALYTICS_DEVICES)[number];

/** `unknown`: the banner was not answered yet; only `granted` lets the player send a `visitor_id`. */
export const ANALYTICS_CONSENTS = ['granted', 'denied', 'unknown'] as const;
export type AnalyticsConsent = (typeof ANALYTICS_CONSENTS)[number];

export const ANALYTICS_LIMITS = {
  /** Events in one batch. */
  maxEvents: 50,
  /** A batch's body, in bytes (413 past it). */
  maxBodyBytes: 16 * 1024,
  /** Batches one client address may send in a minute (429 past it). */
  batchesPerAddressPerMinute: 120,
  /** How old an event's `at` may be. */
  maxAgeMs: 24 * 3600_000,
  /** How far ahead of the server's clock an event's `at` may be. */
  maxAheadMs: 5 * 60_000,
  /** A `dwell`'s `ms`. */
  maxDwellMs: 3_600_000,
  /** The provider's read: at most this many days in one range. */
  maxRangeDays: 366,
  /** The range when none is given: this many days ending today (UTC). */
  defaultRangeDays: 30,
} as const;

export const ANALYTICS_MESSAGES = {
  notAnEventType: 'is not an analytics event type',
  notWithinLastDay: 'must be within the last day',
  inTheFuture: 'must not be more than 5 minutes in the future',
  tooManyBatches: 'Too many analytics requests from your network. Try again in a minute.',
  paidPlanOnly: 'Visitor analytics come with a paid plan. Upgrade your plan to see who visits your tours.',
  bodyTooLarge: 'The analytics batch is too large (at most 16 KB).',
} as const;

/**
 * The web app's page a weekly analytics report's unsubscribe link opens (`?token=`): it shows whom the link stops and
 * asks before it acts (POST /analytics/weekly_report/unsubscribe), so a mail scanner following links stops nothing.
 */
export const WEEKLY_REPORT_UNSUBSCRIBE_PAGE = '/weekly_report/unsubscribe';

/** One event of a batch as the consumer stores it: `seq` its place in the batch (0-based). */
export interface AnalyticsEventV1 {
  seq: number;
  type: AnalyticsEventType;
  /** ISO 8601 UTC. */
  at: string;
  sweep: string | null;
  room: string | null;
  floor: number | null;
  ms: number | null;
  target: string | null;
}

/**
 * A visitor's batch of events about a shared tour, accepted by `POST /digital_twin/{id}/analytics.json` and queued
 * whole (no write per event on the request path); properties' own consumer stores the events. Never an address:
 * `visitorKey` is a keyed hash (of the address, user agent and tour with a salt of the UTC day, or of the consented
 * `visitor_id`).
 */
export interface AnalyticsBatchV1 {
  providerId: string;
  propertyId: string;
  batchId: string;
  viewId: string;
  visitorKey: string;
  consent: AnalyticsConsent;
  device: AnalyticsDevice;
  language: Language;
  referrerHost: string | null;
  country: string | null;
  receivedAt: string;
  events: AnalyticsEventV1[];
}
