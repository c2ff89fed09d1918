import { Global, Module } from '@nestjs/common';
import { Payments } from './payments.port';
import { StripePaymentsAdapter } from './stripe-payments.adapter';

/** The payments port, global to billing's features, on its one adapter (Stripe, or the emulator at STRIPE_API_URL). */
@Global()
@Module({
  providers: [{ provide: Payments, useClass: StripePaymentsAdapter }],
  exports: [Payments],
})
export class PaymentsModule {}
