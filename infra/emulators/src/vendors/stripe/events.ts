import type Stripe from 'stripe';
import { newId } from './ids';
import type { StripeStore } from './store';
import { realNow } from './time';

/** The API version the SDK (stripe 23.1.0) speaks, stamped on events as Stripe does. */
export const API_VERSION = '2026-10-28.endive';

export interface RequestContext {
  id: string | null;
  idempotency_key: string | null;
}

/** Receives every event once recorded; sets `pending_webhooks` to the endpoints it will be sent to. */
export type EventListener = (event: Stripe.Event) => void;

/**
 * Records an event for every state change, with a snapshot of the object as it is at that moment and, for
 * `*.updated`, the attributes it had before. `onEvent` hands each event to the webhook dispatcher.
 */
export class EventLog {
  private request: RequestContext = { id: null, idempotency_key: null };

  constructor(
    private readonly store: StripeStore,
    private readonly onEvent: EventListener,
  ) {}

  /** Events emitted while `action` runs carry that request's id and idempotency key. */
  withRequest<T>(request: RequestContext, action: () => T): T {
    const previous = this.request;
    this.request = request;
    try {
      return action();
    } finally {
      this.request = previous;
    }
  }

  /** Events emitted by the clock machinery are automatic: no request. */
  automatic<T>(action: () => T): T {
    return this.withRequest({ id: null, idempotency_key: null }, action);
  }

  emit(type: string, object: { id: string }, previousAttributes?: Record<string, unknown>): Stripe.Event {
    const event = {
      id: newId('evt'),
      object: 'event',
      // A connected account's events name it, as Stripe's Connect webhooks do.
      ...(this.store.account ? { account: this.store.account } : {}),
      api_version: API_VERSION,
      created: realNow(),
      data: {
        object: structuredClone(object),
        ...(previousAttributes && Object.keys(previousAttributes).length > 0
          ? { previous_attributes: previousAttributes }
          : {}),
      },
      livemode: false,
      pending_webhooks: 0,
      request: { ...this.request },
      type,
    } as unknown as Stripe.Event;
    this.store.put(this.store.events, event);
    this.onEvent(event);
    return event;
  }

  /** `customer.subscription.updated` and the like: emitted only when something did change. */
  emitUpdated(type: string, object: { id: string }, before: object): Stripe.Event | undefined {
    const previous = changedAttributes(before, object);
    if (Object.keys(previous).length === 0) return undefined;
    return this.emit(type, object, previous);
  }
}

/** A deep copy taken before a change, to diff against afterwards. */
export function snapshot<T>(object: T): T {
  return structuredClone(object);
}

/** Top-level attributes whose value changed, with their previous values (whole, as Stripe sends them). */
export function changedAttributes(before: object, after: object): Record<string, unknown> {
  const previous: Record<string, unknown> = {};
  const beforeRecord = before as Record<string, unknown>;
  const afterRecord = after as Record<string, unknown>;
  for (const key of new Set([...Object.keys(beforeRecord), ...Object.keys(afterRecord)])) {
    if (JSON.stringify(beforeRecord[key]) !== JSON.stringify(afterRecord[key])) {
      previous[key] = beforeRecord[key] === undefined ? null : beforeRecord[key];
    }
  }
  return previous;
}
