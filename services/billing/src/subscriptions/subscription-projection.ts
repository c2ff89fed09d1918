import { Inject, Injectable } from '@nestjs/common';
import type Stripe from 'stripe';
import {
  PLANS,
  PRODUCT_CODES,
  type Interval,
  type ProductCode,
  type SubscriptionStatus,
} from '@tourly/contracts';
import { Database, EventBus, LOGGER, type Logger } from '@tourly/platform';
import type { EntityManager } from 'typeorm';
import { isMissing } from '../stripe/stripe-errors';
import { STRIPE } from '../stripe/stripe.module';
import { idOf, toDate } from '../stripe/stripe-values';

/** Statuses in which the plan's features and tour limit apply: paid, trialing, or inside the payment window. */
export const GOOD_STANDING: readonly SubscriptionStatus[] = ['active', 'trialing', 'past_due'];
export const ENDED: readonly SubscriptionStatus[] = ['canceled', 'incomplete_expired'];

export interface SubscriptionRow {
  providerId: string;
  stripeSubscriptionId: string;
  productCode: ProductCode;
  interval: Interval;
  status: SubscriptionStatus;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  trialEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  scheduleId: string | null;
  nextProductCode: ProductCode | null;
  nextInterval: Interval | null;
  nextStartsAt: Date | null;
  premiumTourLimit: number | null;
  trialUsed: boolean;
}

const COLUMNS = `provider_id AS "providerId", stripe_subscription_id AS "stripeSubscriptionId",
  product_code AS "productCode", interval, status, current_period_start AS "currentPeriodStart",
  current_period_end AS "currentPeriodEnd", trial_end AS "trialEnd", cancel_at_period_end AS "cancelAtPeriodEnd",
  schedule_id AS "scheduleId", next_product_code AS "nextProductCode", next_interval AS "nextInterval",
  next_starts_at AS "nextStartsAt", premium_tour_limit AS "premiumTourLimit", trial_used AS "trialUsed"`;

/** A subscription whose plan applies (paid, trialing, or inside the payment window); none is the free plan. */
export const inGoodStanding = (row: SubscriptionRow | undefined): row is SubscriptionRow =>
  Boolean(row && GOOD_STANDING.includes(row.status));

/** The plan a subscription gives: its own while in good standing, otherwise the free plan's. */
export function effectivePlan(productCode: ProductCode, status: SubscriptionStatus) {
  const code: ProductCode = GOOD_STANDING.includes(status) ? productCode : 'free_tier_plan';
  return { productCode: code, premiumTourLimit: PLANS[code].premiumTourLimit };
}

/** null is unlimited. */
const below = (next: number | null, previous: number | null) =>
  next !== null && (previous === null || next < previous);

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
    @Inject(STRIPE) private readonly stripe: Stripe,
    @Inject(EventBus) private readonly events: EventBus,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async find(providerId: string): Promise<SubscriptionRow | undefined> {
    const [row] = (await this.db.dataSource.query(
      `SELECT ${COLUMNS} FROM subscriptions WHERE provider_id = $1`,
      [providerId],
    )) as SubscriptionRow[];
    return row;
  }

  /**
   * Refreshes the provider of a Stripe subscription from Stripe; returns the row as it now stands. The caller
   * that just made the subscription names its provider, sparing the lookup.
   */
  async refresh(subscriptionId: string, knownProviderId?: string): Promise<SubscriptionRow | undefined> {
    const providerId = knownProviderId ?? (await this.providerOf(subscriptionId));
    if (!providerId) return undefined;
    return this.db.transaction(async (tx) => {
      // The lock serialises refreshes of one provider: each reads Stripe after the previous one wrote.
      await tx.query('SELECT 1 FROM billing_accounts WHERE provider_id = $1 FOR UPDATE', [providerId]);
      const [previous] = (await tx.query(`SELECT ${COLUMNS} FROM subscriptions WHERE provider_id = $1`, [
        providerId,
      ])) as SubscriptionRow[];
      let subscription: Stripe.Subscription;
      try {
        subscription = await this.stripe.subscriptions.retrieve(subscriptionId);
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
      await this.write(tx, next);
      await this.announce(tx, previous, next);
      return next;
    });
  }

  private async providerOf(subscriptionId: string): Promise<string | undefined> {
    const [known] = (await this.db.dataSource.query(
      'SELECT provider_id AS "providerId" FROM subscriptions WHERE stripe_subscription_id = $1',
      [subscriptionId],
    )) as Array<{ providerId: string }>;
    if (known) return known.providerId;
    try {
      const subscription = await this.stripe.subscriptions.retrieve(subscriptionId);
      const customerId = idOf(subscription.customer);
      const [account] = (await this.db.dataSource.query(
        'SELECT provider_id AS "providerId" FROM billing_accounts WHERE stripe_customer_id = $1',
        [customerId],
      )) as Array<{ providerId: string }>;
      if (!account)
        this.logger.warn({ subscriptionId, customerId }, 'Stripe subscription of no known customer');
      return account?.providerId;
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
    const schedule = await this.stripe.subscriptionSchedules.retrieve(scheduleId);
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
      typeof price === 'string'
        ? await this.stripe.prices.retrieve(price)
        : (price as Stripe.Price | undefined);
    const productCode = idOf(full?.product as string | { id: string } | undefined) as ProductCode;
    if (!full || !PRODUCT_CODES.includes(productCode)) {
      throw new Error(`Stripe price ${typeof price === 'string' ? price : price?.id} is not a plan price`);
    }
    return { productCode, interval: (full.recurring?.interval ?? 'month') as Interval };
  }

  private async write(tx: EntityManager, row: SubscriptionRow): Promise<void> {
    await tx.query(
      `INSERT INTO subscriptions (provider_id, stripe_subscription_id, product_code, interval, status,
         current_period_start, current_period_end, trial_end, cancel_at_period_end, schedule_id, next_product_code,
         next_interval, next_starts_at, premium_tour_limit, trial_used)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
       ON CONFLICT (provider_id) DO UPDATE SET stripe_subscription_id = $2, product_code = $3, interval = $4,
         status = $5, current_period_start = $6, current_period_end = $7, trial_end = $8,
         cancel_at_period_end = $9, schedule_id = $10, next_product_code = $11, next_interval = $12,
         next_starts_at = $13, premium_tour_limit = $14, trial_used = subscriptions.trial_used OR $15,
         updated_at = now()`,
      [
        row.providerId,
        row.stripeSubscriptionId,
        row.productCode,
        row.interval,
        row.status,
        row.currentPeriodStart,
        row.currentPeriodEnd,
        row.trialEnd,
        row.cancelAtPeriodEnd,
        row.scheduleId,
        row.nextProductCode,
        row.nextInterval,
        row.nextStartsAt,
        row.premiumTourLimit,
        row.trialUsed,
      ],
    );
  }

  private async announce(tx: EntityManager, previous: SubscriptionRow | undefined, next: SubscriptionRow) {
    const before = previous
      ? effectivePlan(previous.productCode, previous.status)
      : effectivePlan('free_tier_plan', 'active');
    const after = effectivePlan(next.productCode, next.status);
    const changed =
      !previous ||
      previous.productCode !== next.productCode ||
      previous.interval !== next.interval ||
      previous.status !== next.status;
    // Moving between states that give the free plan (an attempt never paid, unpaid to cancelled) changes nothing
    // anyone else acts on.
    if (!changed || (!inGoodStanding(previous) && !inGoodStanding(next))) return;
    await this.events.publish(
      'billing.subscription.changed.v1',
      {
        providerId: next.providerId,
        productCode: after.productCode,
        interval: next.interval,
        status: next.status,
        premiumTourLimit: after.premiumTourLimit,
        version: await this.nextVersion(tx, next.providerId),
      },
      tx,
    );
    if (below(after.premiumTourLimit, before.premiumTourLimit)) {
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

  /**
   * The provider's next subscription version, taken in the transaction that announces the change, under the
   * provider's lock (and the row's): two replicas never hand out the same one, and the order is the database's, not
   * a process clock's. The row was written just before in the same transaction.
   */
  private async nextVersion(tx: EntityManager, providerId: string): Promise<number> {
    const [row] = (await tx.query(
      `WITH bumped AS (UPDATE subscriptions SET version = version + 1 WHERE provider_id = $1 RETURNING version)
       SELECT version::text AS version FROM bumped`,
      [providerId],
    )) as Array<{ version: string }>;
    return Number(row!.version);
  }
}
