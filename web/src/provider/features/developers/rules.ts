import {
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_EVENT_DESCRIPTIONS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_LIMITS,
  type WebhookDeliveryStatus,
} from '@tourly/contracts';
import { ApiError } from '../../../api/errors';
import { formatDuration } from '../../../shared/format';

/** An event type a person can subscribe to, with what it means: the API's list, else the contracts'. */
export interface EventTypeOption {
  type: string;
  description: string;
}

/** The contracts' event types, for when the API's list is not at hand. */
export const EVENT_TYPE_OPTIONS: EventTypeOption[] = WEBHOOK_EVENT_TYPES.map((type) => ({
  type,
  description: WEBHOOK_EVENT_DESCRIPTIONS[type],
}));

export const STATUS_LABELS: Record<WebhookDeliveryStatus, string> = {
  pending: 'Pending',
  succeeded: 'Succeeded',
  failed: 'Failed',
};

export const STATUS_BADGES: Record<WebhookDeliveryStatus, string> = {
  pending: 'badge-progress',
  succeeded: 'badge-success',
  failed: 'badge-danger',
};

/** The deliveries' status filter, in the order a delivery moves through them. */
export const STATUS_OPTIONS = WEBHOOK_DELIVERY_STATUSES.map(
  (status) => [status, STATUS_LABELS[status]] as const,
);

/** A status read from the address or a select: one of the delivery statuses, else none (every delivery). */
export function statusParam(value: string | null | undefined): WebhookDeliveryStatus | undefined {
  return (WEBHOOK_DELIVERY_STATUSES as readonly string[]).includes(value ?? '')
    ? (value as WebhookDeliveryStatus)
    : undefined;
}

/** How long the receiver took: '85 ms', '1.2 s', '12 s'; an em dash when it never answered. */
export function formatLatency(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms) || ms < 0) return '—';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const seconds = Math.round(ms / 100) / 10;
  return seconds < 10 ? `${seconds.toFixed(1)} s` : `${Math.round(ms / 1000)} s`;
}

/** What the receiver last answered: 'HTTP 500', or the failure when it never answered; an em dash before any try. */
export function lastAnswer(delivery: { lastStatusCode: number | null; lastError: string | null }): string {
  if (delivery.lastStatusCode !== null) return `HTTP ${delivery.lastStatusCode}`;
  return delivery.lastError ?? '—';
}

/**
 * When a pending delivery goes out next, relative to `now`: 'in 30 seconds', 'in 1 minute 5 seconds', 'any moment
 * now' once due; null when nothing is planned.
 */
export function nextAttemptIn(nextAttemptAt: string | null, now: number): string | null {
  if (!nextAttemptAt) return null;
  const at = Date.parse(nextAttemptAt);
  if (Number.isNaN(at)) return null;
  const seconds = Math.round((at - now) / 1000);
  return seconds <= 0 ? 'any moment now' : `in ${formatDuration(seconds)}`;
}

/**
 * What an endpoint listens to, in a few words: 'All 13 event types', '2 event types', '1 event type'. `all` is how
 * many exist.
 */
export function eventTypesSummary(selected: readonly string[], all: number): string {
  if (all > 0 && selected.length >= all) return `All ${all} event types`;
  return `${selected.length} event ${selected.length === 1 ? 'type' : 'types'}`;
}

/** The selection in the order of the list offered (types the list no longer has go last, as chosen). */
export function orderedSelection(selected: readonly string[], offered: readonly EventTypeOption[]): string[] {
  const chosen = new Set(selected);
  const known = offered.map((option) => option.type).filter((type) => chosen.has(type));
  const unknown = selected.filter((type) => !offered.some((option) => option.type === type));
  return [...known, ...unknown];
}

/** One checkbox changed: the selection with or without the type, kept in the offered order. */
export function toggleEventType(
  selected: readonly string[],
  type: string,
  checked: boolean,
  offered: readonly EventTypeOption[],
): string[] {
  const rest = selected.filter((item) => item !== type);
  return orderedSelection(checked ? [...rest, type] : rest, offered);
}

export type EndpointHealth = 'healthy' | 'failing' | 'disabled' | 'paused';

/**
 * How an endpoint is doing: `disabled` when the platform turned it off (a reason), `paused` when the provider did
 * (no reason), `failing` while deliveries fail (since `failingSince`), else `healthy`.
 */
export function endpointHealth(endpoint: {
  enabled: boolean;
  disabledReason: string | null;
  failingSince: string | null;
}): EndpointHealth {
  if (!endpoint.enabled) return endpoint.disabledReason ? 'disabled' : 'paused';
  return endpoint.failingSince ? 'failing' : 'healthy';
}

export const HEALTH_BADGES: Record<EndpointHealth, { label: string; badge: string }> = {
  healthy: { label: 'Enabled', badge: 'badge-success' },
  failing: { label: 'Failing', badge: 'badge-progress' },
  disabled: { label: 'Disabled', badge: 'badge-danger' },
  paused: { label: 'Turned off', badge: 'badge-neutral' },
};

/** A pending delivery anywhere means the page keeps asking, to show it arrive. */
export const hasPending = (items: ReadonlyArray<{ status: string }> | undefined): boolean =>
  !!items?.some((item) => item.status === 'pending');

/** How often the page asks again while something is pending: soon after the next attempt is due, within bounds. */
export const POLL_MIN_MS = 2_000;
export const POLL_MAX_MS = 30_000;

/**
 * When to ask again for deliveries (false: not while none is pending): just after the earliest next attempt is
 * due, but at least every 30 s (a replay or a new event may start sooner) and at most every 2 s; a delivery with
 * no attempt planned yet (it is being sent) at once.
 */
export function pollDelay(
  items: ReadonlyArray<{ status: string; nextAttemptAt: string | null }> | undefined,
  now: number,
): number | false {
  const pending = items?.filter((item) => item.status === 'pending') ?? [];
  if (pending.length === 0) return false;
  const waits = pending.map((item) => {
    const at = item.nextAttemptAt ? Date.parse(item.nextAttemptAt) : Number.NaN;
    return Number.isNaN(at) ? 0 : at - now + 500;
  });
  return Math.min(POLL_MAX_MS, Math.max(POLL_MIN_MS, Math.min(...waits)));
}

/** The ids of the pending deliveries, as one key: when it changes, a delivery ended (or started). */
export const pendingKey = (items: ReadonlyArray<{ id: string; status: string }> | undefined): string =>
  (items ?? [])
    .filter((item) => item.status === 'pending')
    .map((item) => item.id)
    .join(' ');

/** True while any endpoint has deliveries waiting. */
export const anyEndpointPending = (endpoints: ReadonlyArray<{ counts: { pending: number } }> | undefined) =>
  !!endpoints?.some((endpoint) => endpoint.counts.pending > 0);

/** The replay button: a finished delivery is sent again (a new round), a pending one now (its round goes on). */
export const replayLabel = (delivery: { status: WebhookDeliveryStatus }) =>
  delivery.status === 'pending' ? 'Send now' : 'Replay';

/** A body as the receiver got it, indented for reading when it is JSON, else as it is. */
export function prettyJson(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

/** The hours a replaced secret keeps verifying: the contracts' limit. */
export const PREVIOUS_SECRET_HOURS = WEBHOOK_LIMITS.previousSecretHours;
export const MAX_ENDPOINTS = WEBHOOK_LIMITS.endpointsPerProvider;
export const URL_MAX_LENGTH = WEBHOOK_LIMITS.urlMaxLength;
export const DESCRIPTION_MAX_LENGTH = WEBHOOK_LIMITS.descriptionMaxLength;

/** The endpoint form's fields under the names the API gives their refusals (the body's `endpoint` object). */
export const ENDPOINT_FIELDS = {
  url: 'endpoint.url',
  description: 'endpoint.description',
  eventTypes: 'endpoint.eventTypes',
} as const;

/**
 * A refusal of the endpoint form with its field messages under `endpoint.` (`endpoint.url`, as identity words
 * them), also when they come bare (`url`, as the API's notes write them): either way they reach their field.
 */
export function endpointRefusal(error: unknown): unknown {
  if (!(error instanceof ApiError)) return error;
  const bare = Object.keys(ENDPOINT_FIELDS).filter((name) => error.fields[name]);
  if (bare.length === 0) return error;
  const fields = Object.fromEntries(
    Object.entries(error.fields).map(([name, messages]) => [
      name in ENDPOINT_FIELDS ? ENDPOINT_FIELDS[name as keyof typeof ENDPOINT_FIELDS] : name,
      messages,
    ]),
  );
  return new ApiError(error.status, fields, error.messages);
}
