import type Stripe from 'stripe';
import { invalidParam } from './errors';
import { list } from './objects';
import type { Params } from './params';
import type { StripeStore } from './store';

/** Which collection an id in a field of that name expands from. */
const EXPANDABLE: Record<string, (store: StripeStore) => Map<string, { id: string }>> = {
  customer: (s) => s.customers,
  default_payment_method: (s) => s.paymentMethods,
  payment_method: (s) => s.paymentMethods,
  latest_invoice: (s) => s.invoices,
  invoice: (s) => s.invoices,
  pending_setup_intent: (s) => s.setupIntents,
  setup_intent: (s) => s.setupIntents,
  payment_intent: (s) => s.paymentIntents,
  schedule: (s) => s.schedules,
  subscription: (s) => s.subscriptions,
  released_subscription: (s) => s.subscriptions,
  test_clock: (s) => s.clocks,
  product: (s) => s.products,
  price: (s) => s.prices,
  default_price: (s) => s.prices,
  coupon: (s) => s.coupons,
  promotion_code: (s) => s.promotionCodes,
  discounts: (s) => s.discounts,
  discount: (s) => s.discounts,
};

/**
 * Turns stored objects into response bodies: a deep copy, with the `expand[]` paths resolved
 * (`latest_invoice.confirmation_secret`, `data.product`, `invoice_settings.default_payment_method`), and the
 * fields Stripe includes only on request (an invoice's `confirmation_secret` and `payments`).
 */
export class Presenter {
  constructor(private readonly store: StripeStore) {}

  present(result: unknown, expand: string[]): unknown {
    const body = structuredClone(result);
    for (const path of expand) this.expandPath(body, path.split('.'), path);
    return body;
  }

  private expandPath(node: unknown, segments: string[], path: string): void {
    if (segments.length === 0 || node === null || node === undefined) return;
    if (Array.isArray(node)) {
      for (const entry of node) this.expandPath(entry, segments, path);
      return;
    }
    if (typeof node !== 'object') return;
    const record = node as Record<string, unknown>;
    const [field, ...rest] = segments as [string, ...string[]];
    const included = this.includable(record, field);
    if (included !== undefined) record[field] = included;
    let value = record[field];
    if (value === undefined) throw invalidParam(`This property cannot be expanded (${field}).`, 'expand');
    if (typeof value === 'string') {
      value = this.resolve(field, value);
      record[field] = value;
    } else if (Array.isArray(value) && EXPANDABLE[field]) {
      value = value.map((entry) => (typeof entry === 'string' ? this.resolve(field, entry) : entry));
      record[field] = value;
    }
    this.expandPath(value, rest, path);
  }

  private resolve(field: string, id: string): unknown {
    const collection = EXPANDABLE[field];
    if (!collection) throw invalidParam(`This property cannot be expanded (${field}).`, 'expand');
    const found = collection(this.store).get(id);
    return found ? structuredClone(found) : id;
  }

  private includable(record: Record<string, unknown>, field: string): unknown {
    if (record.object !== 'invoice' || typeof record.id !== 'string') return undefined;
    if (field === 'confirmation_secret') return this.confirmationSecret(record.id);
    if (field === 'payments') {
      const payments = [...this.store.invoicePayments.values()].filter((p) => p.invoice === record.id);
      return list(structuredClone(payments), `/v1/invoice_payments?invoice=${record.id}`);
    }
    return undefined;
  }

  confirmationSecret(invoiceId: string): Stripe.Invoice.ConfirmationSecret | null {
    const intentId = this.store.invoiceMeta.get(invoiceId)?.paymentIntent;
    const intent = intentId ? this.store.paymentIntents.get(intentId) : undefined;
    if (!intent?.client_secret) return null;
    return { client_secret: intent.client_secret, type: 'payment_intent' };
  }
}

/** A page of `items` (newest first) after `starting_after` / before `ending_before`, `limit` long. */
export function paginate<T extends { id: string }>(
  items: T[],
  params: Params,
  url: string,
): Stripe.ApiList<T> {
  const limit = params.int('limit') ?? 10;
  if (limit < 1 || limit > 100) throw invalidParam('Invalid limit: must be between 1 and 100', 'limit');
  const startingAfter = params.str('starting_after');
  const endingBefore = params.str('ending_before');
  if (endingBefore) {
    const index = items.findIndex((item) => item.id === endingBefore);
    if (index < 0) throw invalidParam(`No such object: '${endingBefore}'`, 'ending_before');
    const before = items.slice(0, index);
    return list(before.slice(Math.max(0, before.length - limit)), url, before.length > limit);
  }
  let rest = items;
  if (startingAfter) {
    const index = items.findIndex((item) => item.id === startingAfter);
    if (index < 0) throw invalidParam(`No such object: '${startingAfter}'`, 'starting_after');
    rest = items.slice(index + 1);
  }
  return list(rest.slice(0, limit), url, rest.length > limit);
}

/** `created=123` or `created[gte]=…&created[lt]=…`. */
export function inRange(value: number, params: Params, key: string): boolean {
  if (!params.has(key)) return true;
  const exact = typeof params.raw[key] === 'object' ? undefined : params.int(key);
  if (exact !== undefined) return value === exact;
  const range = params.obj(key);
  if (!range) return true;
  const gt = range.int('gt');
  const gte = range.int('gte');
  const lt = range.int('lt');
  const lte = range.int('lte');
  return (
    (gt === undefined || value > gt) &&
    (gte === undefined || value >= gte) &&
    (lt === undefined || value < lt) &&
    (lte === undefined || value <= lte)
  );
}
