import { Global, Module } from '@nestjs/common';
import { Payments } from './payments.port';
import { StripePaymentsAdapter } from './stripe-payments.adapter';
import { TestClocks } from './test-clocks';

/**
 * The payments port, global to billing's features, on its one adapter (Stripe, or the emulator at STRIPE_API_URL),
 * and Stripe's test clocks on it.
 */
@Global()
@Module({
  providers: [{ provide: Payments, useClass: StripePaymentsAdapter }, TestClocks],
  exports: [Payments, TestClocks],
})
export class PaymentsModule {}
