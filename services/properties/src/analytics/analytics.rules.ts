import { createHmac } from 'node:crypto';
import { ANALYTICS_LIMITS } from '@tourly/contracts';
import { clientAddressKey } from '@tourly/platform';
import type { VisitorLimit } from '../visitors/visitor-limits';

const DAY_MS = 24 * 3600_000;

/** Batches one client (an IPv4 address, an IPv6 /64) may send in a minute, counted in identity's shared windows. */
export const ANALYTICS_BATCH_LIMIT: VisitorLimit = {
  bucket: 'analytics_batches',
  limit: ANALYTICS_LIMITS.batchesPerAddressPerMinute,
  windowSeconds: 60,
};

/** A UTC day, `YYYY-MM-DD`. */
export function utcDay(at: Date | number): string {
  return new Date(at).toISOString().slice(0, 10);
}

/** The day `days` after (or before, negative) `day`. */
export function addDays(day: string, days: number): string {
  return utcDay(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS);
}

/** The instants a UTC day runs between: from its midnight up to the next. */
export function dayBounds(day: string): { from: Date; until: Date } {
  const from = new Date(`${day}T00:00:00Z`);
  return { from, until: new Date(from.getTime() + DAY_MS) };
}

/** Days of raw events kept: the partitions of days before this one are dropped whole. */
export function firstKeptDay(now: Date, retentionDays: number): string {
  return addDays(utcDay(now), -(retentionDays - 1));
}

/** The partitions made ahead: yesterday (an event may be a day old) to two days from now. */
export function partitionDays(now: Date): string[] {
  const today = utcDay(now);
  return [-1, 0, 1, 2].map((days) => addDays(today, days));
}

export interface VisitorOf {
  address: string;
  userAgent: string;
  tourId: string;
  /** The player's `visitor_id`, counted only with consent. */
  visitorId: string | null;
  consented: boolean;
}

/**
 * Who a visitor is, as stored: never the address. With consent and a `visitor_id`, a keyed hash of that id (the
 * same every day: what makes a visitor "returning"); else a keyed hash of (client, user agent, tour) with a key that
 * changes every UTC day, so a visitor without consent cannot be followed from one day to the next. The keys are
 * derived from the service's secret for this use only (HMAC-SHA256).
 */
export function visitorKey(secret: string, visitor: VisitorOf, now: Date): string {
  const base = createHmac('sha256', secret).update('analytics-visitor').digest();
  if (visitor.consented && visitor.visitorId) {
    return `v:${createHmac('sha256', base).update(visitor.visitorId.toLowerCase()).digest('base64url').slice(0, 32)}`;
  }
  const daily = createHmac('sha256', base).update(utcDay(now)).digest();
  const seen = [clientAddressKey(visitor.address), visitor.userAgent, visitor.tourId].join('\n');
  return `d:${createHmac('sha256', daily).update(seen).digest('base64url').slice(0, 32)}`;
}

/** The referrer's host only (lowercase), null for none or anything that is not an http(s) URL. */
export function referrerHost(referrer: string | null | undefined): string | null {
  if (!referrer) return null;
  try {
    const url = new URL(referrer);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.hostname.toLowerCase().slice(0, 255) || null;
  } catch {
    return null;
  }
}

/** A country from the gateway's header (`cf-ipcountry`): two letters, upper case; anything else is unknown. */
export function countryOf(header: string | string[] | undefined): string | null {
  const value = Array.isArray(header) ? header[0] : header;
  return value && /^[A-Za-z]{2}$/.test(value.trim()) ? value.trim().toUpperCase() : null;
}

/** Whether an event's `at` names its zone (`Z` or an offset): a time without one is ambiguous. */
export function namesZone(at: string): boolean {
  return /(Z|[+-]\d{2}:?\d{2})$/i.test(at);
}

/** Why an event's time is refused, or null: not older than a day, not more than 5 minutes ahead. */
export function eventTimeRefusal(at: number, now: number): 'old' | 'ahead' | null {
  if (at < now - ANALYTICS_LIMITS.maxAgeMs) return 'old';
  if (at > now + ANALYTICS_LIMITS.maxAheadMs) return 'ahead';
  return null;
}

/** A batch's keys, as the body's parser made them (camelCase); anything else is refused. */
const KNOWN_KEYS = {
  body: new Set(['batch']),
  batch: new Set(['id', 'viewId', 'visitorId', 'consent', 'device', 'language', 'referrer', 'events']),
  event: new Set(['type', 'at', 'sweep', 'room', 'floor', 'ms', 'target']),
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The unknown keys of a batch's body, each on its own path (`batch.events.3.colour`) with the same words: a field
 * the contract does not have is refused rather than silently dropped. Shapes the DTO refuses are left to it.
 */
export function unknownKeys(body: unknown): Record<string, string> {
  const errors: Record<string, string> = {};
  const check = (value: unknown, known: Set<string>, path: string) => {
    if (!isObject(value)) return;
    for (const key of Object.keys(value))
      if (!known.has(key)) errors[path ? `${path}.${key}` : key] = UNKNOWN_FIELD;
  };
  check(body, KNOWN_KEYS.body, '');
  if (!isObject(body)) return errors;
  const batch = body.batch;
  check(batch, KNOWN_KEYS.batch, 'batch');
  if (isObject(batch) && Array.isArray(batch.events))
    batch.events.forEach((event, index) => check(event, KNOWN_KEYS.event, `batch.events.${index}`));
  return errors;
}

export const UNKNOWN_FIELD = 'is not a known field';
export const NOT_A_DATE = 'must be a date (YYYY-MM-DD)';
export const RANGE_BACKWARDS = 'must not be before from';
export const RANGE_TOO_LONG = `must be at most ${ANALYTICS_LIMITS.maxRangeDays} days after from`;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isDate = (value: string) => DATE.test(value) && utcDay(Date.parse(`${value}T00:00:00Z`) || 0) === value;

/**
 * The provider's range: `from` and `to` inclusive UTC days, by default the last 30 days ending today; at most 366
 * days. Refusals by field, in words.
 */
export function analyticsRange(
  given: { from?: string; to?: string },
  now: Date,
): { from: string; to: string } | { errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  if (given.from !== undefined && !isDate(given.from)) errors.from = NOT_A_DATE;
  if (given.to !== undefined && !isDate(given.to)) errors.to = NOT_A_DATE;
  if (Object.keys(errors).length > 0) return { errors };
  const to = given.to ?? (given.from ? maxDay(given.from, utcDay(now)) : utcDay(now));
  const from = given.from ?? addDays(to, -(ANALYTICS_LIMITS.defaultRangeDays - 1));
  if (to < from) return { errors: { to: RANGE_BACKWARDS } };
  if (addDays(from, ANALYTICS_LIMITS.maxRangeDays - 1) < to) return { errors: { to: RANGE_TOO_LONG } };
  return { from, to };
}

const maxDay = (a: string, b: string) => (a > b ? a : b);
