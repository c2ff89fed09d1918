import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_PORTS, PRODUCT } from '@tourly/contracts';
import { portFromEnv, startEmulators } from '@tourly/emulators';
import {
  DEMO_CLIENT_USER,
  DEMO_PASSWORD,
  DEMO_PROVIDER,
  DEMO_USERS,
  seedDemoClientPortal,
  seedDemoData,
} from '@tourly/identity';
import {
  demoClientOf,
  demoClientPropertiesOf,
  seedDemoData as seedDemoProperties,
  seedDemoHeatMapData,
} from '@tourly/properties';
import { DEMO_CREDITS, seedDemoCredits, seedDemoHosting } from '@tourly/billing';
import { closeOnSignals, createLogger, startTracing } from '@tourly/platform';
import { startEmbeddedPostgres } from './embedded-postgres';
import { startLocalS3 } from './local-s3';
import {
  EMULATOR_STRIPE_CONNECT_WEBHOOK_SECRET,
  EMULATOR_STRIPE_WEBHOOK_SECRET,
  startPlatform,
  withEmulators,
  type Env,
} from './platform';

/**
 * `npm start`: the whole platform in one process on http://localhost:3000. Whatever the environment does
 * not provide is started here: PostgreSQL (embedded, data in .data/postgres), S3 storage (.data/s3),
 * the vendor emulators, and events in-process unless NATS_URL is set.
 */
const EMBEDDED_POSTGRES_PORT = 54329;
const LOCAL_S3_PORT = 4569;
const EMULATORS_PORT = 4010;
const WEBHOOK_RETRY_DELAYS_MS = [1_000, 5_000, 15_000, 60_000, 300_000];
export const UPLOADS_BUCKET = `${PRODUCT}-uploads`;

async function main(): Promise<void> {
  const env: Env = { LOG_LEVEL: 'info', ...process.env };
  const logger = createLogger('launcher', env.LOG_LEVEL ?? 'info');
  const dataDir = path.resolve(env.TOURLY_DATA_DIR ?? '.data');
  mkdirSync(dataDir, { recursive: true });
  const closers: Array<() => Promise<void>> = [];
  // Every service in this process exports under its own service.name (libs/platform's README, "Tracing"); the last
  // thing to close, so the spans of the others' shutdown go out too.
  const tracing = startTracing(env);
  if (tracing) {
    closers.push(tracing.shutdown);
    logger.info(
      `tracing exported to ${env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? env.OTEL_EXPORTER_OTLP_ENDPOINT}`,
    );
  }

  env.INTERNAL_TOKEN_SECRET ??= persistedSecret(dataDir, 'internal-token-secret', 'base64url');
  // The providers' Matterport tokens are encrypted with it: a restart must read what the last run stored.
  env.MATTERPORT_TOKEN_KEY ??= persistedSecret(dataDir, 'matterport-token-key', 'base64');
  if (!env.DATABASE_URL) {
    const postgres = await startEmbeddedPostgres({
      dataDir: path.join(dataDir, 'postgres'),
      port: EMBEDDED_POSTGRES_PORT,
    });
    env.DATABASE_URL = postgres.url;
    closers.unshift(postgres.stop);
    logger.info(
      `embedded PostgreSQL on port ${EMBEDDED_POSTGRES_PORT} (data in ${path.join(dataDir, 'postgres')})`,
    );
  }
  const gatewayPort = env.PORT ?? String(DEFAULT_PORTS.gateway);
  if (!env.S3_ENDPOINT) {
    const s3 = await startLocalS3({
      dataDir: path.join(dataDir, 's3'),
      port: LOCAL_S3_PORT,
      buckets: [UPLOADS_BUCKET],
      // Only the web app's pages may reach storage from a browser (presigned uploads and reads).
      allowedOrigins: env.APP_URL
        ? [new URL(env.APP_URL).origin]
        : [`http://localhost:${gatewayPort}`, `http://127.0.0.1:${gatewayPort}`],
      // Every request must be signed with these: the ones given, else new ones each start.
      ...(env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? { credentials: { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY } }
        : {}),
    });
    Object.assign(env, {
      S3_ENDPOINT: s3.endpoint,
      S3_BUCKET: UPLOADS_BUCKET,
      S3_REGION: s3.region,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    });
    closers.unshift(s3.close);
    logger.info(`local S3 storage at ${s3.endpoint} (data in ${path.join(dataDir, 's3')})`);
  }
  if (!env.EMULATORS_URL) {
    // Stripe's webhooks go where Stripe would send them: the gateway's /api/webhooks/stripe. The vendors remember
    // what they were told in .data/emulators, as the real ones do: billing's customers and cards, the Matterport
    // grants identity holds tokens of, the mailbox, are all still there after Ctrl-C (or a kill -9) and npm start.
    const emulators = await startEmulators({
      port: portFromEnv(env.EMULATORS_PORT, EMULATORS_PORT),
      stateDir: path.join(dataDir, 'emulators'),
      stripe: {
        webhookEndpoints: [
          {
            url: `http://127.0.0.1:${gatewayPort}/api/webhooks/stripe`,
            secret: env.STRIPE_WEBHOOK_SECRET ?? EMULATOR_STRIPE_WEBHOOK_SECRET,
          },
          {
            url: `http://127.0.0.1:${gatewayPort}/api/webhooks/stripe_connect`,
            secret: env.STRIPE_CONNECT_WEBHOOK_SECRET ?? EMULATOR_STRIPE_CONNECT_WEBHOOK_SECRET,
            connect: true,
          },
        ],
        // Events still undelivered at the last stop go out again at the start, before the gateway listens: retried
        // for a few minutes, as Stripe retries for days, so none is given up while the platform starts.
        retryDelaysMs: WEBHOOK_RETRY_DELAYS_MS,
      },
    });
    // Captcha (verification, and the sign-up page's script and site key) and mail, unless configured.
    Object.assign(env, withEmulators(env, emulators.url), { EMULATORS_URL: emulators.url });
    closers.unshift(emulators.close);
    logger.info(`vendor emulators at ${emulators.url}`);
  }
  // The app's one address, where its session, Matterport's callback and the mailed links are: the app's pages opened
  // at 127.0.0.1 (or [::1]) on this port send the browser there first (the gateway's canonical origin).
  env.APP_URL ??= `http://localhost:${gatewayPort}`;
  // Pages show photos from the local storage and thumbnails from the emulators, over plain HTTP here.
  env.IMAGE_ORIGINS ??= [env.S3_ENDPOINT, env.EMULATORS_URL].filter(Boolean).join(',') || undefined;
  if (!env.NATS_URL) logger.info('events in-process (set NATS_URL to use NATS JetStream)');
  // Development: webhook receivers on this machine (http://localhost:…) may be tried from the developer page.
  env.WEBHOOK_ALLOW_PRIVATE_TARGETS ??= 'true';

  const platform = await startPlatform(env);
  closers.unshift(platform.close);
  const demoProviderId = await seedDemoData(platform.services.identity);
  if (demoProviderId) {
    logger.info(
      `demo accounts (password ${DEMO_PASSWORD}): ${DEMO_USERS.map((user) => user.email).join(', ')}`,
    );
    const demoProperties = await seedDemoProperties(platform.services.properties, demoProviderId);
    if (demoProperties > 0) {
      logger.info(`${demoProperties} demo properties for ${DEMO_PROVIDER}`);
      // The heat map over floor plans (issue 33), with the properties (once): here, where storage runs, for the
      // floor plans' files. A nicety of the demo: storage out of reach (an S3_ENDPOINT given that answers nothing)
      // leaves the page with its ranked list and its hint to add a floor plan, and the platform starts all the same.
      const placed = await seedDemoHeatMapData(platform.services.properties, demoProviderId).catch(
        (error: unknown) => {
          logger.warn({ err: error }, 'demo floor plans not stored: the heat map shows once one is added');
          return 0;
        },
      );
      if (placed > 0) logger.info(`${placed} demo rooms placed on floor plans for the heat map`);
    }
    // The demo client's agent signs in to the client's portal (issue 31).
    const demoClientId = await demoClientOf(platform.services.properties, demoProviderId);
    if (
      demoClientId &&
      (await seedDemoClientPortal(platform.services.identity, demoProviderId, demoClientId))
    )
      logger.info(`demo client portal account: ${DEMO_CLIENT_USER.email}`);
    if (await seedDemoCredits(platform.services.billing, demoProviderId))
      logger.info(`${DEMO_CREDITS} demo credits for ${DEMO_PROVIDER}`);
    // Hosting fees (issue 32) on the emulator's Stripe: the merchant account onboarded, a tax rate, the demo client
    // as a customer and a subscription for its two properties, whose open invoice its portal shows. Billing reads the
    // account back from Stripe itself, so nothing here waits on a webhook.
    if (demoClientId) {
      const clientPropertyIds = await demoClientPropertiesOf(
        platform.services.properties,
        demoProviderId,
        demoClientId,
      );
      const hosting = await seedDemoHosting(
        platform.services.billing,
        demoProviderId,
        demoClientId,
        clientPropertyIds,
        { email: DEMO_CLIENT_USER.email, emulatorsUrl: env.EMULATORS_URL },
      );
      if (hosting.length > 0) logger.info(`demo hosting fees for ${DEMO_PROVIDER}: ${hosting.join(', ')}`);
    }
  }
  closeOnSignals(closers, logger);
  logger.info(`${PRODUCT} is running at http://localhost:${platform.gateway.port}`);
}

/**
 * 32 random bytes kept in the data directory, so a restart keeps the same secret (the same signed state, the
 * same key to the stored tokens).
 */
function persistedSecret(dataDir: string, name: string, encoding: 'base64' | 'base64url'): string {
  const file = path.join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString(encoding);
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
