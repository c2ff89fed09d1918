import { Database, defineService, type RunningService } from '@tourly/platform';
import { BillingConfig } from './config';
import { BillingModule } from './billing.module';
import { migrations } from './migrations';
import { CreditsService, SYSTEM_ACTOR } from './credits/credits.service';

export { BillingConfig } from './config';

export const billing = defineService({
  name: 'billing',
  description:
    'Plan catalogue, Stripe customers, cards, subscriptions and schedules, Stripe webhooks, credits, bundles, vouchers, offers, invoices, add-ons, hosting fees and admin billing.',
  config: BillingConfig,
  module: BillingModule,
  migrations,
  // Stripe's events as received, counters and derived balances, other services' holds: no provider's records.
  unaudited: ['credit_balances', 'credit_reservations', 'immersive_extension_versions', 'stripe_events'],
});

/** What the demo provider starts with under `npm start`: enough for a few floor plans. */
export const DEMO_CREDITS = 60;

/**
 * Gives the demo provider its credits once (a grant under a fixed reference: again, nothing more), so the demo can
 * order floor plans at once. Never in production: answers whether it gave them now.
 */
export async function seedDemoCredits(service: RunningService, providerId: string): Promise<boolean> {
  if (service.config.NODE_ENV === 'production') return false;
  const credits = service.app.get(CreditsService);
  const granted = await service.app.get(Database).transaction((tx) =>
    credits.grant(tx, {
      providerId,
      kind: 'grant',
      category: 'promotional',
      amount: DEMO_CREDITS,
      actor: SYSTEM_ACTOR,
      reference: 'demo-credits',
      note: 'Demo credits',
    }),
  );
  return granted !== undefined;
}
