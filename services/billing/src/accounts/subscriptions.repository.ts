import { Injectable } from '@nestjs/common';
import type { Interval, ProductCode, SubscriptionStatus } from '@tourly/contracts';
import {
  Database,
  queryOne,
  queryRows,
  sql,
  type Narrow,
  type Narrowed,
  type Queryable,
} from '@tourly/platform';
import type {
  IFindSubscriptionQuery,
  IFindSubscriptionResult,
  INextSubscriptionVersionQuery,
  IProviderOfSubscriptionQuery,
  IRunningSubscriptionsQuery,
  IRunningSubscriptionsResult,
  ISubscriptionsOnTestClockQuery,
  IWriteSubscriptionQuery,
} from './subscriptions.repository.types';

/**
 * What the schema keeps to a union with a CHECK (`interval`), and what billing alone keeps to one: no CHECK holds
 * the product codes, Stripe's statuses or the next interval, every write of them is typed so (`write`).
 */
type Known = {
  productCode: ProductCode;
  interval: Interval;
  status: SubscriptionStatus;
  nextProductCode: ProductCode | null;
  nextInterval: Interval | null;
};

/** Billing's copy of a provider's Stripe subscription (the projection). */
export type SubscriptionRow = Narrowed<IFindSubscriptionResult, Known>;

/** A running subscription, as reconciliation walks them. */
export type RunningSubscriptionRow = IRunningSubscriptionsResult;

const findSubscription = sql<Narrow<IFindSubscriptionQuery, Known>>`
  SELECT provider_id AS "providerId", stripe_subscription_id AS "stripeSubscriptionId",
    product_code AS "productCode", interval, status, current_period_start AS "currentPeriodStart",
    current_period_end AS "currentPeriodEnd", trial_end AS "trialEnd", cancel_at_period_end AS "cancelAtPeriodEnd",
    schedule_id AS "scheduleId", next_product_code AS "nextProductCode", next_interval AS "nextInterval",
    next_starts_at AS "nextStartsAt", premium_tour_limit AS "premiumTourLimit", trial_used AS "trialUsed"
  FROM subscriptions WHERE provider_id = $providerId!`;

const providerOfSubscription = sql<IProviderOfSubscriptionQuery>`
  SELECT provider_id AS "providerId" FROM subscriptions WHERE stripe_subscription_id = $subscriptionId!`;

const writeSubscription = sql<IWriteSubscriptionQuery>`
  INSERT INTO subscriptions (provider_id, stripe_subscription_id, product_code, interval, status,
    current_period_start, current_period_end, trial_end, cancel_at_period_end, schedule_id, next_product_code,
    next_interval, next_starts_at, premium_tour_limit, trial_used)
  VALUES ($providerId!, $stripeSubscriptionId!, $productCode!, $interval!, $status!, $currentPeriodStart,
    $currentPeriodEnd, $trialEnd, $cancelAtPeriodEnd!, $scheduleId, $nextProductCode, $nextInterval, $nextStartsAt,
    $premiumTourLimit, $trialUsed!)
  ON CONFLICT (provider_id) DO UPDATE SET stripe_subscription_id = $stripeSubscriptionId!,
    product_code = $productCode!, interval = $interval!, status = $status!,
    current_period_start = $currentPeriodStart, current_period_end = $currentPeriodEnd, trial_end = $trialEnd,
    cancel_at_period_end = $cancelAtPeriodEnd!, schedule_id = $scheduleId, next_product_code = $nextProductCode,
    next_interval = $nextInterval, next_starts_at = $nextStartsAt, premium_tour_limit = $premiumTourLimit,
    trial_used = subscriptions.trial_used OR $trialUsed!, updated_at = now()`;

const nextSubscriptionVersion = sql<INextSubscriptionVersionQuery>`
  WITH bumped AS (UPDATE subscriptions SET version = version + 1 WHERE provider_id = $providerId! RETURNING version)
  SELECT version::text AS "version!" FROM bumped`;

const subscriptionsOnTestClock = sql<ISubscriptionsOnTestClockQuery>`
  SELECT s.stripe_subscription_id AS id FROM subscriptions s
    JOIN billing_accounts a ON a.provider_id = s.provider_id WHERE a.test_clock_id = $testClockId!`;

const runningSubscriptions = sql<IRunningSubscriptionsQuery>`
  SELECT provider_id::text AS "providerId!", stripe_subscription_id AS "subscriptionId" FROM subscriptions
   WHERE status NOT IN ('canceled', 'incomplete_expired') AND provider_id::text > $after!
   ORDER BY provider_id::text LIMIT $limit!`;

/** The `subscriptions` table (one row per provider): the one place its SQL lives. */
@Injectable()
export class SubscriptionsRepository {
  constructor(private readonly db: Database) {}

  /** The provider's subscription; inside `tx` when given. */
  find(providerId: string, tx?: Queryable): Promise<SubscriptionRow | undefined> {
    return queryOne(tx ?? this.db.dataSource, findSubscription, { providerId });
  }

  async providerOf(subscriptionId: string): Promise<string | undefined> {
    const known = await queryOne(this.db.dataSource, providerOfSubscription, { subscriptionId });
    return known?.providerId;
  }

  async write(tx: Queryable, row: SubscriptionRow): Promise<void> {
    await queryRows(tx, writeSubscription, row);
  }

  /**
   * The provider's next subscription version, taken in the transaction that announces the change, under the
   * provider's lock (and the row's): two replicas never hand out the same one, and the order is the database's, not
   * a process clock's. The row was written just before in the same transaction.
   */
  async nextVersion(tx: Queryable, providerId: string): Promise<number> {
    const row = await queryOne(tx, nextSubscriptionVersion, { providerId });
    return Number(row!.version);
  }

  /** The subscriptions of the customers a test clock moves. */
  async onTestClock(testClockId: string): Promise<string[]> {
    const found = await queryRows(this.db.dataSource, subscriptionsOnTestClock, { testClockId });
    return found.map((row) => row.id);
  }

  /** A page of the subscriptions not ended, by provider id after `after`. */
  running(after: string, limit: number): Promise<RunningSubscriptionRow[]> {
    return queryRows(this.db.dataSource, runningSubscriptions, { after, limit });
  }
}
