import type Stripe from 'stripe';
import { CARD_BRANDS, type CardBrand } from '@tourly/contracts';
import type { CardResponse, TestClockResponse } from './billing-accounts.dto';

/** Brands the pages draw; any other is `other`. */
const DRAWN_BRANDS: readonly string[] = CARD_BRANDS.filter((brand) => brand !== 'other');
const DAY_SECONDS = 24 * 60 * 60;

/** A Unix time `months` calendar months later (the day clamped to the month's end, as Stripe's periods). */
export function addMonths(seconds: number, months: number): number {
  const date = new Date(seconds * 1000);
  const day = date.getUTCDate();
  const target = new Date(date);
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, last));
  return Math.floor(target.getTime() / 1000);
}

/** A subscription's billing interval, as Stripe's price says it. */
export interface Recurring {
  interval: Stripe.Price.Recurring.Interval;
  intervalCount: number;
}

/**
 * Where one advance of a test clock may go from `from`: one interval of the shortest subscription running on it
 * (Stripe refuses to move a clock more than two intervals at once), else a year.
 */
export function nextClockStop(from: number, running: readonly Recurring[]): number {
  let months = 12;
  let days = Infinity;
  for (const { interval, intervalCount: count } of running) {
    if (interval === 'month') months = Math.min(months, count);
    else if (interval === 'year') months = Math.min(months, 12 * count);
    else days = Math.min(days, interval === 'week' ? 7 * count : count);
  }
  return Math.min(addMonths(from, months), from + days * DAY_SECONDS);
}

/** The customer's default card, if it has one (a deleted customer has none). */
export function defaultPaymentMethodOf(customer: Stripe.Customer | Stripe.DeletedCustomer): string | null {
  if ('deleted' in customer && customer.deleted) return null;
  const method = (customer as Stripe.Customer).invoice_settings?.default_payment_method;
  return typeof method === 'string' ? method : (method?.id ?? null);
}

export function brandOf(brand: string | undefined): CardBrand {
  return (brand && DRAWN_BRANDS.includes(brand) ? brand : 'other') as CardBrand;
}

/** A saved card as the billing page shows it: the expiry as `MM/YYYY`. */
export function cardOf(method: Stripe.PaymentMethod, defaultId: string | null): CardResponse {
  const card = method.card;
  const expMonth = card?.exp_month ?? 0;
  const expYear = card?.exp_year ?? 0;
  return {
    id: method.id,
    brand: brandOf(card?.brand),
    last4: card?.last4 ?? '',
    expMonth,
    expYear,
    expiry: `${String(expMonth).padStart(2, '0')}/${expYear}`,
    isDefault: method.id === defaultId,
  };
}

export function clockOf(clock: Stripe.TestHelpers.TestClock): TestClockResponse {
  return {
    id: clock.id,
    name: clock.name,
    status: clock.status,
    frozenTime: new Date(clock.frozen_time * 1000).toISOString(),
  };
}
