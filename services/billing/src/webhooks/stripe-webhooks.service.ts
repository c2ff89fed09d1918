import { Inject, Injectable } from '@nestjs/common';
import Stripe from 'stripe';
import { ApiError, CONFIG, Database, EventBus, LOGGER, type Logger } from '@tourly/platform';
import type { BillingConfig } from '../config';
import { STRIPE } from '../stripe/stripe.module';
import { idOf } from '../stripe/stripe-values';
import { ImmersiveExtensionsService } from '../immersive-extensions/immersive-extensions.service';
import { SubscriptionProjection } from '../subscriptions/subscription-projection';

export const SIGNATURE_MISSING = 'The Stripe-Signature header is missing.';
export const SIGNATURE_INVALID = 'The Stripe signature does not match this payload.';
export const NOT_AN_EVENT =
  'The webhook payload is not a Stripe event (an object with an id, a type and created).';

/** What intake stores and queues: an event object, whatever else a signed body may hold. */
function isStripeEvent(value: unknown): value is Stripe.Event {
  const event = value as Partial<Record<'id' | 'type' | 'created', unknown>> | null;
  return (
    typeof event === 'object' &&
    event !== null &&
    !Array.isArray(event) &&
    typeof event.id === 'string' &&
    event.id !== '' &&
    typeof event.type === 'string' &&
    event.type !== '' &&
    typeof event.created === 'number' &&
    Number.isFinite(event.created)
  );
}

interface StoredEvent {
  type: string;
  payload: Stripe.Event;
}

/**
 * Stripe's webhooks, in two steps. Intake verifies the signature over the raw body, stores the event once
 * (its id is the key, so a redelivery is a no-op) and queues it through the outbox, all in one transaction,
 * then answers at once. Processing, from the queue, refreshes the subscription the event is about from
 * Stripe's current state, which makes the order events arrive in irrelevant.
 */
@Injectable()
export class StripeWebhooksService {
  constructor(
    private readonly db: Database,
    private readonly projection: SubscriptionProjection,
    private readonly extensions: ImmersiveExtensionsService,
    @Inject(STRIPE) private readonly stripe: Stripe,
    @Inject(EventBus) private readonly events: EventBus,
    @Inject(CONFIG) private readonly config: BillingConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async receive(rawBody: string | undefined, signature: string | undefined): Promise<{ received: true }> {
    if (!signature) throw ApiError.badRequest(SIGNATURE_MISSING);
    let event: unknown;
    try {
      event = this.stripe.webhooks.constructEvent(
        rawBody ?? '',
        signature,
        this.config.STRIPE_WEBHOOK_SECRET,
      );
    } catch (error) {
      if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
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
   * Stores a Stripe event once and queues its processing, in one transaction: the webhook's intake, and the
   * reconciliation for events Stripe gave up delivering. Whether it was new.
   */
  async store(event: Stripe.Event, payload: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const stored = (await tx.query(
        `INSERT INTO stripe_events (id, type, created, payload) VALUES ($1, $2, to_timestamp($3), $4)
         ON CONFLICT (id) DO NOTHING RETURNING id`,
        [event.id, event.type, event.created, payload],
      )) as unknown[];
      if (stored.length === 0) return false;
      await this.events.publish(
        'billing.stripe_event.received.v1',
        { stripeEventId: event.id, type: event.type },
        tx,
      );
      return true;
    });
  }

  async process(stripeEventId: string): Promise<void> {
    const [stored] = (await this.db.dataSource.query(
      'SELECT type, payload FROM stripe_events WHERE id = $1',
      [stripeEventId],
    )) as StoredEvent[];
    if (!stored) return;
    for (const { id, metadata } of await this.subscriptionsConcerned(stored)) {
      if (await this.extensions.isExtension(id, metadata)) await this.extensions.refresh(id);
      else await this.projection.refresh(id);
    }
    await this.db.dataSource.query('UPDATE stripe_events SET processed_at = now() WHERE id = $1', [
      stripeEventId,
    ]);
  }

  /** The subscriptions an event is about, with their metadata where the event carries it. */
  private async subscriptionsConcerned({ type, payload }: StoredEvent): Promise<Concerned[]> {
    const object = payload.data.object as unknown as Record<string, unknown>;
    if (type.startsWith('customer.subscription.')) {
      return [{ id: object.id as string, metadata: object.metadata as Metadata }];
    }
    if (type.startsWith('invoice.')) {
      const parent = object.parent as {
        subscription_details?: { subscription?: string | { id: string }; metadata?: Metadata };
      } | null;
      const id = idOf(parent?.subscription_details?.subscription);
      return id ? [{ id, metadata: parent?.subscription_details?.metadata }] : [];
    }
    if (type.startsWith('subscription_schedule.')) {
      const id = idOf(object.subscription as string | { id: string } | null);
      return id ? [{ id }] : [];
    }
    if (type === 'test_helpers.test_clock.ready') {
      const rows = (await this.db.dataSource.query(
        `SELECT s.stripe_subscription_id AS id FROM subscriptions s
           JOIN billing_accounts a ON a.provider_id = s.provider_id WHERE a.test_clock_id = $1`,
        [object.id],
      )) as Array<{ id: string }>;
      const extensions = await this.extensions.onTestClock(object.id as string);
      return [...rows.map((row) => row.id), ...extensions].map((id) => ({ id }));
    }
    this.logger.debug({ type }, 'Stripe event needs nothing from billing');
    return [];
  }
}

type Metadata = Record<string, string> | null | undefined;

interface Concerned {
  id: string;
  metadata?: Metadata;
}
