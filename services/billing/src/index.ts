import { defineService } from '@tourly/platform';
import { BillingConfig } from './config';
import { BillingModule } from './billing.module';
import { migrations } from './migrations';

export { BillingConfig } from './config';

export const billing = defineService({
  name: 'billing',
  description:
    'Plan catalogue, Stripe customers, cards, subscriptions and schedules, Stripe webhooks, credits, bundles, vouchers, offers, invoices, add-ons, hosting fees and admin billing.',
  config: BillingConfig,
  module: BillingModule,
  migrations,
});
