import { Inject, Injectable } from '@nestjs/common';
import type Stripe from 'stripe';
import {
  DEFAULT_CURRENCY,
  IMMERSIVE_EXTENSION,
  type ImmersiveExtensionCancellation,
  type ImmersiveExtensionCancelRequest,
  type ImmersiveExtensionPayment,
  type ImmersiveExtensionQuote,
  type ImmersiveExtensionSubscribeRequest,
  type SubscriptionStatus,
} from '@tourly/contracts';
import { Database, EventBus, type Page } from '@tourly/platform';
import type { EntityManager } from 'typeorm';
import { BillingAccountsRepository } from '../accounts/billing-accounts.repository';
import { BillingAccountsService } from '../accounts/billing-accounts.service';
import { CatalogueService } from '../catalogue/catalogue.service';
import { paymentOutcome } from '../payments/payment-outcome';
import { isMissing, stripeCall } from '../payments/stripe-errors';
import { Payments } from '../payments/payments.port';
import { idOf, toDate } from '../payments/stripe-values';
import { ENDED } from '../subscriptions/subscriptions.rules';
import { ImmersiveExtensionVersionsRepository } from './immersive-extension-versions.repository';
import type { ImmersiveExtensionResponse, ImmersiveExtensionsQuery } from './immersive-extensions.dto';
import { ImmersiveExtensionsRepository, type ExtensionRow } from './immersive-extensions.repository';
import { EXTENSION_KIND, extensionOf, markedAsExtension, paysForTour } from './immersive-extensions.rules';

export { EXTENSION_KIND } from './immersive-extensions.rules';

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
    private readonly extensions: ImmersiveExtensionsRepository,
    private readonly versions: ImmersiveExtensionVersionsRepository,
    private readonly accountRows: BillingAccountsRepository,
    private readonly payments: Payments,
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

  async list(providerId: string, query: ImmersiveExtensionsQuery): Promise<Page<ImmersiveExtensionResponse>> {
    const page = await this.extensions.list(providerId, query);
    return { ...page, items: page.items.map(extensionOf) };
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
      await this.accountRows.lock(tx, providerId);
      const card = await this.accounts.cardToCharge(
        providerId,
        customerId,
        request.paymentMethodId,
        'paymentMethodId',
      );
      const running = await this.running(tx, providerId, propertyId);
      if (running) {
        const current = await this.refreshIn(tx, running.id);
        if (current && paysForTour(current.status)) {
          if (request.setAsDefaultPayment) await this.accounts.makeDefaultCard(customerId, card);
          return {
            result: 'success',
            clientSecret: null,
            extensionId: current.id,
            version: await this.versions.current(tx, providerId, propertyId),
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
        this.payments.createSubscription({
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
      const clientSecret = await paymentOutcome(this.payments, subscription, async () => {
        await this.payments.cancelSubscription(subscription.id);
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
        version: await this.versions.current(tx, providerId, propertyId),
      };
    });
  }

  /** Stops paying for a property's premium tour now (nothing is refunded). Nothing running: nothing to do. */
  async cancel({
    providerId,
    propertyId,
  }: ImmersiveExtensionCancelRequest): Promise<ImmersiveExtensionCancellation> {
    return this.db.transaction(async (tx) => {
      await this.accountRows.lock(tx, providerId);
      const running = await this.running(tx, providerId, propertyId);
      if (running) await this.end(tx, running.id);
      return {
        cancelled: Boolean(running),
        version: await this.versions.current(tx, providerId, propertyId),
      };
    });
  }

  /** Whether a Stripe subscription is one of ours (kept here, or marked so by its metadata). */
  async isExtension(
    subscriptionId: string,
    metadata: Record<string, string> | null | undefined,
  ): Promise<boolean> {
    if (markedAsExtension(metadata)) return true;
    return this.extensions.exists(subscriptionId);
  }

  /** The running extensions of the customers a test clock moves. */
  onTestClock(testClockId: string): Promise<string[]> {
    return this.extensions.onTestClock(testClockId);
  }

  /** Brings an extension up to Stripe's current state (a webhook said it changed). */
  async refresh(subscriptionId: string): Promise<void> {
    await this.db.transaction((tx) => this.refreshIn(tx, subscriptionId));
  }

  private async refreshIn(tx: EntityManager, subscriptionId: string): Promise<ExtensionRow | undefined> {
    // One refresh of a subscription at a time: each reads Stripe after the previous one wrote.
    await this.extensions.lockSubscription(tx, subscriptionId);
    const previous = await this.extensions.find(subscriptionId, tx);
    let subscription: Stripe.Subscription;
    try {
      subscription = await this.payments.subscription(subscriptionId);
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
  private providerOf(tx: EntityManager, subscription: Stripe.Subscription): Promise<string | undefined> {
    return this.accountRows.providerWithCustomer(
      tx,
      subscription.metadata?.provider_id,
      idOf(subscription.customer),
    );
  }

  private async end(tx: EntityManager, subscriptionId: string): Promise<void> {
    try {
      await stripeCall(() => this.payments.cancelSubscription(subscriptionId));
    } catch (error) {
      // Gone or ended already: the refresh below records what Stripe has.
      if (!isMissing(error) && !/cancel/i.test((error as Error).message)) throw error;
    }
    await this.refreshIn(tx, subscriptionId);
  }

  private running(
    tx: EntityManager,
    providerId: string,
    propertyId: string,
  ): Promise<ExtensionRow | undefined> {
    return this.extensions.running(tx, providerId, propertyId);
  }

  private async write(
    tx: EntityManager,
    providerId: string,
    subscription: Stripe.Subscription,
    previous: ExtensionRow | undefined,
  ): Promise<ExtensionRow> {
    const item = subscription.items.data[0];
    const status = subscription.status as SubscriptionStatus;
    const next = await this.extensions.write(tx, {
      id: subscription.id,
      providerId,
      propertyId: previous?.propertyId ?? subscription.metadata.property_id!,
      propertyTitle: previous?.propertyTitle ?? subscription.metadata.property_title ?? '',
      status,
      amount: item?.price.unit_amount ?? 0,
      currency: item?.price.currency ?? subscription.currency,
      currentPeriodEnd: toDate(item?.current_period_end),
      ended: ENDED.includes(status),
    });
    const active = paysForTour(status);
    if (previous?.status !== status) {
      await this.events.publish(
        'billing.immersive_extension.changed.v1',
        {
          providerId,
          propertyId: next.propertyId,
          extensionId: next.id,
          status,
          active,
          version: await this.versions.next(tx, providerId, next.propertyId),
        },
        tx,
      );
    }
    return next;
  }
}
