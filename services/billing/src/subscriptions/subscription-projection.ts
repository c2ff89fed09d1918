import { Inject, Injectable } from '@nestjs/common';
import type Stripe from 'stripe';
import { PRODUCT_CODES, type Interval, type ProductCode, type SubscriptionStatus } from '@tourly/contracts';
import { Database, EventBus, LOGGER, type Logger } from '@tourly/platform';
import type { EntityManager } from 'typeorm';
import { BillingAccountsRepository } from '../accounts/billing-accounts.repository';
import { SubscriptionsRepository, type SubscriptionRow } from '../accounts/subscriptions.repository';
import { isMissing } from '../payments/stripe-errors';
import { Payments } from '../payments/payments.port';
import { idOf, toDate } from '../payments/stripe-values';
import { announcementOf, effectivePlan, ENDED } from './subscriptions.rules';

/** Work done in a refresh's transaction, with the row as it now stands (a plan change's audit record). */
export type AfterRefresh = (tx: EntityManager, row: SubscriptionRow | undefined) => Promise<void>;

/**
 * Billing's copy of each provider's Stripe subscription. It is always refreshed from Stripe's current state
 * of the subscription (never from an event's snapshot), one refresh per provider at a time (row lock), so
 * events arriving twice or out of order leave what one in-order delivery leaves. A refresh that changes the
 * plan publishes `billing.subscription.changed.v1`, and `billing.subscription.downgraded.v1` when the premium
 * tour limit drops.
 * Each announced change carries the provider's next subscription version (`subscriptions.version`), the order
 * consumers apply changes in.
 */
@Injectable()
export class SubscriptionProjection {
  constructor(
    private readonly db: Database,
    private readonly accounts: BillingAccountsRepository,
    private readonly subscriptions: SubscriptionsRepository,
    private readonly payments: Payments,
    @Inject(EventBus) private readonly events: EventBus,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  find(providerId: string): Promise<SubscriptionRow | undefined> {
    return this.subscriptions.find(providerId);
  }

  /**
   * Refreshes the provider of a Stripe subscription from Stripe; returns the row as it now stands. The caller
   * that just made the subscription names its provider, sparing the lookup.
   */
  async refresh(
    subscriptionId: string,
    knownProviderId?: string,
    then?: AfterRefresh,
  ): Promise<SubscriptionRow | undefined> {
    const providerId = knownProviderId ?? (await this.providerOf(subscriptionId));
    if (!providerId) return undefined;
    return this.db.transaction(async (tx) => {
      // The lock serialises refreshes of one provider: each reads Stripe after the previous one wrote.
      await this.accounts.lock(tx, providerId);
      const row = await this.refreshLocked(tx, providerId, subscriptionId);
      await then?.(tx, row);
      return row;
    });
  }

  private async refreshLocked(
    tx: EntityManager,
    providerId: string,
    subscriptionId: string,
  ): Promise<SubscriptionRow | undefined> {
    const previous = await this.subscriptions.find(providerId, tx);
    let subscription: Stripe.Subscription;
    try {
      subscription = await this.payments.subscription(subscriptionId);
    } catch (error) {
      if (isMissing(error)) return previous;
      throw error;
    }
    // An ended subscription never replaces the provider's newer one.
    if (
      previous &&
      previous.stripeSubscriptionId !== subscriptionId &&
      ENDED.includes(subscription.status as SubscriptionStatus)
    ) {
      return previous;
    }
    const next = await this.rowOf(providerId, subscription, previous);
    await this.subscriptions.write(tx, next);
    await this.announce(tx, previous, next);
    return next;
  }

  private async providerOf(subscriptionId: string): Promise<string | undefined> {
    const known = await this.subscriptions.providerOf(subscriptionId);
    if (known) return known;
    try {
      const subscription = await this.payments.subscription(subscriptionId);
      const customerId = idOf(subscription.customer);
      const providerId = await this.accounts.providerOfCustomer(customerId);
      if (!providerId)
        this.logger.warn({ subscriptionId, customerId }, 'Stripe subscription of no known customer');
      return providerId;
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  private async rowOf(
    providerId: string,
    subscription: Stripe.Subscription,
    previous: SubscriptionRow | undefined,
  ): Promise<SubscriptionRow> {
    const item = subscription.items.data[0];
    const plan = await this.planOfPrice(item?.price);
    const status = subscription.status as SubscriptionStatus;
    const scheduleId = idOf(subscription.schedule);
    let next: { productCode: ProductCode; interval: Interval; startsAt: Date | null } | null = null;
    if (subscription.cancel_at_period_end) {
      next = {
        productCode: 'free_tier_plan',
        interval: plan.interval,
        startsAt: toDate(item?.current_period_end),
      };
    } else if (scheduleId) {
      next = await this.scheduledPlan(scheduleId);
    }
    return {
      providerId,
      stripeSubscriptionId: subscription.id,
      productCode: plan.productCode,
      interval: plan.interval,
      status,
      currentPeriodStart: toDate(item?.current_period_start),
      currentPeriodEnd: toDate(item?.current_period_end),
      trialEnd: toDate(subscription.trial_end),
      cancelAtPeriodEnd: subscription.cancel_at_period_end,
      scheduleId,
      nextProductCode: next?.productCode ?? null,
      nextInterval: next?.interval ?? null,
      nextStartsAt: next?.startsAt ?? null,
      premiumTourLimit: effectivePlan(plan.productCode, status).premiumTourLimit,
      trialUsed: Boolean(previous?.trialUsed) || subscription.trial_end !== null,
    };
  }

  /** The plan of the phase after the current one, if the schedule has one. */
  private async scheduledPlan(scheduleId: string) {
    const schedule = await this.payments.schedule(scheduleId);
    if (schedule.status !== 'active' && schedule.status !== 'not_started') return null;
    // By the schedule's own time (a test clock's, perhaps), never this machine's.
    const currentEnd = schedule.current_phase?.end_date;
    const upcoming = currentEnd
      ? schedule.phases.find((phase) => phase.start_date >= currentEnd)
      : schedule.phases[0];
    const price = upcoming?.items[0]?.price;
    if (!upcoming || !price) return null;
    const plan = await this.planOfPrice(price);
    return { ...plan, startsAt: toDate(upcoming.start_date) };
  }

  /** A price's plan: its product is the product code, its recurring interval the interval. */
  private async planOfPrice(
    price: string | Stripe.Price | Stripe.DeletedPrice | undefined,
  ): Promise<{ productCode: ProductCode; interval: Interval }> {
    const full =
      typeof price === 'string' ? await this.payments.price(price) : (price as Stripe.Price | undefined);
    const productCode = idOf(full?.product as string | { id: string } | undefined) as ProductCode;
    if (!full || !PRODUCT_CODES.includes(productCode)) {
      throw new Error(`Stripe price ${typeof price === 'string' ? price : price?.id} is not a plan price`);
    }
    return { productCode, interval: (full.recurring?.interval ?? 'month') as Interval };
  }

  private async announce(tx: EntityManager, previous: SubscriptionRow | undefined, next: SubscriptionRow) {
    const announcement = announcementOf(previous, next);
    if (announcement === 'none') return;
    const before = previous
      ? effectivePlan(previous.productCode, previous.status)
      : effectivePlan('free_tier_plan', 'active');
    const after = effectivePlan(next.productCode, next.status);
    await this.events.publish(
      'billing.subscription.changed.v1',
      {
        providerId: next.providerId,
        productCode: after.productCode,
        interval: next.interval,
        status: next.status,
        premiumTourLimit: after.premiumTourLimit,
        version: await this.subscriptions.nextVersion(tx, next.providerId),
      },
      tx,
    );
    if (announcement === 'downgraded') {
      await this.events.publish(
        'billing.subscription.downgraded.v1',
        {
          providerId: next.providerId,
          fromProductCode: before.productCode,
          toProductCode: after.productCode,
          premiumTourLimit: after.premiumTourLimit,
        },
        tx,
      );
    }
  }
}
