import { Controller, Headers, HttpCode, Post, Req } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import type { EventEnvelope } from '@tourly/contracts';
import { EventContext, Public, rawBodyOf, SignedVendorEvent } from '@tourly/platform';
import type { FastifyRequest } from 'fastify';
import { StripeWebhooksService } from './stripe-webhooks.service';

/** Stripe's calls carry their own proof (the signature), not a caller's token. */
@Controller('api/webhooks')
export class StripeWebhooksController {
  constructor(private readonly webhooks: StripeWebhooksService) {}

  @Post('stripe')
  @SignedVendorEvent('A Stripe event, signed with the endpoint secret (Stripe-Signature header).')
  @Public()
  @HttpCode(200)
  receive(@Req() request: FastifyRequest, @Headers('stripe-signature') signature: string | undefined) {
    return this.webhooks.receive(rawBodyOf(request), signature);
  }

  @EventPattern('billing.stripe_event.received.v1')
  process(
    @Payload() event: EventEnvelope<'billing.stripe_event.received.v1'>,
    @Ctx() _context: EventContext,
  ) {
    return this.webhooks.process(event.data.stripeEventId);
  }
}
