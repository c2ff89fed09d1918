import type Stripe from 'stripe';
import { Discounts } from './billing/discounts';
import { DEFAULT_DUNNING, Invoices, type DunningOptions } from './billing/invoices';
import { Previews } from './billing/preview';
import { Schedules } from './billing/schedules';
import { Subscriptions } from './billing/subscriptions';
import { Clockwork } from './clock';
import { EventLog, snapshot } from './events';
import { Payments } from './payments';
import { Presenter } from './present';
import { StripeStore } from './store';
import { realNow } from './time';
import { DEFAULT_RETRY_DELAYS_MS, WebhookDispatcher, type WebhookTarget } from './webhooks';

export interface EngineOptions {
  webhookEndpoints?: WebhookTarget[];
  retryDelaysMs?: number[];
  dunning?: Partial<DunningOptions>;
  /** A connected account's engine (`Stripe-Account`): its id, and the platform's webhook dispatcher it shares. */
  connected?: { account: string; webhooks: WebhookDispatcher };
}

/** One emulated Stripe account: its store and the services acting on it, wired together. */
export class StripeEngine {
  readonly store: StripeStore;
  readonly webhooks: WebhookDispatcher;
  readonly events: EventLog;
  readonly payments: Payments;
  readonly discounts: Discounts;
  readonly invoices: Invoices;
  readonly subscriptions: Subscriptions;
  readonly schedules: Schedules;
  readonly previews: Previews;
  readonly clockwork: Clockwork;
  readonly presenter: Presenter;

  constructor(options: EngineOptions = {}) {
    const dunning = { ...DEFAULT_DUNNING, ...options.dunning };
    this.store = new StripeStore(options.connected?.account ?? null);
    this.webhooks =
      options.connected?.webhooks ??
      new WebhookDispatcher(
        options.webhookEndpoints ?? [],
        () =>
          [...this.store.webhookEndpoints.values()].map((endpoint) => ({
            ...endpoint,
            connect: this.store.connectEndpoints.has(endpoint.id),
          })),
        options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS,
      );
    this.events = new EventLog(this.store, (event) => this.webhooks.publish(event));
    this.payments = new Payments(this.store, this.events);
    this.discounts = new Discounts(this.store, this.events);
    this.invoices = new Invoices(this.store, this.events, this.payments, this.discounts, dunning);
    this.subscriptions = new Subscriptions(
      this.store,
      this.events,
      this.payments,
      this.invoices,
      this.discounts,
      dunning,
    );
    this.schedules = new Schedules(this.store, this.events, this.subscriptions);
    this.previews = new Previews(this.store, this.subscriptions, this.invoices, this.discounts);
    this.clockwork = new Clockwork(
      this.store,
      this.events,
      this.subscriptions,
      this.schedules,
      this.invoices,
    );
    this.presenter = new Presenter(this.store);
  }

  /**
   * Objects without a test clock live in real time: what fell due since the last request happens now. Test
   * clocks past their `deletes_after` (30 days) are deleted, with their customers.
   */
  catchUp(): void {
    this.clockwork.run(null, realNow());
    this.clockwork.deleteExpiredClocks(realNow(), (clock) =>
      this.events.automatic(() => this.deleteClock(clock)),
    );
  }

  /** A clock's deletion takes its customers and everything of theirs with it, as on Stripe. */
  deleteClock(clock: Stripe.TestHelpers.TestClock): void {
    const { store } = this;
    const customers = new Set(
      [...store.customers.values()].filter((c) => c.test_clock === clock.id).map((c) => c.id),
    );
    const owned = (customer: unknown) => typeof customer === 'string' && customers.has(customer);
    for (const [id, s] of store.subscriptions) if (owned(s.customer)) store.subscriptions.delete(id);
    for (const [id, s] of store.schedules) if (owned(s.customer)) store.schedules.delete(id);
    for (const [id, i] of store.invoices) if (owned(i.customer)) store.invoices.delete(id);
    for (const [id, i] of store.paymentIntents) if (owned(i.customer)) store.paymentIntents.delete(id);
    for (const [id, i] of store.setupIntents) if (owned(i.customer)) store.setupIntents.delete(id);
    for (const [id, m] of store.paymentMethods) if (owned(m.customer)) store.paymentMethods.delete(id);
    for (const [id, p] of store.pendingItems) if (customers.has(p.customer)) store.pendingItems.delete(id);
    for (const id of customers) {
      store.customers.delete(id);
      store.deletedCustomers.add(id);
    }
    store.clocks.delete(clock.id);
    this.events.emit('test_helpers.test_clock.deleted', snapshot(clock));
  }

  reset(): void {
    this.store.reset();
    this.webhooks.reset();
  }
}
