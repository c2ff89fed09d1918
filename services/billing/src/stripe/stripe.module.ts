import { Global, Module } from '@nestjs/common';
import Stripe from 'stripe';
import { CONFIG } from '@tourly/platform';
import type { BillingConfig } from '../config';

export const STRIPE = Symbol('Stripe');

/** One Stripe client: Stripe itself, or the API at STRIPE_API_URL (the emulator) with the same SDK. */
export function createStripe(config: BillingConfig): Stripe {
  const target = config.STRIPE_API_URL ? new URL(config.STRIPE_API_URL) : undefined;
  return new Stripe(config.STRIPE_SECRET_KEY, {
    // The SDK retries connection errors and 409/429/5xx, each write under its idempotency key.
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'tourly-billing' },
    ...(target && {
      protocol: target.protocol.replace(':', '') as 'http' | 'https',
      host: target.hostname,
      port: Number(target.port || (target.protocol === 'https:' ? 443 : 80)),
    }),
  });
}

@Global()
@Module({
  providers: [{ provide: STRIPE, inject: [CONFIG], useFactory: createStripe }],
  exports: [STRIPE],
})
export class StripeModule {}
