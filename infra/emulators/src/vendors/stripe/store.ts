import type Stripe from 'stripe';
import type { UpdatePlan } from './billing/plan';
import type { TestCard } from './cards';
import { noSuch } from './errors';
import { realNow } from './time';

/** A proration (or other pending invoice item) waiting for the subscription's next invoice. */
export interface PendingItem {
  id: string;
  customer: string;
  subscription: string;
  line: LineSpec;
}

/** What an invoice line is built from. */
export interface LineSpec {
  amount: number;
  description: string;
  price: Stripe.Price;
  quantity: number;
  period: { start: number; end: number };
  proration: boolean;
  subscription: string | null;
  subscriptionItem: string | null;
  invoiceItem: string | null;
}

export interface PaymentMethodMeta {
  card: TestCard;
  /** Set up for off-session use (a succeeded SetupIntent, or an authenticated payment saved for later). */
  setUp: boolean;
}

export interface IntentMeta {
  invoice: string | null;
  offSession: boolean;
}

export interface InvoiceMeta {
  paymentIntent: string | null;
  /** Automatic collection: retries follow the dunning schedule. */
  retries: number;
  firstFailureAt: number | null;
  /** The subscription update applied only once this invoice is paid (payment_behavior=pending_if_incomplete). */
  pendingUpdateOf: string | null;
  /** send_invoice: its due date passed while open (`invoice.overdue` sent, once). Absent in older state files. */
  overdue?: boolean;
}

export interface SubscriptionMeta {
  trialWillEndSent: boolean;
  /** While `incomplete`: when it turns `incomplete_expired`. */
  incompleteExpiresAt: number | null;
  saveDefaultPaymentMethod: boolean;
}

/** An account link's onboarding page, by the unguessable token in its URL. */
export interface AccountLinkMeta {
  account: string;
  type: 'account_onboarding' | 'account_update';
  refreshUrl: string;
  returnUrl: string;
  expiresAt: number;
  used: boolean;
}

export interface IdempotentResult {
  method: string;
  path: string;
  paramsHash: string;
  statusCode: number;
  body: unknown;
  requestId: string;
  storedAt: number;
}

/** One instance per vendor: every object the emulator knows, plus the bookkeeping Stripe keeps hidden. */
export class StripeStore {
  /**
   * The connected account (`acct_…`) whose objects this store holds, from the `Stripe-Account` header; null for the
   * platform's own.
   */
  account: string | null;

  constructor(account: string | null = null) {
    this.account = account;
  }

  readonly products = new Map<string, Stripe.Product>();
  readonly prices = new Map<string, Stripe.Price>();
  readonly coupons = new Map<string, Stripe.Coupon>();
  readonly promotionCodes = new Map<string, Stripe.PromotionCode>();
  readonly customers = new Map<string, Stripe.Customer>();
  readonly deletedCustomers = new Set<string>();
  readonly paymentMethods = new Map<string, Stripe.PaymentMethod>();
  readonly setupIntents = new Map<string, Stripe.SetupIntent>();
  readonly paymentIntents = new Map<string, Stripe.PaymentIntent>();
  readonly subscriptions = new Map<string, Stripe.Subscription>();
  readonly schedules = new Map<string, Stripe.SubscriptionSchedule>();
  readonly invoices = new Map<string, Stripe.Invoice>();
  readonly invoicePayments = new Map<string, Stripe.InvoicePayment>();
  readonly discounts = new Map<string, Stripe.Discount>();
  readonly clocks = new Map<string, Stripe.TestHelpers.TestClock>();
  readonly events = new Map<string, Stripe.Event>();
  readonly webhookEndpoints = new Map<string, Stripe.WebhookEndpoint>();

  readonly pendingItems = new Map<string, PendingItem>();
  readonly paymentMethodMeta = new Map<string, PaymentMethodMeta>();
  readonly intentMeta = new Map<string, IntentMeta>();
  readonly invoiceMeta = new Map<string, InvoiceMeta>();
  readonly subscriptionMeta = new Map<string, SubscriptionMeta>();
  /** Discounts with a `once` coupon that already reduced an invoice. */
  readonly usedOnceDiscounts = new Set<string>();
  /** Subscription updates waiting for their invoice to be paid (pending_if_incomplete), by subscription. */
  readonly pendingUpdates = new Map<string, { plan: UpdatePlan; invoice: string }>();
  readonly idempotency = new Map<string, IdempotentResult>();
  /** A finalized invoice's hosted page and PDF, by the unguessable token in their URLs. */
  readonly invoicePages = new Map<string, string>();
  readonly refunds = new Map<string, Stripe.Refund>();
  readonly portalSessions = new Map<string, Stripe.BillingPortal.Session>();
  /** A customer portal session's page, by the unguessable token in its URL, until it expires (real time). */
  readonly portalPages = new Map<string, { session: string; expiresAt: number }>();
  readonly taxRates = new Map<string, Stripe.TaxRate>();
  /** Webhook endpoints created with `connect: true`: they receive the connected accounts' events. */
  readonly connectEndpoints = new Set<string>();
  /** Connect (the platform's store only): its connected accounts, their onboarding links, the fees collected. */
  readonly accounts = new Map<string, Stripe.Account>();
  readonly accountLinks = new Map<string, AccountLinkMeta>();
  readonly applicationFees = new Map<string, Stripe.ApplicationFee>();
  /** Where the API was last reached (`http://host:port`): the origin of the invoices' page and PDF links. */
  origin = 'http://127.0.0.1';

  private sequence = 0;
  private readonly order = new Map<string, number>();
  /** While the clock machinery runs an action: the time it happens, for the objects it touches. */
  private processing: { clock: string | null; at: number } | null = null;

  /** Stores (or replaces) an object; lists show newest first in insertion order. */
  put<T extends { id: string }>(map: Map<string, T>, object: T): T {
    map.set(object.id, object);
    if (!this.order.has(object.id)) this.order.set(object.id, ++this.sequence);
    return object;
  }

  newestFirst<T extends { id: string }>(objects: Iterable<T>): T[] {
    return [...objects].sort((a, b) => (this.order.get(b.id) ?? 0) - (this.order.get(a.id) ?? 0));
  }

  get<T>(map: Map<string, T>, id: string, resource: string, param = 'id'): T {
    const object = map.get(id);
    if (object === undefined) throw noSuch(resource, id, param);
    return object;
  }

  customer(id: string, param = 'customer'): Stripe.Customer {
    return this.get(this.customers, id, 'customer', param);
  }

  price(id: string, param = 'price'): Stripe.Price {
    return this.get(this.prices, id, 'price', param);
  }

  subscription(id: string, param = 'id'): Stripe.Subscription {
    return this.get(this.subscriptions, id, 'subscription', param);
  }

  invoice(id: string, param = 'id'): Stripe.Invoice {
    return this.get(this.invoices, id, 'invoice', param);
  }

  /** The test clock a customer lives on, if any. */
  clockOf(customerId: string | null | undefined): string | null {
    if (!customerId) return null;
    const clock = this.customers.get(customerId)?.test_clock;
    return typeof clock === 'string' ? clock : null;
  }

  /** "Now" for objects of that customer: its test clock's frozen time, else the real time. */
  nowFor(customerId: string | null | undefined): number {
    return this.nowOnClock(this.clockOf(customerId));
  }

  nowOnClock(clock: string | null): number {
    if (this.processing && this.processing.clock === clock) return this.processing.at;
    if (clock) return this.clocks.get(clock)?.frozen_time ?? realNow();
    return realNow();
  }

  /** Runs `action` as if it were `at` on `clock` (the clock machinery's time travel). */
  at<T>(clock: string | null, at: number, action: () => T): T {
    const previous = this.processing;
    this.processing = { clock, at };
    try {
      return action();
    } finally {
      this.processing = previous;
    }
  }

  /**
   * Every object and the bookkeeping around them (the listing order included), for `v8.serialize`: objects held in
   * two maps stay one object when loaded back.
   */
  save(): Record<string, unknown> {
    const { processing: _running, account: _account, ...state } = this as unknown as Record<string, unknown>;
    return state;
  }

  /** Takes back what `save` gave, in place of what the store holds now. */
  load(saved: Record<string, unknown>): void {
    this.reset();
    const fields = this as unknown as Record<string, unknown>;
    for (const [name, value] of Object.entries(saved)) {
      const field = fields[name];
      if (field instanceof Map && value instanceof Map) for (const [k, v] of value) field.set(k, v);
      else if (field instanceof Set && value instanceof Set) for (const v of value) field.add(v);
      else if (name in fields && typeof field === typeof value) fields[name] = value;
    }
  }

  reset(): void {
    for (const value of Object.values(this)) {
      if (value instanceof Map || value instanceof Set) value.clear();
    }
    this.sequence = 0;
    this.processing = null;
  }
}
