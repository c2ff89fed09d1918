import { MESSAGES, type EventEnvelope, type RedeemableAction } from '@tourly/contracts';

export const OFFER_STATUSES = ['scheduled', 'running', 'ended', 'archived'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

export const OFFER_NOT_FOUND = 'Offer not found';
export const OFFER_ARCHIVED = 'This offer is archived; it can no longer be changed.';
export const ENDS_BEFORE_STARTS = 'must be after starts_at';

/** What decides an offer's status. */
export interface OfferTimes {
  startsAt: Date | null;
  endsAt: Date | null;
  archivedAt: Date | null;
}

/**
 * Archived once archived; otherwise scheduled before `starts_at`, ended from `ends_at`, running in between (an unset
 * `starts_at` has started, an unset `ends_at` never ends). Only a running offer is listed to providers and given.
 */
export function offerStatus(offer: OfferTimes, now: Date): OfferStatus {
  if (offer.archivedAt) return 'archived';
  if (offer.startsAt && offer.startsAt.getTime() > now.getTime()) return 'scheduled';
  if (offer.endsAt && offer.endsAt.getTime() <= now.getTime()) return 'ended';
  return 'running';
}

/** The instants a time may name: years 1 to 9999 in UTC, as PostgreSQL and ISO 8601 both read them. */
const EARLIEST = Date.parse('0001-01-01T00:00:00.000Z');
const LATEST = Date.parse('9999-12-31T23:59:59.999Z');

/** A time as milliseconds, or NaN when JavaScript cannot read it or it falls outside years 1 to 9999 (UTC). */
export function instantOf(value: string): number {
  const time = Date.parse(value);
  return time >= EARLIEST && time <= LATEST ? time : NaN;
}

/**
 * The rules of an offer's fields that their own decorators cannot say: a time JavaScript cannot read (ISO 8601 week
 * dates, decimal commas) or outside years 1 to 9999 is `Invalid Date` like any other; `ends_at` after `starts_at`.
 */
export function offerFormErrors(form: {
  startsAt?: string | null;
  endsAt?: string | null;
}): Record<string, string> {
  const errors: Record<string, string> = {};
  const startsAt = form.startsAt ? instantOf(form.startsAt) : null;
  const endsAt = form.endsAt ? instantOf(form.endsAt) : null;
  if (Number.isNaN(startsAt)) errors.startsAt = MESSAGES.invalidDate;
  if (Number.isNaN(endsAt)) errors.endsAt = MESSAGES.invalidDate;
  else if (startsAt !== null && endsAt !== null && !Number.isNaN(startsAt) && endsAt <= startsAt) {
    errors.endsAt = ENDS_BEFORE_STARTS;
  }
  return errors;
}

/** A provider did a redeemable action: what gives it that action's running offers. */
export interface OfferTrigger {
  providerId: string;
  action: RedeemableAction;
  /** What triggered it: a purchase's payment intent, an order's id, else the event's id. */
  reference: string;
  /** When the provider did it: the offers running then are given. */
  at: Date;
}

/** The events that give offers, and the action each stands for. */
export type TriggerEvent =
  | EventEnvelope<'billing.credits.purchased.v1'>
  | EventEnvelope<'billing.subscription.changed.v1'>
  | EventEnvelope<'identity.provider.created.v1'>
  | EventEnvelope<'orders.order.placed.v1'>;

/** Statuses of a subscription that has just been taken (paid for, or in its trial). */
const TAKEN = ['active', 'trialing'];

/**
 * The redeemable action an event stands for, or null when it gives nothing: a credits purchase
 * (`credits_purchased`), a paid plan active or in its trial (`subscription_created`), a provider set up at sign-up
 * (`sign_up_completed`), an order placed (`any_order_placed`).
 */
export function offerTrigger(event: TriggerEvent): OfferTrigger | null {
  const at = new Date(event.occurredAt);
  const { providerId } = event.data;
  switch (event.type) {
    case 'billing.credits.purchased.v1':
      return { providerId, action: 'credits_purchased', reference: event.data.paymentIntentId, at };
    case 'billing.subscription.changed.v1':
      if (event.data.productCode === 'free_tier_plan' || !TAKEN.includes(event.data.status)) return null;
      return { providerId, action: 'subscription_created', reference: event.id, at };
    case 'identity.provider.created.v1':
      return { providerId, action: 'sign_up_completed', reference: event.id, at };
    case 'orders.order.placed.v1':
      return { providerId, action: 'any_order_placed', reference: event.data.orderId || event.id, at };
    default:
      return null;
  }
}
