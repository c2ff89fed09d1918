import { Injectable } from '@nestjs/common';
import type { Currency, SubscriptionStatus } from '@tourly/contracts';
import {
  Database,
  likePattern,
  pageWithTotal,
  queryOne,
  queryRows,
  queryRowsWith,
  sql,
  type Narrow,
  type Narrowed,
  type Page,
  type PageQuery,
  type Queryable,
} from '@tourly/platform';
import type {
  IExtensionCountQuery,
  IExtensionExistsQuery,
  IExtensionPageQuery,
  IExtensionSnapshotQuery,
  IExtensionSnapshotResult,
  IExtensionsOnTestClockQuery,
  IFindExtensionQuery,
  IFindExtensionResult,
  ILockExtensionSubscriptionQuery,
  IRunningExtensionOfTourQuery,
  IRunningExtensionsQuery,
  IRunningExtensionsResult,
  IWriteExtensionQuery,
} from './immersive-extensions.repository.types';

/**
 * What billing alone keeps to unions (no CHECK holds them): Stripe's statuses, as the refresh writes them, and the
 * currency of the extension's price.
 */
type Known = { status: SubscriptionStatus; currency: Currency };

/** A premium tour paid on its own: its Stripe subscription as Stripe last said it is. */
export type ExtensionRow = Narrowed<IFindExtensionResult, Known>;

/** What a refresh writes: Stripe's state of the subscription, with the tour it pays for. */
export type ExtensionWrite = Omit<ExtensionRow, 'currency' | 'endedAt' | 'createdAt'> & {
  currency: string;
  ended: boolean;
};

/** What reconciliation compares before and after a refresh. */
export type ExtensionSnapshot = Narrowed<IExtensionSnapshotResult, Known>;

/** A running extension, as reconciliation walks them. */
export type RunningExtensionRow = IRunningExtensionsResult;

// The list composes its search at run time: its columns and table are these queries, checked; the filter and the
// page follow them (queryRowsWith).
const extensionPage = sql<Narrow<IExtensionPageQuery, Known>>`
  SELECT stripe_subscription_id AS id, provider_id AS "providerId", property_id AS "propertyId",
    property_title AS "propertyTitle", status, amount, currency, current_period_end AS "currentPeriodEnd",
    ended_at AS "endedAt", created_at AS "createdAt", count(*) OVER ()::int AS "total!"
  FROM immersive_extensions`;

const extensionCount = sql<IExtensionCountQuery>`SELECT count(*)::int AS "total!" FROM immersive_extensions`;

const lockExtensionSubscription = sql<ILockExtensionSubscriptionQuery>`
  SELECT pg_advisory_xact_lock(hashtext($key!)) AS locked`;

const findExtension = sql<Narrow<IFindExtensionQuery, Known>>`
  SELECT stripe_subscription_id AS id, provider_id AS "providerId", property_id AS "propertyId",
    property_title AS "propertyTitle", status, amount, currency, current_period_end AS "currentPeriodEnd",
    ended_at AS "endedAt", created_at AS "createdAt"
  FROM immersive_extensions WHERE stripe_subscription_id = $subscriptionId!`;

const extensionExists = sql<IExtensionExistsQuery>`
  SELECT 1 AS found FROM immersive_extensions WHERE stripe_subscription_id = $subscriptionId!`;

const runningExtensionOfTour = sql<Narrow<IRunningExtensionOfTourQuery, Known>>`
  SELECT stripe_subscription_id AS id, provider_id AS "providerId", property_id AS "propertyId",
    property_title AS "propertyTitle", status, amount, currency, current_period_end AS "currentPeriodEnd",
    ended_at AS "endedAt", created_at AS "createdAt"
  FROM immersive_extensions
  WHERE provider_id = $providerId! AND property_id = $propertyId! AND ended_at IS NULL`;

const writeExtension = sql<Narrow<IWriteExtensionQuery, Known>>`
  INSERT INTO immersive_extensions (stripe_subscription_id, provider_id, property_id, property_title, status,
    amount, currency, current_period_end, ended_at)
  VALUES ($id!, $providerId!, $propertyId!, $propertyTitle!, $status!, $amount!, $currency!, $currentPeriodEnd,
    CASE WHEN $ended! THEN now() END)
  ON CONFLICT (stripe_subscription_id) DO UPDATE SET status = $status!, current_period_end = $currentPeriodEnd,
    ended_at = CASE WHEN $ended! THEN coalesce(immersive_extensions.ended_at, now()) END, updated_at = now()
  RETURNING stripe_subscription_id AS id, provider_id AS "providerId", property_id AS "propertyId",
    property_title AS "propertyTitle", status, amount, currency, current_period_end AS "currentPeriodEnd",
    ended_at AS "endedAt", created_at AS "createdAt"`;

const extensionsOnTestClock = sql<IExtensionsOnTestClockQuery>`
  SELECT e.stripe_subscription_id AS id FROM immersive_extensions e
    JOIN billing_accounts a ON a.provider_id = e.provider_id
   WHERE a.test_clock_id = $testClockId! AND e.ended_at IS NULL`;

const runningExtensions = sql<IRunningExtensionsQuery>`
  SELECT stripe_subscription_id AS "subscriptionId", provider_id AS "providerId" FROM immersive_extensions
   WHERE ended_at IS NULL AND stripe_subscription_id > $after! ORDER BY stripe_subscription_id LIMIT $limit!`;

const extensionSnapshot = sql<Narrow<IExtensionSnapshotQuery, Known>>`
  SELECT status, amount, currency, current_period_end AS "currentPeriodEnd", ended_at AS "endedAt"
    FROM immersive_extensions WHERE stripe_subscription_id = $subscriptionId!`;

/** The `immersive_extensions` table: the one place its SQL lives. */
@Injectable()
export class ImmersiveExtensionsRepository {
  constructor(private readonly db: Database) {}

  /** A page of the provider's extensions, running ones first; `search` in the tours' titles. */
  async list(providerId: string, query: PageQuery & { search?: string }): Promise<Page<ExtensionRow>> {
    const params: unknown[] = [providerId];
    const pattern = likePattern(query.search);
    if (pattern) params.push(pattern);
    const where = `WHERE provider_id = $1 ${pattern ? 'AND property_title ILIKE $2' : ''}`;
    const found = await queryRowsWith(
      this.db.dataSource,
      extensionPage,
      `${where} ORDER BY ended_at IS NOT NULL, created_at DESC, stripe_subscription_id
       LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, query.pageSize, query.offset],
    );
    return pageWithTotal(found, query, async () => {
      const [counted] = await queryRowsWith(this.db.dataSource, extensionCount, where, params);
      return counted!.total;
    });
  }

  /** One refresh of a subscription at a time, until the transaction ends. */
  async lockSubscription(tx: Queryable, subscriptionId: string): Promise<void> {
    await queryRows(tx, lockExtensionSubscription, { key: `immex:${subscriptionId}` });
  }

  /** The extension of a Stripe subscription; inside `tx` when given. */
  find(subscriptionId: string, tx?: Queryable): Promise<ExtensionRow | undefined> {
    return queryOne(tx ?? this.db.dataSource, findExtension, { subscriptionId });
  }

  async exists(subscriptionId: string): Promise<boolean> {
    const found = await queryOne(this.db.dataSource, extensionExists, { subscriptionId });
    return found !== undefined;
  }

  /** The extension that pays (or tries to pay) for a property's tour now. */
  running(tx: Queryable, providerId: string, propertyId: string): Promise<ExtensionRow | undefined> {
    return queryOne(tx, runningExtensionOfTour, { providerId, propertyId });
  }

  /** Records Stripe's state; the end time is the first refresh that saw it ended. */
  async write(tx: Queryable, extension: ExtensionWrite): Promise<ExtensionRow> {
    const row = await queryOne(tx, writeExtension, extension);
    return row!;
  }

  /** The running extensions of the customers a test clock moves. */
  async onTestClock(testClockId: string): Promise<string[]> {
    const found = await queryRows(this.db.dataSource, extensionsOnTestClock, { testClockId });
    return found.map((row) => row.id);
  }

  /** A page of the running extensions, by subscription id after `after`. */
  runningPage(after: string, limit: number): Promise<RunningExtensionRow[]> {
    return queryRows(this.db.dataSource, runningExtensions, { after, limit });
  }

  /** What reconciliation compares: the fields a refresh from Stripe may change. */
  snapshot(subscriptionId: string): Promise<ExtensionSnapshot | undefined> {
    return queryOne(this.db.dataSource, extensionSnapshot, { subscriptionId });
  }
}
