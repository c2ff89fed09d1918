import { Injectable } from '@nestjs/common';
import type { Currency, SubscriptionStatus } from '@tourly/contracts';
import {
  Database,
  likePattern,
  one,
  pageWithTotal,
  rows,
  type Page,
  type PageQuery,
  type Queryable,
} from '@tourly/platform';

/** A premium tour paid on its own: its Stripe subscription as Stripe last said it is. */
export interface ExtensionRow {
  id: string;
  providerId: string;
  propertyId: string;
  propertyTitle: string;
  status: SubscriptionStatus;
  amount: number;
  currency: Currency;
  currentPeriodEnd: Date | null;
  endedAt: Date | null;
  createdAt: Date;
}

/** What a refresh writes: Stripe's state of the subscription, with the tour it pays for. */
export type ExtensionWrite = Omit<ExtensionRow, 'currency' | 'endedAt' | 'createdAt'> & {
  currency: string;
  ended: boolean;
};

/** What reconciliation compares before and after a refresh. */
export type ExtensionSnapshot = Pick<
  ExtensionRow,
  'status' | 'amount' | 'currency' | 'currentPeriodEnd' | 'endedAt'
>;

/** A running extension, as reconciliation walks them. */
export interface RunningExtensionRow {
  subscriptionId: string;
  providerId: string;
}

const COLUMNS = `stripe_subscription_id AS id, provider_id AS "providerId", property_id AS "propertyId",
  property_title AS "propertyTitle", status, amount, currency, current_period_end AS "currentPeriodEnd",
  ended_at AS "endedAt", created_at AS "createdAt"`;

/** The `immersive_extensions` table: the one place its SQL lives. */
@Injectable()
export class ImmersiveExtensionsRepository {
  constructor(private readonly db: Database) {}

  /** A page of the provider's extensions, running ones first; `search` in the tours' titles. */
  async list(providerId: string, query: PageQuery & { search?: string }): Promise<Page<ExtensionRow>> {
    const params: unknown[] = [providerId];
    const pattern = likePattern(query.search);
    if (pattern) params.push(pattern);
    const where = `provider_id = $1 ${pattern ? 'AND property_title ILIKE $2' : ''}`;
    const found = await rows<ExtensionRow & { total: number }>(
      this.db.dataSource,
      `SELECT ${COLUMNS}, count(*) OVER ()::int AS total FROM immersive_extensions WHERE ${where}
        ORDER BY ended_at IS NOT NULL, created_at DESC, stripe_subscription_id
        LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, query.pageSize, query.offset],
    );
    return pageWithTotal(found, query, async () => {
      const counted = await one<{ total: number }>(
        this.db.dataSource,
        `SELECT count(*)::int AS total FROM immersive_extensions WHERE ${where}`,
        params,
      );
      return counted!.total;
    });
  }

  /** One refresh of a subscription at a time, until the transaction ends. */
  async lockSubscription(tx: Queryable, subscriptionId: string): Promise<void> {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`immex:${subscriptionId}`]);
  }

  /** The extension of a Stripe subscription; inside `tx` when given. */
  find(subscriptionId: string, tx?: Queryable): Promise<ExtensionRow | undefined> {
    return one<ExtensionRow>(
      tx ?? this.db.dataSource,
      `SELECT ${COLUMNS} FROM immersive_extensions WHERE stripe_subscription_id = $1`,
      [subscriptionId],
    );
  }

  async exists(subscriptionId: string): Promise<boolean> {
    const found = await one(
      this.db.dataSource,
      'SELECT 1 FROM immersive_extensions WHERE stripe_subscription_id = $1',
      [subscriptionId],
    );
    return found !== undefined;
  }

  /** The extension that pays (or tries to pay) for a property's tour now. */
  running(tx: Queryable, providerId: string, propertyId: string): Promise<ExtensionRow | undefined> {
    return one<ExtensionRow>(
      tx,
      `SELECT ${COLUMNS} FROM immersive_extensions
        WHERE provider_id = $1 AND property_id = $2 AND ended_at IS NULL`,
      [providerId, propertyId],
    );
  }

  /** Records Stripe's state; the end time is the first refresh that saw it ended. */
  async write(tx: Queryable, extension: ExtensionWrite): Promise<ExtensionRow> {
    const row = await one<ExtensionRow>(
      tx,
      `INSERT INTO immersive_extensions (stripe_subscription_id, provider_id, property_id, property_title, status,
         amount, currency, current_period_end, ended_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, CASE WHEN $9 THEN now() END)
       ON CONFLICT (stripe_subscription_id) DO UPDATE SET status = $5, current_period_end = $8,
         ended_at = CASE WHEN $9 THEN coalesce(immersive_extensions.ended_at, now()) END, updated_at = now()
       RETURNING ${COLUMNS}`,
      [
        extension.id,
        extension.providerId,
        extension.propertyId,
        extension.propertyTitle,
        extension.status,
        extension.amount,
        extension.currency,
        extension.currentPeriodEnd,
        extension.ended,
      ],
    );
    return row!;
  }

  /** The running extensions of the customers a test clock moves. */
  async onTestClock(testClockId: string): Promise<string[]> {
    const found = await rows<{ id: string }>(
      this.db.dataSource,
      `SELECT e.stripe_subscription_id AS id FROM immersive_extensions e
         JOIN billing_accounts a ON a.provider_id = e.provider_id
        WHERE a.test_clock_id = $1 AND e.ended_at IS NULL`,
      [testClockId],
    );
    return found.map((row) => row.id);
  }

  /** A page of the running extensions, by subscription id after `after`. */
  runningPage(after: string, limit: number): Promise<RunningExtensionRow[]> {
    return rows<RunningExtensionRow>(
      this.db.dataSource,
      `SELECT stripe_subscription_id AS "subscriptionId", provider_id AS "providerId" FROM immersive_extensions
        WHERE ended_at IS NULL AND stripe_subscription_id > $1 ORDER BY stripe_subscription_id LIMIT ${limit}`,
      [after],
    );
  }

  /** What reconciliation compares: the fields a refresh from Stripe may change. */
  snapshot(subscriptionId: string): Promise<ExtensionSnapshot | undefined> {
    return one<ExtensionSnapshot>(
      this.db.dataSource,
      `SELECT status, amount, currency, current_period_end AS "currentPeriodEnd", ended_at AS "endedAt"
         FROM immersive_extensions WHERE stripe_subscription_id = $1`,
      [subscriptionId],
    );
  }
}
