import { Database, defineService, type RunningService } from '@tourly/platform';
import { BillingConfig } from './config';
import { BillingModule } from './billing.module';
import { migrations } from './migrations';
import { CreditsService, SYSTEM_ACTOR } from './credits/credits.service';
import { seedDemoHostingFees } from './hosting/demo-hosting';

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

/**
 * Gives the demo provider hosting fees (issue 32) once: an active merchant account (onboarded on the emulator's
 * page), a tax rate, the demo client as a hosting customer (its invoices to `demo.email`) and a monthly subscription
 * for `propertyIds` whose first invoice is open. Never in production, and only when billing's Stripe is the emulators
 * at `demo.emulatorsUrl`; a second run finds each part and makes nothing. Answers what it made now.
 */
export async function seedDemoHosting(
  service: RunningService,
  providerId: string,
  clientId: string,
  propertyIds: string[],
  demo: { email: string; emulatorsUrl: string | undefined },
): Promise<string[]> {
  const { NODE_ENV, STRIPE_API_URL } = service.config as BillingConfig;
  if (NODE_ENV === 'production' || !STRIPE_API_URL || !demo.emulatorsUrl) return [];
  if (new URL(STRIPE_API_URL).origin !== new URL(demo.emulatorsUrl).origin) return [];
  return seedDemoHostingFees(service.app, {
    providerId,
    clientId,
    propertyIds,
    email: demo.email,
    emulatorsUrl: demo.emulatorsUrl,
  });
}
