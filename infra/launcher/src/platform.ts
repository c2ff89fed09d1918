import { BACKEND_SERVICES, DEFAULT_PORTS, type BackendService } from '@tourly/contracts';
import {
  startService,
  type DatabaseConfig,
  type RunningService,
  type ServiceDefinition,
} from '@tourly/platform';
import { billing } from '@tourly/billing';
import { MATTERPORT_OAUTH_CLIENT_DEFAULTS, SKETCHFAB_OAUTH_CLIENT_DEFAULTS } from '@tourly/emulators';
import { gateway, type GatewayConfig } from '@tourly/gateway';
import { identity } from '@tourly/identity';
import { orders } from '@tourly/orders';
import { properties } from '@tourly/properties';

export const BACKEND_DEFINITIONS: Record<BackendService, ServiceDefinition<DatabaseConfig>> = {
  identity,
  billing,
  properties,
  orders,
};

export interface RunningPlatform {
  gateway: RunningService<GatewayConfig>;
  services: Record<BackendService, RunningService<DatabaseConfig>>;
  /** The gateway first (no new requests), then the services. */
  close(): Promise<void>;
}

export type Env = Record<string, string | undefined>;

/** The captcha emulator takes any site key; this one is what pages get under `npm start`. */
export const EMULATOR_CAPTCHA_SITE_KEY = 'emulator-site-key';
/** The Matterport SDK key under `npm start`: the Showcase stand-in takes any, as long as embed and SDK agree. */
export const EMULATOR_MATTERPORT_SDK_KEY = 'emulatorsdkkey01';
/** The secret the Stripe emulator signs its webhooks to the platform with under `npm start`. */
export const EMULATOR_STRIPE_WEBHOOK_SECRET = 'whsec_emulator_tourly';
export const EMULATOR_STRIPE_CONNECT_WEBHOOK_SECRET = 'whsec_emulator_tourly_connect';

/**
 * The settings that point the platform at the vendor emulators (`startEmulators`), one group per vendor: the
 * captcha (identity verifies answers at its siteverify; the gateway gives the sign-up page its browser script
 * and a site key), the mail API, Stripe (billing's API and webhooks; the gateway gives the billing pages
 * Stripe.js and the publishable key), the maps service, Matterport and Sketchfab.
 */
export function emulatorEnv(
  emulatorsUrl: string,
): Record<
  'captcha' | 'mail' | 'stripe' | 'maps' | 'matterport' | 'sketchfab' | 'assetHost',
  Record<string, string>
> {
  return {
    captcha: {
      CAPTCHA_VERIFY_URL: `${emulatorsUrl}/captcha/siteverify`,
      CAPTCHA_SECRET: 'emulator-secret',
      CAPTCHA_SITE_KEY: EMULATOR_CAPTCHA_SITE_KEY,
      CAPTCHA_SCRIPT_URL: `${emulatorsUrl}/captcha/api.js`,
    },
    mail: { MAIL_API_URL: `${emulatorsUrl}/mail`, MAIL_API_TOKEN: 'emulator-token' },
    // Test-mode keys (the emulator takes any) and a test clock per customer, to move subscriptions in time; the
    // pages load the emulators' Stripe.js, which talks to the same emulator.
    stripe: {
      STRIPE_API_URL: emulatorsUrl,
      STRIPE_SECRET_KEY: 'sk_test_emulator',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_emulator',
      STRIPE_JS_URL: `${emulatorsUrl}/stripe-js/v3.js`,
      STRIPE_WEBHOOK_SECRET: EMULATOR_STRIPE_WEBHOOK_SECRET,
      STRIPE_CONNECT_WEBHOOK_SECRET: EMULATOR_STRIPE_CONNECT_WEBHOOK_SECRET,
      STRIPE_TEST_CLOCKS: 'true',
    },
    maps: {
      MAPS_API_URL: `${emulatorsUrl}/maps`,
      MAPS_API_KEY: 'emulator-maps-key',
      MAP_TILES_URL: `${emulatorsUrl}/maps/tiles/{z}/{x}/{y}.png`,
    },
    // The platform's own account (an API token, the demo's models), the Showcase stand-in and the SDK client that
    // follows the visitor in it, and the OAuth client providers connect their own accounts through (the emulator's
    // registered client).
    matterport: {
      MATTERPORT_API_URL: `${emulatorsUrl}/matterport`,
      SEGMENTATION_ENGINE_URL: `${emulatorsUrl}/segmentation`,
      SEGMENTATION_ENGINE_KEY: 'emulator-segmentation-key',
      MATTERPORT_TOKEN_ID: 'emulator-token-id',
      MATTERPORT_TOKEN_SECRET: 'emulator-token-secret',
      MATTERPORT_SHOWCASE_URL: `${emulatorsUrl}/matterport/show/`,
      MATTERPORT_SDK_URL: `${emulatorsUrl}/matterport/showcase-sdk/latest.js`,
      MATTERPORT_SDK_KEY: EMULATOR_MATTERPORT_SDK_KEY,
      MATTERPORT_OAUTH_AUTHORIZE_URL: `${emulatorsUrl}/matterport/oauth/authorize`,
      MATTERPORT_OAUTH_TOKEN_URL: `${emulatorsUrl}/matterport/oauth/token`,
      MATTERPORT_OAUTH_CLIENT_ID: MATTERPORT_OAUTH_CLIENT_DEFAULTS.clientId,
      MATTERPORT_OAUTH_CLIENT_SECRET: MATTERPORT_OAUTH_CLIENT_DEFAULTS.clientSecret,
    },
    // Properties' staging imports: the OAuth application providers connect their Sketchfab accounts through (the
    // emulator's registered one) and the Data API whose downloads they import.
    sketchfab: sketchfabEmulatorEnv(emulatorsUrl),
    // The staging assets' bulk upload reads the emulators' asset host (a furniture pack's CSV and models) though it
    // is on this machine, as an operator's own asset server would be.
    assetHost: { STAGING_IMPORT_TRUSTED_ORIGINS: new URL(emulatorsUrl).origin },
  };
}

/** The Sketchfab settings of properties pointed at the emulators (the test platforms take the same). */
export function sketchfabEmulatorEnv(emulatorsUrl: string): Record<string, string> {
  return {
    SKETCHFAB_OAUTH_AUTHORIZE_URL: `${emulatorsUrl}/sketchfab/oauth2/authorize/`,
    SKETCHFAB_OAUTH_TOKEN_URL: `${emulatorsUrl}/sketchfab/oauth2/token/`,
    SKETCHFAB_API_URL: `${emulatorsUrl}/sketchfab`,
    SKETCHFAB_OAUTH_CLIENT_ID: SKETCHFAB_OAUTH_CLIENT_DEFAULTS.clientId,
    SKETCHFAB_OAUTH_CLIENT_SECRET: SKETCHFAB_OAUTH_CLIENT_DEFAULTS.clientSecret,
  };
}

/**
 * `env` with each vendor pointed at the emulators, unless the environment configures that vendor itself (any
 * of its settings present): a real captcha's site key never meets the emulator's verifier, nor the reverse.
 */
export function withEmulators(env: Env, emulatorsUrl: string): Env {
  const merged = { ...env };
  for (const group of Object.values(emulatorEnv(emulatorsUrl))) {
    if (Object.keys(group).some((name) => env[name] !== undefined && env[name] !== '')) continue;
    Object.assign(merged, group);
  }
  return merged;
}

/**
 * Every service and the gateway in this process, each on its own port with its own env overlay.
 * `ports: 'ephemeral'` lets each pick a free port (tests); otherwise the conventional ones are used.
 */
export async function startPlatform(
  env: Env,
  ports: 'default' | 'ephemeral' = 'default',
): Promise<RunningPlatform> {
  const portOf = (name: keyof typeof DEFAULT_PORTS) =>
    ports === 'ephemeral' ? '0' : String(DEFAULT_PORTS[name]);
  const started: RunningService<DatabaseConfig>[] = [];
  try {
    const services = Object.fromEntries(
      await Promise.all(
        BACKEND_SERVICES.map(async (name) => {
          const service = await startService(BACKEND_DEFINITIONS[name], { ...env, PORT: portOf(name) });
          started.push(service);
          return [name, service] as const;
        }),
      ),
    ) as Record<BackendService, RunningService<DatabaseConfig>>;
    const front = await startService(gateway, {
      ...env,
      PORT: env.PORT ?? portOf('gateway'),
      IDENTITY_URL: services.identity.url,
      BILLING_URL: services.billing.url,
      PROPERTIES_URL: services.properties.url,
      ORDERS_URL: services.orders.url,
    });
    return {
      gateway: front,
      services,
      close: async () => {
        await front.close();
        await Promise.all(Object.values(services).map((service) => service.close()));
      },
    };
  } catch (error) {
    await Promise.all(started.map((service) => service.close().catch(() => undefined)));
    throw error;
  }
}
