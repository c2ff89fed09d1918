import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import type { EventEnvelope } from '@tourly/contracts';
import { EventContext } from '@tourly/platform';
import { StripeWebhooksService } from './stripe-webhooks.service';

/** Billing's own queue between the webhook's intake and processing. */
@Controller()
export class StripeWebhooksListener {
  constructor(private readonly webhooks: StripeWebhooksService) {}

  @EventPattern('billing.stripe_event.received.v1')
  process(
    @Payload() event: EventEnvelope<'billing.stripe_event.received.v1'>,
    @Ctx() _context: EventContext,
  ): Promise<void> {
    return this.webhooks.process(event.data.stripeEventId);
  }
}
