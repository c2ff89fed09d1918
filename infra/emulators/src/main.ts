import { portFromEnv, startEmulators } from './server';
import type { MatterportVendorOptions, SketchfabVendorOptions, StripeVendorOptions } from './vendors';

const DEFAULT_PORT = 4010;

async function main(): Promise<void> {
  const emulators = await startEmulators({
    port: portFromEnv(process.env.EMULATORS_PORT, DEFAULT_PORT),
    host: process.env.EMULATORS_HOST || '127.0.0.1',
    logRequests: process.env.EMULATORS_LOG_REQUESTS === 'true',
    stateDir: process.env.EMULATORS_STATE_DIR || undefined,
    stripe: stripeFromEnv(process.env),
    matterport: matterportFromEnv(process.env),
    sketchfab: sketchfabFromEnv(process.env),
  });
  console.log(`Vendor emulators listening on ${emulators.url}`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void emulators.close().then(() => process.exit(0)));
  }
}

/**
 * STRIPE_WEBHOOK_URL and STRIPE_WEBHOOK_SECRET: where the platform's Stripe events are sent, signed with that secret;
 * STRIPE_CONNECT_WEBHOOK_URL and STRIPE_CONNECT_WEBHOOK_SECRET: where the connected accounts' events are.
 */
function stripeFromEnv(env: NodeJS.ProcessEnv): StripeVendorOptions {
  const endpoints: NonNullable<StripeVendorOptions['webhookEndpoints']> = [];
  for (const [prefix, connect] of [
    ['STRIPE_WEBHOOK', false],
    ['STRIPE_CONNECT_WEBHOOK', true],
  ] as const) {
    const url = env[`${prefix}_URL`];
    if (!url) continue;
    const secret = env[`${prefix}_SECRET`];
    if (!secret) throw new Error(`${prefix}_URL is set without ${prefix}_SECRET (whsec_…) to sign with`);
    endpoints.push({ url, secret, ...(connect ? { connect } : {}) });
  }
  return endpoints.length > 0 ? { webhookEndpoints: endpoints } : {};
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

/**
 * SKETCHFAB_OAUTH_CLIENT_ID and SKETCHFAB_OAUTH_CLIENT_SECRET: the application the Sketchfab emulator registers
 * (defaults emulator-sketchfab-client / emulator-sketchfab-secret); SKETCHFAB_OAUTH_REDIRECT_URIS (space-separated):
 * its redirect URIs, matched exactly (default: any origin's /api/integrations/sketchfab/callback).
 */
function sketchfabFromEnv(env: NodeJS.ProcessEnv): SketchfabVendorOptions {
  const id = env.SKETCHFAB_OAUTH_CLIENT_ID;
  const secret = env.SKETCHFAB_OAUTH_CLIENT_SECRET;
  const redirectUris = env.SKETCHFAB_OAUTH_REDIRECT_URIS?.split(/\s+/).filter((uri) => uri !== '');
  if (!id && !secret && !redirectUris?.length) return {};
  if (!id || !secret) {
    throw new Error(
      'SKETCHFAB_OAUTH_CLIENT_ID and SKETCHFAB_OAUTH_CLIENT_SECRET are set together, or neither',
    );
  }
  return {
    oauth: {
      clients: [
        {
          clientId: id,
          clientSecret: secret,
          name: 'Tourly',
          ...(redirectUris?.length ? { redirectUris } : {}),
        },
      ],
    },
  };
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
