import type Stripe from 'stripe';
import { CREDITS_PURCHASE_KIND } from '@tourly/contracts';
import { idOf } from '../payments/stripe-values';

/** Billing finds an invoice's subscription only through `parent.subscription_details`, from this version on. */
export const OLDEST_USABLE_WEBHOOK_VERSION = '2025-03-31';

/** Whether events of an API version carry what billing reads (versions are dated, so they sort as text). */
export function webhookVersionUsable(version: string | null): boolean {
  return version !== null && version.slice(0, 10) >= OLDEST_USABLE_WEBHOOK_VERSION;
}

/** What intake stores and queues: an event object, whatever else a signed body may hold. */
export function isStripeEvent(value: unknown): value is Stripe.Event {
  const event = value as Partial<Record<'id' | 'type' | 'created', unknown>> | null;
  return (
    typeof event === 'object' &&
    event !== null &&
    !Array.isArray(event) &&
    typeof event.id === 'string' &&
    event.id !== '' &&
    typeof event.type === 'string' &&
    event.type !== '' &&
    typeof event.created === 'number' &&
    Number.isFinite(event.created)
  );
}

export type Metadata = Record<string, string> | null | undefined;

/** A subscription an event is about, with its metadata where the event carries it. */
export interface Concerned {
  id: string;
  metadata?: Metadata;
}

/**
 * The subscriptions an event is about, read from the event itself: `customer.subscription.*` (the object),
 * `invoice.*` (its `parent.subscription_details`), `subscription_schedule.*` (its subscription). A test clock's
 * `ready` is about every subscription on the clock (`testClock`: the clock's id, to look them up); any other
 * type needs nothing from billing (undefined).
 */
export function concernedBy(
  type: string,
  object: Record<string, unknown>,
): { subscriptions: Concerned[] } | { testClock: string } | undefined {
  if (type.startsWith('customer.subscription.')) {
    return { subscriptions: [{ id: object.id as string, metadata: object.metadata as Metadata }] };
  }
  if (type.startsWith('invoice.')) {
    const parent = object.parent as {
      subscription_details?: { subscription?: string | { id: string }; metadata?: Metadata };
    } | null;
    const id = idOf(parent?.subscription_details?.subscription);
    return { subscriptions: id ? [{ id, metadata: parent?.subscription_details?.metadata }] : [] };
  }
  if (type.startsWith('subscription_schedule.')) {
    const id = idOf(object.subscription as string | { id: string } | null);
    return { subscriptions: id ? [{ id }] : [] };
  }
  if (type === 'test_helpers.test_clock.ready') return { testClock: object.id as string };
  return undefined;
}

/** The payment intent of a credits purchase a `payment_intent.*` event is about (its metadata says so). */
export function creditsPurchaseOf(type: string, object: Record<string, unknown>): string | undefined {
  if (!type.startsWith('payment_intent.')) return undefined;
  const metadata = object.metadata as Metadata;
  return metadata?.kind === CREDITS_PURCHASE_KIND && typeof object.id === 'string' ? object.id : undefined;
}

/** The refund a `refund.*` event is about, when it refunds a payment intent (a credits purchase's, maybe). */
export function refundOf(type: string, object: Record<string, unknown>): string | undefined {
  if (!type.startsWith('refund.')) return undefined;
  const intent = idOf(object.payment_intent as string | { id: string } | null);
  return intent && typeof object.id === 'string' ? object.id : undefined;
}
