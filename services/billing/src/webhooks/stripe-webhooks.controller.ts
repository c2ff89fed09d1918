import { Controller, Headers, HttpCode, Post, Req } from '@nestjs/common';
import { Public, rawBodyOf, Responds, SignedVendorEvent } from '@tourly/platform';
import type { FastifyRequest } from 'fastify';
import { StripeWebhooksService } from './stripe-webhooks.service';
import { ReceivedResponse } from './webhooks.dto';

/** Stripe's calls carry their own proof (the signature), not a caller's token. */
@Controller('api/webhooks')
export class StripeWebhooksController {
  constructor(private readonly webhooks: StripeWebhooksService) {}

  @Post('stripe')
  @SignedVendorEvent('A Stripe event, signed with the endpoint secret (Stripe-Signature header).')
  @Public()
  @HttpCode(200)
  @Responds(ReceivedResponse)
  receive(
    @Req() request: FastifyRequest,
    @Headers('stripe-signature') signature: string | undefined,
  ): Promise<ReceivedResponse> {
    return this.webhooks.receive(rawBodyOf(request), signature);
  }

  /** The Connect endpoint: events of the providers' connected accounts (each carries its `account`). */
  @Post('stripe_connect')
  @SignedVendorEvent(
    "A Stripe Connect event (a connected account's), signed with the Connect endpoint's secret (Stripe-Signature header).",
  )
  @Public()
  @HttpCode(200)
  @Responds(ReceivedResponse)
  receiveConnect(
    @Req() request: FastifyRequest,
    @Headers('stripe-signature') signature: string | undefined,
  ): Promise<ReceivedResponse> {
    return this.webhooks.receive(rawBodyOf(request), signature, 'connect');
  }
}
