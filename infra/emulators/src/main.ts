import { portFromEnv, startEmulators } from './server';
import type { MatterportVendorOptions, StripeVendorOptions } from './vendors';

const DEFAULT_PORT = 4010;

async function main(): Promise<void> {
  const emulators = await startEmulators({
    port: portFromEnv(process.env.EMULATORS_PORT, DEFAULT_PORT),
    host: process.env.EMULATORS_HOST || '127.0.0.1',
    logRequests: process.env.EMULATORS_LOG_REQUESTS === 'true',
    stateDir: process.env.EMULATORS_STATE_DIR || undefined,
    stripe: stripeFromEnv(process.env.STRIPE_WEBHOOK_URL, process.env.STRIPE_WEBHOOK_SECRET),
    matterport: matterportFromEnv(process.env),
  });
  console.log(`Vendor emulators listening on ${emulators.url}`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void emulators.close().then(() => process.exit(0)));
  }
}

/** STRIPE_WEBHOOK_URL and STRIPE_WEBHOOK_SECRET: where every Stripe event is sent, signed with that secret. */
function stripeFromEnv(url: string | undefined, secret: string | undefined): StripeVendorOptions {
  if (!url) return {};
  if (!secret)
    throw new Error('STRIPE_WEBHOOK_URL is set without STRIPE_WEBHOOK_SECRET (whsec_…) to sign with');
  return { webhookEndpoints: [{ url, secret }] };
}

/**
 * MATTERPORT_OAUTH_CLIENT_ID and MATTERPORT_OAUTH_CLIENT_SECRET: the OAuth client the Matterport emulator
 * registers (defaults emulator-oauth-client / emulator-oauth-secret).
 */
function matterportFromEnv(env: NodeJS.ProcessEnv): MatterportVendorOptions {
  return {
    oauth: {
      clientId: env.MATTERPORT_OAUTH_CLIENT_ID || undefined,
      clientSecret: env.MATTERPORT_OAUTH_CLIENT_SECRET || undefined,
    },
  };
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
