import { Injectable } from '@nestjs/common';
import {
  IMMERSIVE_EXTENSION_CANCEL,
  IMMERSIVE_EXTENSION_QUOTE,
  IMMERSIVE_EXTENSION_SUBSCRIBE,
  type ImmersiveExtensionPayment,
  type ImmersiveExtensionQuote,
  type ImmersiveExtensionSubscribeRequest,
} from '@tourly/contracts';
import { RpcClient } from '@tourly/platform';

/** A payment goes to Stripe and back (3-D Secure checks, a renewal's retries): longer than a lookup may take. */
const PAYMENT_TIMEOUT_MS = 20_000;

/**
 * Billing's side of pay-and-publish, asked over request-reply: what a premium tour paid on its own costs, paying
 * for one, and stopping. Billing's 4xx (a declined card, a card that is not the provider's) come back as the same
 * 4xx; billing out of reach is a 503 the person can retry, and nothing is published unpaid.
 */
@Injectable()
export class PremiumTourPayments {
  constructor(private readonly rpc: RpcClient) {}

  quote(providerId: string): Promise<ImmersiveExtensionQuote> {
    return this.rpc.ask(IMMERSIVE_EXTENSION_QUOTE, { providerId });
  }

  pay(request: ImmersiveExtensionSubscribeRequest): Promise<ImmersiveExtensionPayment> {
    return this.rpc.ask(IMMERSIVE_EXTENSION_SUBSCRIBE, request, PAYMENT_TIMEOUT_MS);
  }

  async stopPaying(providerId: string, propertyId: string): Promise<void> {
    await this.rpc.ask(IMMERSIVE_EXTENSION_CANCEL, { providerId, propertyId }, PAYMENT_TIMEOUT_MS);
  }
}
