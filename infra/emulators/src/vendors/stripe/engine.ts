import { Discounts } from './billing/discounts';
import { DEFAULT_DUNNING, Invoices, type DunningOptions } from './billing/invoices';
import { Previews } from './billing/preview';
import { Schedules } from './billing/schedules';
import { Subscriptions } from './billing/subscriptions';
import { Clockwork } from './clock';
import { EventLog } from './events';
import { Payments } from './payments';
import { Presenter } from './present';
import { StripeStore } from './store';
import { realNow } from './time';
import { DEFAULT_RETRY_DELAYS_MS, WebhookDispatcher, type WebhookTarget } from './webhooks';

export interface EngineOptions {
  webhookEndpoints?: WebhookTarget[];
  retryDelaysMs?: number[];
  dunning?: Partial<DunningOptions>;
}

/** One emulated Stripe account: its store and the services acting on it, wired together. */
export class StripeEngine {
  readonly store = new StripeStore();
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
    this.webhooks = new WebhookDispatcher(
      options.webhookEndpoints ?? [],
      () => this.store.webhookEndpoints.values(),
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

  /** Objects without a test clock live in real time: what fell due since the last request happens now. */
  catchUp(): void {
    this.clockwork.run(null, realNow());
  }

  reset(): void {
    this.store.reset();
    this.webhooks.reset();
  }
}
