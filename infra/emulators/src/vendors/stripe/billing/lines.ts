import type Stripe from 'stripe';
import type { LineSpec } from '../store';
import { formatDay, nextBoundary, type Interval } from '../time';

/** A subscription item as billing sees it: an id, a price, a quantity. */
export interface BilledItem {
  id: string;
  price: Stripe.Price;
  quantity: number;
}

export interface Period {
  start: number;
  end: number;
}

const SYMBOLS: Record<string, string> = { usd: '$', eur: '€', gbp: '£', cad: 'CA$', aud: 'A$', chf: 'CHF ' };

/** `$29.00`, as in Stripe's line descriptions. */
export function money(cents: number, currency: string): string {
  const symbol = SYMBOLS[currency] ?? `${currency.toUpperCase()} `;
  return `${symbol}${(cents / 100).toFixed(2)}`;
}

export function intervalOf(price: Stripe.Price): { interval: Interval; count: number } {
  return {
    interval: (price.recurring?.interval ?? 'month') as Interval,
    count: price.recurring?.interval_count ?? 1,
  };
}

export function sameInterval(a: Stripe.Price, b: Stripe.Price): boolean {
  const x = intervalOf(a);
  const y = intervalOf(b);
  return x.interval === y.interval && x.count === y.count;
}

/** The period that starts at `start` for a price billed from `anchor`. */
export function periodFrom(start: number, anchor: number, price: Stripe.Price): Period {
  const { interval, count } = intervalOf(price);
  return { start, end: nextBoundary(anchor, start, interval, count) };
}

function everyInterval(price: Stripe.Price): string {
  const { interval, count } = intervalOf(price);
  return count === 1 ? interval : `every ${count} ${interval}s`;
}

function quantityPrefix(quantity: number): string {
  return quantity > 1 ? `${quantity} × ` : '';
}

export function productName(products: Map<string, Stripe.Product>, price: Stripe.Price): string {
  const productId = typeof price.product === 'string' ? price.product : price.product.id;
  return products.get(productId)?.name ?? productId;
}

/** `1 × Pro (at $29.00 / month)` for the period. */
export function periodLine(
  subscription: string,
  item: BilledItem,
  period: Period,
  products: Map<string, Stripe.Product>,
): LineSpec {
  const unit = item.price.unit_amount ?? 0;
  return {
    amount: unit * item.quantity,
    description: `${item.quantity} × ${productName(products, item.price)} (at ${money(unit, item.price.currency)} / ${everyInterval(item.price)})`,
    price: item.price,
    quantity: item.quantity,
    period,
    proration: false,
    subscription,
    subscriptionItem: item.id,
    invoiceItem: null,
  };
}

/** `Trial period for Pro`, for nothing. */
export function trialLine(
  subscription: string,
  item: BilledItem,
  period: Period,
  products: Map<string, Stripe.Product>,
): LineSpec {
  return {
    ...periodLine(subscription, item, period, products),
    amount: 0,
    description: `Trial period for ${productName(products, item.price)}`,
  };
}

/**
 * Stripe's proration: the item's price for the share of the period left after `at`, by the second, rounded
 * to the cent; negative (`Unused time on …`) for what the customer had paid for, positive
 * (`Remaining time on …`) for what they now get.
 */
export function prorationLine(
  kind: 'unused' | 'remaining',
  subscription: string,
  item: BilledItem,
  period: Period,
  at: number,
  products: Map<string, Stripe.Product>,
): LineSpec {
  const share = (period.end - at) / (period.end - period.start);
  const amount = Math.round((item.price.unit_amount ?? 0) * item.quantity * share);
  const what = `${quantityPrefix(item.quantity)}${productName(products, item.price)}`;
  return {
    amount: kind === 'unused' ? -amount : amount,
    description: `${kind === 'unused' ? 'Unused' : 'Remaining'} time on ${what} after ${formatDay(at)}`,
    price: item.price,
    quantity: item.quantity,
    period: { start: at, end: period.end },
    proration: true,
    subscription,
    subscriptionItem: item.id,
    invoiceItem: null,
  };
}
