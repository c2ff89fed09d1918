import { Injectable } from '@nestjs/common';
import {
  IMMERSIVE_EXTENSION_CANCEL,
  IMMERSIVE_EXTENSION_QUOTE,
  IMMERSIVE_EXTENSION_SUBSCRIBE,
  type ImmersiveExtensionCancellation,
  type ImmersiveExtensionPayment,
  type ImmersiveExtensionQuote,
  type ImmersiveExtensionSubscribeRequest,
} from '@tourly/contracts';
import { RpcClient } from '@tourly/platform';
import { billingVersion } from '../plans/billing-versions';

/** A payment goes to Stripe and back (3-D Secure checks, a renewal's retries): longer than a lookup may take. */
const PAYMENT_TIMEOUT_MS = 20_000;

/**
 * Billing's side of pay-and-publish, asked over request-reply: what a premium tour paid on its own costs, paying
 * for one, and stopping. Billing's 4xx (a declined card, a card that is not the provider's) come back as the same
 * 4xx; billing out of reach is a 503 the person can retry, and nothing is published unpaid. Paying and stopping
 * answer with the version of billing's word on the tour's extension (null from a billing without versions), recorded
 * with what the answer says so that an event about the tour not newer than it changes nothing.
 */
@Injectable()
export class PremiumTourPayments {
  constructor(private readonly rpc: RpcClient) {}

  quote(providerId: string): Promise<ImmersiveExtensionQuote> {
    return this.rpc.ask(IMMERSIVE_EXTENSION_QUOTE, { providerId });
  }

  /** The payment as the person sees it, and the version of billing's word on the tour. */
  async pay(
    request: ImmersiveExtensionSubscribeRequest,
  ): Promise<{ payment: PaymentShown; version: number | null }> {
    const { version, ...payment } = await this.rpc.ask<ImmersiveExtensionPayment>(
      IMMERSIVE_EXTENSION_SUBSCRIBE,
      request,
      PAYMENT_TIMEOUT_MS,
    );
    return { payment, version: billingVersion({ version }) };
  }

  /** The version of billing's word on the tour once its payment ended (or nothing was running). */
  async stopPaying(providerId: string, propertyId: string): Promise<number | null> {
    return billingVersion(
      await this.rpc.ask<ImmersiveExtensionCancellation>(
        IMMERSIVE_EXTENSION_CANCEL,
        { providerId, propertyId },
        PAYMENT_TIMEOUT_MS,
      ),
    );
  }
}

/** A pay-and-publish payment as the person sees it (`payment` in the answer). */
export type PaymentShown = Omit<ImmersiveExtensionPayment, 'version'>;
