import { Injectable } from '@nestjs/common';
import type { Interval, ProductCode, SubscriptionStatus } from '@tourly/contracts';
import { Database, one, rows, type Queryable } from '@tourly/platform';

/** Billing's copy of a provider's Stripe subscription (the projection). */
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

/** A running subscription, as reconciliation walks them. */
export interface RunningSubscriptionRow {
  providerId: string;
  subscriptionId: string;
}

const COLUMNS = `provider_id AS "providerId", stripe_subscription_id AS "stripeSubscriptionId",
  product_code AS "productCode", interval, status, current_period_start AS "currentPeriodStart",
  current_period_end AS "currentPeriodEnd", trial_end AS "trialEnd", cancel_at_period_end AS "cancelAtPeriodEnd",
  schedule_id AS "scheduleId", next_product_code AS "nextProductCode", next_interval AS "nextInterval",
  next_starts_at AS "nextStartsAt", premium_tour_limit AS "premiumTourLimit", trial_used AS "trialUsed"`;

/** The `subscriptions` table (one row per provider): the one place its SQL lives. */
@Injectable()
export class SubscriptionsRepository {
  constructor(private readonly db: Database) {}

  /** The provider's subscription; inside `tx` when given. */
  find(providerId: string, tx?: Queryable): Promise<SubscriptionRow | undefined> {
    return one<SubscriptionRow>(
      tx ?? this.db.dataSource,
      `SELECT ${COLUMNS} FROM subscriptions WHERE provider_id = $1`,
      [providerId],
    );
  }

  async providerOf(subscriptionId: string): Promise<string | undefined> {
    const known = await one<{ providerId: string }>(
      this.db.dataSource,
      'SELECT provider_id AS "providerId" FROM subscriptions WHERE stripe_subscription_id = $1',
      [subscriptionId],
    );
    return known?.providerId;
  }

  async write(tx: Queryable, row: SubscriptionRow): Promise<void> {
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

  /**
   * The provider's next subscription version, taken in the transaction that announces the change, under the
   * provider's lock (and the row's): two replicas never hand out the same one, and the order is the database's, not
   * a process clock's. The row was written just before in the same transaction.
   */
  async nextVersion(tx: Queryable, providerId: string): Promise<number> {
    const row = await one<{ version: string }>(
      tx,
      `WITH bumped AS (UPDATE subscriptions SET version = version + 1 WHERE provider_id = $1 RETURNING version)
       SELECT version::text AS version FROM bumped`,
      [providerId],
    );
    return Number(row!.version);
  }

  /** The subscriptions of the customers a test clock moves. */
  async onTestClock(testClockId: string): Promise<string[]> {
    const found = await rows<{ id: string }>(
      this.db.dataSource,
      `SELECT s.stripe_subscription_id AS id FROM subscriptions s
         JOIN billing_accounts a ON a.provider_id = s.provider_id WHERE a.test_clock_id = $1`,
      [testClockId],
    );
    return found.map((row) => row.id);
  }

  /** A page of the subscriptions not ended, by provider id after `after`. */
  running(after: string, limit: number): Promise<RunningSubscriptionRow[]> {
    return rows<RunningSubscriptionRow>(
      this.db.dataSource,
      `SELECT provider_id::text AS "providerId", stripe_subscription_id AS "subscriptionId" FROM subscriptions
        WHERE status NOT IN ('canceled', 'incomplete_expired') AND provider_id::text > $1
        ORDER BY provider_id::text LIMIT ${limit}`,
      [after],
    );
  }
}
