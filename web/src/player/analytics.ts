/**
 * The visitor's analytics (issue 33; analytics contract §1-2): what a visitor does in a tour, sent in batches to
 * `POST /digital_twin/{id}/analytics.json` every few seconds while events wait and when the page is hidden, with
 * `navigator.sendBeacon` (`fetch` with `keepalive` where it is missing or refuses). No dependency, nothing kept
 * without consent, never a throw into the page, never a retry: a batch that does not leave is lost.
 */

import {
  LEAD_ATTRIBUTION_LIMITS,
  type AnalyticsConsent as Consent,
  type AnalyticsDevice as Device,
  type AnalyticsEventType,
  type LeadAttribution,
} from '@tourly/contracts';
import { NO_ANALYTICS, type Analytics, type EventFields, type Place } from './consent';

export type { AnalyticsEventType, Consent, Device, LeadAttribution };
// What the page needs before the collector loads lives in ./consent; the collector's users find it here too.
export {
  browserConsent,
  consentOf,
  CONSENT_COOKIE,
  DECLINED_KEY,
  NO_ANALYTICS,
  rememberDeclined,
  type Analytics,
  type EventFields,
  type Place,
} from './consent';

export interface AnalyticsEvent {
  type: AnalyticsEventType;
  at: string;
  sweep?: string;
  room?: string;
  floor?: number;
  target?: string;
  ms?: number;
}

export interface BatchMeta {
  view_id: string;
  visitor_id: string | null;
  consent: Consent;
  device: Device;
  language: string;
  referrer: string | null;
}

export interface Batch extends BatchMeta {
  id: string;
  events: AnalyticsEvent[];
}

export interface AnalyticsOptions {
  /** The tour's public id. */
  tourId: string;
  language: string;
  consent: Consent;
}

/** The contract's limits. */
export const MAX_EVENTS = 50;
export const MAX_BODY_BYTES = 16 * 1024;
export const MAX_DWELL_MS = 3_600_000;
/** Events wait at most this long before they leave. */
export const FLUSH_MS = 5000;
export const VISITOR_ID_KEY = 'tourly_visitor_id';

/** The contract's classes by the viewport's width: under 576 px a phone, under 1024 px a tablet. */
export const deviceOf = (width: number): Device =>
  width < 576 ? 'phone' : width < 1024 ? 'tablet' : 'desktop';

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;
const text = (value: string | null | undefined) => {
  const clean = value?.replace(CONTROL, '').trim().slice(0, 80);
  return clean ? clean : undefined;
};
const floorOf = (floor: number | null | undefined) =>
  typeof floor === 'number' && Number.isInteger(floor) && floor >= 0 && floor <= 99 ? floor : undefined;

/** The event as the contract takes it: a field it would refuse is left out, never the whole batch refused. */
export function eventOf(
  type: AnalyticsEventType,
  at: Date,
  fields: EventFields & { ms?: number } = {},
): AnalyticsEvent {
  const event: AnalyticsEvent = { type, at: at.toISOString() };
  if (fields.sweep && /^[\w-]{1,64}$/.test(fields.sweep)) event.sweep = fields.sweep;
  const room = text(fields.room);
  if (room) event.room = room;
  const floor = floorOf(fields.floor);
  if (floor !== undefined) event.floor = floor;
  const { ms } = fields;
  const target = text(fields.target);
  if (target) event.target = target;
  if (type === 'dwell') event.ms = Math.min(MAX_DWELL_MS, Math.max(0, Math.round(ms ?? 0)));
  return event;
}

/** The waiting events as batches of at most 50 events and 16 KB each, each with its own id. */
export function toBatches(events: AnalyticsEvent[], meta: BatchMeta, newId: () => string): Batch[] {
  const batches: Batch[] = [];
  const add = (part: AnalyticsEvent[]) => {
    const batch = { id: newId(), ...meta, events: part };
    if (part.length > 1 && new Blob([JSON.stringify({ batch })]).size > MAX_BODY_BYTES) {
      const half = Math.ceil(part.length / 2);
      add(part.slice(0, half));
      add(part.slice(half));
    } else batches.push(batch);
  };
  for (let start = 0; start < events.length; start += MAX_EVENTS)
    add(events.slice(start, start + MAX_EVENTS));
  return batches;
}

/** The time a view spent in one room (a room of that name on that floor), in milliseconds. */
export interface Stay {
  room: string;
  floor: number | null;
  ms: number;
}

/**
 * A lead's attribution from a view's stays (in the order first stayed) and the rooms it entered, oldest first: the
 * rooms of at least a second, longest first (the first stayed first among equals), at most 5; the last 30 rooms of the
 * path; null when both are empty.
 */
export function toAttribution(stays: Stay[], path: string[]): LeadAttribution | null {
  const rooms = stays
    .map(({ room, floor, ms }) => ({
      room,
      floor,
      seconds: Math.min(LEAD_ATTRIBUTION_LIMITS.maxSeconds, Math.round(ms / 1000)),
    }))
    .filter((stay) => stay.seconds > 0)
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, LEAD_ATTRIBUTION_LIMITS.maxRooms);
  const walked = path.slice(-LEAD_ATTRIBUTION_LIMITS.maxPath);
  return rooms.length === 0 && walked.length === 0 ? null : { rooms, path: walked };
}

/** Adds time at a place to its room's stay (by room and floor); a place the tour names no room for has none. */
function addStay(stays: Map<string, Stay>, place: Place, ms: number): void {
  const room = text(place.room);
  if (!room || ms <= 0) return;
  const floor = floorOf(place.floor) ?? null;
  const key = JSON.stringify([room, floor]);
  const stay = stays.get(key);
  if (stay) stay.ms += ms;
  else stays.set(key, { room, floor, ms });
}

/** What the collector uses of the browser; tests give their own. */
export interface AnalyticsIo {
  now(): number;
  uuid(): string;
  /** Sends one body, never throwing. */
  send(url: string, json: string): void;
  width(): number;
  referrer(): string | null;
  hidden(): boolean;
  storage(): Pick<Storage, 'getItem' | 'setItem'> | null;
  setTimer(run: () => void, ms: number): () => void;
  /** Calls `onHide(true)` when the page is hidden or left, `onHide(false)` when it shows again; gives the undo. */
  listen(onHide: (hidden: boolean) => void): () => void;
}

function send(url: string, json: string): void {
  try {
    if (navigator.sendBeacon?.(url, new Blob([json], { type: 'application/json' }))) return;
  } catch {
    // A refused beacon (a body over the browser's quota): fetch below.
  }
  try {
    fetch(url, {
      method: 'POST',
      body: json,
      headers: { 'Content-Type': 'application/json' },
      credentials: 'same-origin',
      keepalive: true,
    }).catch(() => undefined);
  } catch {
    // No way out: the batch is lost, the page goes on.
  }
}

/** A version 4 uuid; `crypto.randomUUID` exists on https (and localhost) only. */
export function uuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const browserIo: AnalyticsIo = {
  now: () => Date.now(),
  uuid,
  send,
  width: () => window.innerWidth,
  referrer: () => document.referrer || null,
  hidden: () => document.visibilityState === 'hidden',
  storage: () => {
    try {
      return window.localStorage;
    } catch {
      return null;
    }
  },
  setTimer: (run, ms) => {
    const timer = window.setTimeout(run, ms);
    return () => window.clearTimeout(timer);
  },
  listen: (onHide) => {
    const visibility = () => onHide(document.visibilityState === 'hidden');
    const pagehide = () => onHide(true);
    document.addEventListener('visibilitychange', visibility);
    window.addEventListener('pagehide', pagehide);
    return () => {
      document.removeEventListener('visibilitychange', visibility);
      window.removeEventListener('pagehide', pagehide);
    };
  },
};

/** The visitor id kept for returning visits: read, or made and kept, with consent only. */
function visitorId(io: AnalyticsIo): string | null {
  try {
    const storage = io.storage();
    if (!storage) return null;
    let id = storage.getItem(VISITOR_ID_KEY);
    if (!id) {
      id = io.uuid();
      storage.setItem(VISITOR_ID_KEY, id);
    }
    return id;
  } catch {
    return null;
  }
}

const views = new Map<string, Analytics>();

/**
 * The page's view of the tour: started at the first call, the same collector at the next ones (a page mounted again,
 * as React's strict mode does), so one page load is one view, listening to the page until it goes.
 */
export function viewAnalytics(options: AnalyticsOptions): Analytics {
  let view = views.get(options.tourId);
  if (!view) views.set(options.tourId, (view = startAnalytics(options)));
  return view;
}

/** Starts one view of the tour: `view_started` now, then what the page records. */
export function startAnalytics(options: AnalyticsOptions, io: AnalyticsIo = browserIo): Analytics {
  try {
    return collector(options, io);
  } catch {
    return NO_ANALYTICS;
  }
}

function collector(options: AnalyticsOptions, io: AnalyticsIo): Analytics {
  const url = `/digital_twin/${encodeURIComponent(options.tourId)}/analytics.json`;
  const viewId = io.uuid();
  let { consent, language } = options;
  let waiting: AnalyticsEvent[] = [];
  let cancelTimer: (() => void) | null = null;
  /** Where the visitor is, and since when it counts (null while the page is hidden). */
  let current: Place | null = null;
  let since: number | null = null;
  /** The rooms' time this view (by room and floor, in the order first stayed) and the rooms entered, for a lead. */
  const stays = new Map<string, Stay>();
  const path: string[] = [];

  const safely = (run: () => void) => {
    try {
      run();
    } catch {
      // Analytics never break the tour.
    }
  };

  function flush() {
    cancelTimer?.();
    cancelTimer = null;
    if (waiting.length === 0) return;
    const meta: BatchMeta = {
      view_id: viewId,
      visitor_id: consent === 'granted' ? visitorId(io) : null,
      consent,
      device: deviceOf(io.width()),
      language,
      referrer: io.referrer(),
    };
    const events = waiting;
    waiting = [];
    for (const batch of toBatches(events, meta, io.uuid)) io.send(url, JSON.stringify({ batch }));
  }

  function push(type: AnalyticsEventType, fields?: EventFields & { ms?: number }) {
    waiting.push(eventOf(type, new Date(io.now()), fields));
    cancelTimer ??= io.setTimer(() => safely(flush), FLUSH_MS);
  }

  /** The time at the current place so far, as a `dwell`; the clock stops until `resume`. */
  function closeDwell() {
    if (current && since !== null) {
      const ms = io.now() - since;
      if (ms > 0) {
        push('dwell', { ...current, ms });
        addStay(stays, current, ms);
      }
    }
    since = null;
  }

  /** A room entered: on the path unless it is the room the visitor was last in (two sweeps of one kitchen). */
  function entered(place: Place) {
    const room = text(place.room);
    if (!room || path[path.length - 1] === room) return;
    path.push(room);
    // The path before writing is what counts: the oldest rooms go first.
    if (path.length > LEAD_ATTRIBUTION_LIMITS.maxPath) path.shift();
  }

  const unlisten = io.listen((hidden) =>
    safely(() => {
      if (hidden) {
        closeDwell();
        flush();
      } else if (current && since === null) since = io.now();
    }),
  );
  push('view_started');

  return {
    record: (type, fields) => safely(() => push(type, fields)),
    place: (place) =>
      safely(() => {
        closeDwell();
        current = { sweep: place.sweep, room: place.room, floor: place.floor };
        since = io.hidden() ? null : io.now();
        push('sweep_entered', current);
        entered(current);
      }),
    setConsent: (next) => {
      consent = next;
    },
    setLanguage: (next) => {
      language = next;
    },
    attribution: () => {
      try {
        if (consent !== 'granted') return null;
        // The room the visitor is in counts up to now, without closing its dwell.
        const all = new Map([...stays].map(([key, stay]) => [key, { ...stay }]));
        if (current && since !== null) addStay(all, current, io.now() - since);
        return toAttribution([...all.values()], path);
      } catch {
        return null;
      }
    },
    stop: () =>
      safely(() => {
        unlisten();
        closeDwell();
        flush();
      }),
  };
}
