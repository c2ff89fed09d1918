import { Inject, Injectable } from '@nestjs/common';
import type Stripe from 'stripe';
import { Counter } from 'prom-client';
import {
  CONFIG,
  keysetBatches,
  LOGGER,
  Metrics,
  Schedules,
  type Logger,
  type PeriodicTask,
} from '@tourly/platform';
import type { BillingConfig } from '../config';
import { ImmersiveExtensionsService } from '../immersive-extensions/immersive-extensions.service';
import { Payments } from '../payments/payments.port';
import { isUnreachable } from '../payments/stripe-errors';
import { SubscriptionProjection } from '../subscriptions/subscription-projection';
import { StripeWebhooksService } from '../webhooks/stripe-webhooks.service';
import { SubscriptionsRepository } from '../accounts/subscriptions.repository';
import { HostingRepository } from '../hosting/hosting.repository';
import { HostingSyncService } from '../hosting/hosting-sync.service';
import { MerchantAccountsRepository } from '../hosting/merchant-accounts.repository';
import { ImmersiveExtensionsRepository } from '../immersive-extensions/immersive-extensions.repository';
import { StripeEventsRepository } from '../webhooks/stripe-events.repository';
import { differs } from './reconciliation.rules';

/** The first run of a process looks this far back for events: Stripe's own retries last up to three days. */
export const FIRST_EVENTS_WINDOW_SECONDS = 3 * 24 * 3600;
/** Each run looks again at a few minutes before the previous one started (an event's `created` may lag). */
const EVENTS_OVERLAP_SECONDS = 10 * 60;
const PAGE = 100;

export type RepairKind =
  'subscription' | 'immersive_extension' | 'hosting_subscription' | 'hosting_invoice' | 'stripe_event';
/** Before the first of billing's ids (uuid v7): where a walk in id order starts. */
const FIRST_ID = '00000000-0000-0000-0000-000000000000';

export interface ReconciliationResult {
  /**
   * Subscriptions, immersive extensions and the hosting fees' subscriptions and invoices (on the providers'
   * connected accounts) whose copy differed from Stripe, and were brought up to it.
   */
  repaired: number;
  /** Stripe events never delivered (Stripe gave up) now stored and queued, as intake would have. */
  recovered: number;
  /** Refreshes that failed (logged; the next run tries again). */
  failed: number;
}

/**
 * Billing's periodic reconciliation with Stripe (every `STRIPE_RECONCILIATION_SECONDS`): what webhooks failed to
 * tell (a delivery Stripe gave up, processing parked while Stripe was out of reach) is caught here.
 * 1. Every running subscription and immersive extension is refreshed from Stripe through the same refresh as
 *    webhooks use, which announces a changed plan (`billing.subscription.changed.v1`), so properties and
 *    identity follow. So is every running hosting-fee subscription and every draft or open hosting-fee invoice,
 *    on its connected account: an invoice found paid is announced (`billing.hosting.invoice.paid.v1`) and
 *    properties resumes its tours. Each row that differed is a repair: logged, and counted in
 *    `billing_reconciliation_repairs_total{kind}`.
 * 2. Events Stripe holds since the previous run (`events.list({created: {gte}})`), the platform's and each
 *    connected account's, that billing never stored are stored and queued the way the webhook's intake does
 *    (`kind: stripe_event`).
 * One replica at a time (an advisory lock); everything it does is idempotent.
 */
@Injectable()
export class StripeReconciliation {
  private readonly task: PeriodicTask;
  private readonly repairs: Counter<'kind'>;
  private last?: ReconciliationResult;
  /** When this process's previous run started (unix seconds); other replicas keep their own. */
  private eventsCheckedFrom?: number;

  constructor(
    private readonly subscriptionRows: SubscriptionsRepository,
    private readonly extensionRows: ImmersiveExtensionsRepository,
    private readonly hostingRows: HostingRepository,
    private readonly merchantAccounts: MerchantAccountsRepository,
    private readonly hosting: HostingSyncService,
    private readonly stripeEvents: StripeEventsRepository,
    private readonly projection: SubscriptionProjection,
    private readonly extensions: ImmersiveExtensionsService,
    private readonly webhooks: StripeWebhooksService,
    private readonly payments: Payments,
    @Inject(CONFIG) config: BillingConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    metrics: Metrics,
    schedules: Schedules,
  ) {
    this.repairs = new Counter({
      name: 'billing_reconciliation_repairs_total',
      help: 'What reconciliation with Stripe repaired: subscriptions, immersive extensions and hosting-fee subscriptions and invoices out of date, Stripe events never delivered',
      labelNames: ['kind'],
      registers: [metrics.registry],
    });
    this.task = schedules.every(
      'Stripe reconciliation',
      config.STRIPE_RECONCILIATION_SECONDS * 1000,
      async () => {
        const result = await this.reconcile();
        return result.repaired + result.recovered;
      },
      { exclusiveLock: 'billing.stripe.reconciliation' },
    );
  }

  /** A run that starts after this call: what it found (undefined: another replica was running, or it failed). */
  async runNow(): Promise<ReconciliationResult | undefined> {
    this.last = undefined;
    await this.task.runNow();
    return this.last;
  }

  /** One run, in the one replica holding the schedule's lock (another replica's turn never gets here). */
  private async reconcile(): Promise<ReconciliationResult> {
    const startedAt = Math.floor(Date.now() / 1000);
    const outcome: ReconciliationResult = { repaired: 0, recovered: 0, failed: 0 };
    // The walk first: what it finds out of date is a repair, before recovered events refresh the same rows.
    await this.subscriptions(outcome);
    await this.immersiveExtensions(outcome);
    await this.hostingSubscriptions(outcome);
    await this.hostingInvoices(outcome);
    outcome.recovered = await this.recoverEvents();
    this.eventsCheckedFrom = startedAt;
    this.last = outcome;
    this.logger.info({ ...outcome }, 'reconciliation with Stripe done');
    return outcome;
  }

  /** Stores and queues the events Stripe has that billing never received: the platform's, then each connected account's. */
  private async recoverEvents(): Promise<number> {
    const now = Math.floor(Date.now() / 1000);
    const gte = (this.eventsCheckedFrom ?? now - FIRST_EVENTS_WINDOW_SECONDS) - EVENTS_OVERLAP_SECONDS;
    let recovered = await this.recoverFrom(this.payments.eventsSince(gte, PAGE));
    const accounts = keysetBatches(
      (after: string | undefined, limit) => this.merchantAccounts.accountIds(after ?? '', limit),
      (account) => account,
      PAGE,
    );
    for await (const account of accounts) {
      recovered += await this.recoverFrom(this.payments.connectedEventsSince(account, gte, PAGE));
    }
    return recovered;
  }

  private async recoverFrom(events: AsyncIterable<Stripe.Event>): Promise<number> {
    let recovered = 0;
    let page: Stripe.Event[] = [];
    const flush = async () => {
      const stored = await this.stripeEvents.known(page.map((event) => event.id));
      for (const event of page) {
        if (stored.has(event.id) || !(await this.webhooks.store(event, JSON.stringify(event)))) continue;
        recovered += 1;
        this.repairs.inc({ kind: 'stripe_event' });
        this.logger.warn(
          {
            stripeEventId: event.id,
            type: event.type,
            account: event.account,
            created: new Date(event.created * 1000).toISOString(),
          },
          'reconciliation: Stripe event never delivered, stored and queued',
        );
      }
      page = [];
    };
    for await (const event of events) {
      page.push(event);
      if (page.length === PAGE) await flush();
    }
    if (page.length > 0) await flush();
    return recovered;
  }

  private async subscriptions(outcome: ReconciliationResult): Promise<void> {
    const rows = keysetBatches(
      (after: string | undefined, limit) => this.subscriptionRows.running(after ?? '', limit),
      (row) => row.providerId,
      PAGE,
    );
    for await (const { providerId, subscriptionId } of rows) {
      await this.repair(outcome, 'subscription', { providerId, subscriptionId }, async () => {
        const before = await this.projection.find(providerId);
        const now = await this.projection.refresh(subscriptionId, providerId);
        return { before, after: now };
      });
    }
  }

  private async immersiveExtensions(outcome: ReconciliationResult): Promise<void> {
    const snapshot = (subscriptionId: string) => this.extensionRows.snapshot(subscriptionId);
    const rows = keysetBatches(
      (after: string | undefined, limit) => this.extensionRows.runningPage(after ?? '', limit),
      (row) => row.subscriptionId,
      PAGE,
    );
    for await (const { providerId, subscriptionId } of rows) {
      await this.repair(outcome, 'immersive_extension', { providerId, subscriptionId }, async () => {
        const before = await snapshot(subscriptionId);
        await this.extensions.refresh(subscriptionId);
        return { before, after: await snapshot(subscriptionId) };
      });
    }
  }

  private async hostingSubscriptions(outcome: ReconciliationResult): Promise<void> {
    const snapshot = (id: string) => this.hostingRows.subscriptionSnapshot(id);
    const rows = keysetBatches(
      (after: string | undefined, limit) =>
        this.hostingRows.subscriptionsToReconcile(after ?? FIRST_ID, limit),
      (row) => row.id,
      PAGE,
    );
    for await (const { id, stripeAccountId, stripeSubscriptionId } of rows) {
      await this.repair(
        outcome,
        'hosting_subscription',
        { subscriptionId: id, account: stripeAccountId },
        async () => {
          const before = await snapshot(id);
          await this.hosting.subscription(stripeAccountId, stripeSubscriptionId);
          return { before, after: await snapshot(id) };
        },
      );
    }
  }

  private async hostingInvoices(outcome: ReconciliationResult): Promise<void> {
    const snapshot = (id: string) => this.hostingRows.invoiceSnapshot(id);
    const rows = keysetBatches(
      (after: string | undefined, limit) => this.hostingRows.invoicesToReconcile(after ?? FIRST_ID, limit),
      (row) => row.id,
      PAGE,
    );
    for await (const { id, stripeAccountId, stripeInvoiceId } of rows) {
      await this.repair(outcome, 'hosting_invoice', { invoiceId: id, account: stripeAccountId }, async () => {
        const before = await snapshot(id);
        await this.hosting.invoice(stripeAccountId, stripeInvoiceId);
        return { before, after: await snapshot(id) };
      });
    }
  }

  /** One refresh; a row that differed from Stripe is a repair. Stripe out of reach ends the run. */
  private async repair(
    outcome: ReconciliationResult,
    kind: RepairKind,
    context: Record<string, string>,
    refresh: () => Promise<{ before: unknown; after: unknown }>,
  ): Promise<void> {
    let found: { before: unknown; after: unknown };
    try {
      found = await refresh();
    } catch (error) {
      if (isUnreachable(error)) throw error;
      outcome.failed += 1;
      this.logger.warn({ err: error, kind, ...context }, 'reconciliation could not refresh from Stripe');
      return;
    }
    if (!differs(found.before, found.after)) return;
    outcome.repaired += 1;
    this.repairs.inc({ kind });
    this.logger.warn(
      { kind, ...context, before: found.before, after: found.after },
      `reconciliation: billing's ${kind.replaceAll('_', ' ')} differed from Stripe, repaired`,
    );
  }
}
