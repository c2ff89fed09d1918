import { Inject, Injectable } from '@nestjs/common';
import type Stripe from 'stripe';
import { ApiError, CONFIG, Database, EventBus, LOGGER, type Logger } from '@tourly/platform';
import { SubscriptionsRepository } from '../accounts/subscriptions.repository';
import type { BillingConfig } from '../config';
import { CreditPurchasesService } from '../credits/credit-purchases.service';
import { CreditRefundsService } from '../credits/credit-refunds.service';
import { HostingSyncService } from '../hosting/hosting-sync.service';
import { ImmersiveExtensionsService } from '../immersive-extensions/immersive-extensions.service';
import { Payments } from '../payments/payments.port';
import { isSignatureInvalid } from '../payments/stripe-errors';
import { SubscriptionProjection } from '../subscriptions/subscription-projection';
import { StripeEventsRepository, type StoredEventRow } from './stripe-events.repository';
import type { ReceivedResponse } from './webhooks.dto';
import { concernedBy, creditsPurchaseOf, isStripeEvent, refundOf, type Concerned } from './webhooks.rules';

export const SIGNATURE_MISSING = 'The Stripe-Signature header is missing.';
export const SIGNATURE_INVALID = 'The Stripe signature does not match this payload.';
export const NOT_AN_EVENT =
  'The webhook payload is not a Stripe event (an object with an id, a type and created).';

/**
 * Stripe's webhooks, in two steps. Intake verifies the signature over the raw body, stores the event once
 * (its id is the key, so a redelivery is a no-op) and queues it through the outbox, all in one statement,
 * then answers at once. Processing, from the queue, refreshes the subscription (or the credits purchase) the event
 * is about (or the refund of one) from Stripe's current state, which makes the order events arrive in irrelevant.
 */
@Injectable()
export class StripeWebhooksService {
  constructor(
    private readonly db: Database,
    private readonly stripeEvents: StripeEventsRepository,
    private readonly subscriptions: SubscriptionsRepository,
    private readonly projection: SubscriptionProjection,
    private readonly extensions: ImmersiveExtensionsService,
    private readonly creditPurchases: CreditPurchasesService,
    private readonly creditRefunds: CreditRefundsService,
    private readonly hosting: HostingSyncService,
    private readonly payments: Payments,
    @Inject(EventBus) private readonly events: EventBus,
    @Inject(CONFIG) private readonly config: BillingConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * One delivery to either endpoint: the platform account's (`platform`, STRIPE_WEBHOOK_SECRET) or the Connect one
   * (`connect`, STRIPE_CONNECT_WEBHOOK_SECRET: the connected accounts' events, each with its `account`). Both land in
   * `stripe_events` and the same queue; processing tells them apart by `account`.
   */
  async receive(
    rawBody: string | undefined,
    signature: string | undefined,
    endpoint: 'platform' | 'connect' = 'platform',
  ): Promise<ReceivedResponse> {
    if (!signature) throw ApiError.badRequest(SIGNATURE_MISSING);
    const secret =
      endpoint === 'connect' ? this.config.STRIPE_CONNECT_WEBHOOK_SECRET : this.config.STRIPE_WEBHOOK_SECRET;
    let event: unknown;
    try {
      event = this.payments.constructEvent(rawBody ?? '', signature, secret);
    } catch (error) {
      if (isSignatureInvalid(error)) {
        throw ApiError.badRequest(SIGNATURE_INVALID);
      }
      throw ApiError.badRequest(NOT_AN_EVENT);
    }
    // Signed by Stripe's secret yet not an event (`{}`, `[]`, `null`): refused, never stored.
    if (!isStripeEvent(event)) throw ApiError.badRequest(NOT_AN_EVENT);
    await this.store(event, rawBody ?? '');
    return { received: true };
  }

  /**
   * Stores a Stripe event once and queues its processing, in one statement (one round trip, atomic without a
   * transaction): the webhook's intake, and the reconciliation for events Stripe gave up delivering. Whether it was
   * new.
   */
  async store(event: Stripe.Event, payload: string): Promise<boolean> {
    const { published } = await this.events.publishIfWritten(
      this.db.dataSource,
      this.stripeEvents.insertion(event, payload),
      'billing.stripe_event.received.v1',
      { stripeEventId: event.id, type: event.type },
    );
    return published !== undefined;
  }

  async process(stripeEventId: string): Promise<void> {
    const stored = await this.stripeEvents.find(stripeEventId);
    if (!stored) return;
    const object = stored.payload.data.object;
    const account = stored.payload.account;
    if (typeof account === 'string' && account !== '') {
      // A connected account's event: hosting fees' (the platform's own objects never carry `account`).
      await this.hosting.process(stored.type, account, object);
      await this.stripeEvents.markProcessed(stripeEventId);
      return;
    }
    const purchase = creditsPurchaseOf(stored.type, object);
    if (purchase) await this.creditPurchases.refresh(purchase);
    const refund = refundOf(stored.type, object);
    if (refund) await this.creditRefunds.record(refund);
    for (const { id, metadata } of await this.subscriptionsConcerned(stored)) {
      if (await this.extensions.isExtension(id, metadata)) await this.extensions.refresh(id);
      else await this.projection.refresh(id);
    }
    await this.stripeEvents.markProcessed(stripeEventId);
  }

  /** The subscriptions an event is about, with their metadata where the event carries it. */
  private async subscriptionsConcerned({ type, payload }: StoredEventRow): Promise<Concerned[]> {
    const concerned = concernedBy(type, payload.data.object);
    if (!concerned) {
      this.logger.debug({ type }, 'Stripe event needs nothing from billing');
      return [];
    }
    if ('testClock' in concerned) {
      const plans = await this.subscriptions.onTestClock(concerned.testClock);
      const extensions = await this.extensions.onTestClock(concerned.testClock);
      return [...plans, ...extensions].map((id) => ({ id }));
    }
    return concerned.subscriptions;
  }
}
