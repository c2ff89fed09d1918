import { Inject, Injectable } from '@nestjs/common';
import type Stripe from 'stripe';
import {
  DEFAULT_CURRENCY,
  IMMERSIVE_EXTENSION,
  type Currency,
  type ImmersiveExtensionCancellation,
  type ImmersiveExtensionCancelRequest,
  type ImmersiveExtensionPayment,
  type ImmersiveExtensionQuote,
  type ImmersiveExtensionSubscribeRequest,
  type SubscriptionStatus,
} from '@tourly/contracts';
import { Database, EventBus, likePattern, pageWithTotal, type Page } from '@tourly/platform';
import type { EntityManager } from 'typeorm';
import { BillingAccountsService } from '../accounts/billing-accounts.service';
import { CatalogueService } from '../catalogue/catalogue.service';
import { paymentOutcome } from '../stripe/payment-outcome';
import { isMissing, stripeCall } from '../stripe/stripe-errors';
import { STRIPE } from '../stripe/stripe.module';
import { idOf, toDate } from '../stripe/stripe-values';
import { ENDED, GOOD_STANDING } from '../subscriptions/subscription-projection';
import type { ImmersiveExtensionsQuery } from './immersive-extensions.dto';

/** Set on each extension's Stripe subscription, so that its webhooks never reach the plan's projection. */
export const EXTENSION_KIND = 'immersive_extension';

export interface ImmersiveExtension {
  id: string;
  propertyId: string;
  propertyTitle: string;
  status: SubscriptionStatus;
  /** The subscription pays for the tour: active, or past due inside the payment window. */
  active: boolean;
  amountInCents: number;
  currency: Currency;
  currentPeriodEnd: string | null;
  endedAt: string | null;
  createdAt: string;
}

interface ExtensionRow {
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

const COLUMNS = `stripe_subscription_id AS id, provider_id AS "providerId", property_id AS "propertyId",
  property_title AS "propertyTitle", status, amount, currency, current_period_end AS "currentPeriodEnd",
  ended_at AS "endedAt", created_at AS "createdAt"`;

/**
 * Premium tours paid on their own (the pay-and-publish modal): when a plan's premium tours are all in use, a
 * provider can pay for one more tour by the month instead of upgrading. Each is a Stripe subscription of its
 * own, kept here as Stripe last said it is; properties learns whether it still pays for its tour from
 * `billing.immersive_extension.changed.v1`, and asks for it over request-reply when the person pays.
 * Each announced change carries the tour's next extension version (`immersive_extension_versions`, per provider and
 * property), and the answers to subscribe and cancel the version as of the answer: the order properties applies
 * billing's word on a tour in.
 */
@Injectable()
export class ImmersiveExtensionsService {
  constructor(
    private readonly db: Database,
    @Inject(STRIPE) private readonly stripe: Stripe,
    @Inject(EventBus) private readonly events: EventBus,
    private readonly accounts: BillingAccountsService,
    private readonly catalogue: CatalogueService,
  ) {}

  /** What one premium tour costs a month, in the billing account's currency. */
  async quote(providerId: string): Promise<ImmersiveExtensionQuote> {
    const currency = (await this.accounts.find(providerId))?.currency ?? DEFAULT_CURRENCY;
    return {
      amountInCents: IMMERSIVE_EXTENSION.prices[currency],
      currency,
      interval: IMMERSIVE_EXTENSION.interval,
    };
  }

  async list(providerId: string, query: ImmersiveExtensionsQuery): Promise<Page<ImmersiveExtension>> {
    const params: unknown[] = [providerId];
    const pattern = likePattern(query.search);
    if (pattern) params.push(pattern);
    const where = `provider_id = $1 ${pattern ? 'AND property_title ILIKE $2' : ''}`;
    const rows = (await this.db.dataSource.query(
      `SELECT ${COLUMNS}, count(*) OVER ()::int AS total FROM immersive_extensions WHERE ${where}
        ORDER BY ended_at IS NOT NULL, created_at DESC, stripe_subscription_id
        LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, query.pageSize, query.offset],
    )) as Array<ExtensionRow & { total: number }>;
    const page = await pageWithTotal(rows, query, async () => {
      const [{ total }] = (await this.db.dataSource.query(
        `SELECT count(*)::int AS total FROM immersive_extensions WHERE ${where}`,
        params,
      )) as Array<{ total: number }>;
      return total;
    });
    return { ...page, items: page.items.map(toExtension) };
  }

  /**
   * Pays for one property's premium tour: its running extension if that already pays, else a new
   * subscription charged now to the chosen card (or the default one). Requires action (3-D Secure): the client
   * secret to confirm, after which the same request answers success. Declined: a 402 in the issuer's words, and
   * the attempt is cancelled. One payment per provider at a time, so a double click pays once.
   */
  async subscribe(request: ImmersiveExtensionSubscribeRequest): Promise<ImmersiveExtensionPayment> {
    const { providerId, propertyId } = request;
    const account = await this.accounts.require(providerId);
    const customerId = account.stripeCustomerId;
    return this.db.transaction(async (tx) => {
      await tx.query('SELECT 1 FROM billing_accounts WHERE provider_id = $1 FOR UPDATE', [providerId]);
      const card = await this.accounts.cardToCharge(
        providerId,
        customerId,
        request.paymentMethodId,
        'paymentMethodId',
      );
      const running = await this.running(tx, providerId, propertyId);
      if (running) {
        const current = await this.refreshIn(tx, running.id);
        if (current && GOOD_STANDING.includes(current.status)) {
          if (request.setAsDefaultPayment) await this.accounts.makeDefaultCard(customerId, card);
          return {
            result: 'success',
            clientSecret: null,
            extensionId: current.id,
            version: await this.version(tx, providerId, propertyId),
          };
        }
        // Never paid (3-D Secure abandoned or failed) or unpaid: this attempt replaces it.
        if (current && !ENDED.includes(current.status)) await this.end(tx, current.id);
      }
      const priceId = await this.catalogue.priceId(
        IMMERSIVE_EXTENSION.productCode,
        IMMERSIVE_EXTENSION.interval,
        account.currency,
      );
      const subscription = await stripeCall(() =>
        this.stripe.subscriptions.create({
          customer: customerId,
          items: [{ price: priceId, quantity: 1 }],
          default_payment_method: card.id,
          payment_behavior: 'allow_incomplete',
          metadata: {
            kind: EXTENSION_KIND,
            provider_id: providerId,
            property_id: propertyId,
            property_title: request.propertyTitle,
          },
          expand: ['latest_invoice.confirmation_secret'],
        }),
      );
      const clientSecret = await paymentOutcome(this.stripe, subscription, async () => {
        await this.stripe.subscriptions.cancel(subscription.id);
      });
      // Stripe's state now, not the creation's: a webhook may have recorded a newer one meanwhile.
      await this.refreshIn(tx, subscription.id);
      // As with a plan's card: the one chosen becomes the default even while 3-D Secure is pending (a declined
      // card never gets here), so a page that never comes back after confirming loses nothing of the request.
      if (request.setAsDefaultPayment) await this.accounts.makeDefaultCard(customerId, card);
      return {
        result: clientSecret ? 'requires_action' : 'success',
        clientSecret,
        extensionId: subscription.id,
        version: await this.version(tx, providerId, propertyId),
      };
    });
  }

  /** Stops paying for a property's premium tour now (nothing is refunded). Nothing running: nothing to do. */
  async cancel({
    providerId,
    propertyId,
  }: ImmersiveExtensionCancelRequest): Promise<ImmersiveExtensionCancellation> {
    return this.db.transaction(async (tx) => {
      await tx.query('SELECT 1 FROM billing_accounts WHERE provider_id = $1 FOR UPDATE', [providerId]);
      const running = await this.running(tx, providerId, propertyId);
      if (running) await this.end(tx, running.id);
      return { cancelled: Boolean(running), version: await this.version(tx, providerId, propertyId) };
    });
  }

  /** Whether a Stripe subscription is one of ours (kept here, or marked so by its metadata). */
  async isExtension(subscriptionId: string, metadata: Record<string, string> | null | undefined) {
    if (metadata?.kind === EXTENSION_KIND) return true;
    const rows = (await this.db.dataSource.query(
      'SELECT 1 FROM immersive_extensions WHERE stripe_subscription_id = $1',
      [subscriptionId],
    )) as unknown[];
    return rows.length > 0;
  }

  /** The running extensions of the customers a test clock moves. */
  async onTestClock(testClockId: string): Promise<string[]> {
    const rows = (await this.db.dataSource.query(
      `SELECT e.stripe_subscription_id AS id FROM immersive_extensions e
         JOIN billing_accounts a ON a.provider_id = e.provider_id
        WHERE a.test_clock_id = $1 AND e.ended_at IS NULL`,
      [testClockId],
    )) as Array<{ id: string }>;
    return rows.map((row) => row.id);
  }

  /** Brings an extension up to Stripe's current state (a webhook said it changed). */
  async refresh(subscriptionId: string): Promise<void> {
    await this.db.transaction((tx) => this.refreshIn(tx, subscriptionId));
  }

  private async refreshIn(tx: EntityManager, subscriptionId: string): Promise<ExtensionRow | undefined> {
    // One refresh of a subscription at a time: each reads Stripe after the previous one wrote.
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`immex:${subscriptionId}`]);
    const [previous] = (await tx.query(
      `SELECT ${COLUMNS} FROM immersive_extensions WHERE stripe_subscription_id = $1`,
      [subscriptionId],
    )) as ExtensionRow[];
    let subscription: Stripe.Subscription;
    try {
      subscription = await this.stripe.subscriptions.retrieve(subscriptionId);
    } catch (error) {
      if (isMissing(error)) return previous;
      throw error;
    }
    const providerId = previous?.providerId ?? (await this.providerOf(tx, subscription));
    // An attempt that was declined is cancelled before it is ever kept: there is nothing to record.
    if (!providerId || (!previous && ENDED.includes(subscription.status as SubscriptionStatus))) {
      return previous;
    }
    return this.write(tx, providerId, subscription, previous);
  }

  /** The provider of an extension not kept yet: its metadata's, if the customer is that provider's. */
  private async providerOf(tx: EntityManager, subscription: Stripe.Subscription) {
    const claimed = subscription.metadata?.provider_id;
    const [account] = (await tx.query(
      'SELECT provider_id AS "providerId" FROM billing_accounts WHERE provider_id = $1 AND stripe_customer_id = $2',
      [claimed, idOf(subscription.customer)],
    )) as Array<{ providerId: string }>;
    return account?.providerId;
  }

  private async end(tx: EntityManager, subscriptionId: string): Promise<void> {
    try {
      await stripeCall(() => this.stripe.subscriptions.cancel(subscriptionId));
    } catch (error) {
      // Gone or ended already: the refresh below records what Stripe has.
      if (!isMissing(error) && !/cancel/i.test((error as Error).message)) throw error;
    }
    await this.refreshIn(tx, subscriptionId);
  }

  private async running(tx: EntityManager, providerId: string, propertyId: string) {
    const [row] = (await tx.query(
      `SELECT ${COLUMNS} FROM immersive_extensions
        WHERE provider_id = $1 AND property_id = $2 AND ended_at IS NULL`,
      [providerId, propertyId],
    )) as ExtensionRow[];
    return row;
  }

  private async write(
    tx: EntityManager,
    providerId: string,
    subscription: Stripe.Subscription,
    previous: ExtensionRow | undefined,
  ): Promise<ExtensionRow> {
    const item = subscription.items.data[0];
    const status = subscription.status as SubscriptionStatus;
    const [row] = (await tx.query(
      `INSERT INTO immersive_extensions (stripe_subscription_id, provider_id, property_id, property_title, status,
         amount, currency, current_period_end, ended_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, CASE WHEN $9 THEN now() END)
       ON CONFLICT (stripe_subscription_id) DO UPDATE SET status = $5, current_period_end = $8,
         ended_at = CASE WHEN $9 THEN coalesce(immersive_extensions.ended_at, now()) END, updated_at = now()
       RETURNING ${COLUMNS}`,
      [
        subscription.id,
        providerId,
        previous?.propertyId ?? subscription.metadata.property_id,
        previous?.propertyTitle ?? subscription.metadata.property_title ?? '',
        status,
        item?.price.unit_amount ?? 0,
        item?.price.currency ?? subscription.currency,
        toDate(item?.current_period_end),
        ENDED.includes(status),
      ],
    )) as ExtensionRow[];
    const next = row!;
    const active = GOOD_STANDING.includes(status);
    if (previous?.status !== status) {
      await this.events.publish(
        'billing.immersive_extension.changed.v1',
        {
          providerId,
          propertyId: next.propertyId,
          extensionId: next.id,
          status,
          active,
          version: await this.nextVersion(tx, providerId, next.propertyId),
        },
        tx,
      );
    }
    return next;
  }

  /**
   * The tour's next extension version, taken in the transaction that announces the change: the upsert locks the
   * tour's row until the commit, so two replicas never hand out the same one, and the order is the database's, not
   * a process clock's.
   */
  private async nextVersion(tx: EntityManager, providerId: string, propertyId: string): Promise<number> {
    const [row] = (await tx.query(
      `INSERT INTO immersive_extension_versions (provider_id, property_id, version) VALUES ($1, $2, 1)
       ON CONFLICT (provider_id, property_id) DO UPDATE SET version = immersive_extension_versions.version + 1
       RETURNING version::text AS version`,
      [providerId, propertyId],
    )) as Array<{ version: string }>;
    return Number(row!.version);
  }

  /**
   * The tour's extension version as of an answer, read last in its transaction: what the answer says is billing's
   * word at that version (a change this transaction announced holds the row's lock; one about the tour announced
   * by another after this read gets a greater version). 0: nothing announced with a version yet.
   */
  private async version(tx: EntityManager, providerId: string, propertyId: string): Promise<number> {
    const [row] = (await tx.query(
      `SELECT version::text AS version FROM immersive_extension_versions WHERE provider_id = $1 AND property_id = $2`,
      [providerId, propertyId],
    )) as Array<{ version: string }>;
    return Number(row?.version ?? 0);
  }
}

function toExtension(row: ExtensionRow): ImmersiveExtension {
  return {
    id: row.id,
    propertyId: row.propertyId,
    propertyTitle: row.propertyTitle,
    status: row.status,
    active: GOOD_STANDING.includes(row.status),
    amountInCents: row.amount,
    currency: row.currency,
    currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
    endedAt: row.endedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
