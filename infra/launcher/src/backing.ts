import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PRODUCT } from '@tourly/contracts';
import { portFromEnv, startEmulators } from '@tourly/emulators';
import type { Logger } from '@tourly/platform';
import { startEmbeddedPostgres } from './embedded-postgres';
import { startLocalS3 } from './local-s3';
import {
  EMULATOR_STRIPE_CONNECT_WEBHOOK_SECRET,
  EMULATOR_STRIPE_WEBHOOK_SECRET,
  withEmulators,
  type Env,
} from './platform';

const EMBEDDED_POSTGRES_PORT = 54329;
const LOCAL_S3_PORT = 4569;
const EMULATORS_PORT = 4010;
const WEBHOOK_RETRY_DELAYS_MS = [1_000, 5_000, 15_000, 60_000, 300_000];
export const UPLOADS_BUCKET = `${PRODUCT}-uploads`;

/**
 * What the platform stands on and the environment does not provide, started in this process for `npm start` and
 * `npm run start:cluster`: PostgreSQL (embedded, data in `<dataDir>/postgres`), S3 storage (`<dataDir>/s3`), the
 * vendor emulators (`<dataDir>/emulators`), and the secrets a restart must find again. Fills `env` with where each
 * is; answers the closers, the last started first.
 */
export async function startBackingServices(
  env: Env,
  options: { dataDir: string; gatewayPort: string; logger: Logger },
): Promise<Array<() => Promise<void>>> {
  const { dataDir, gatewayPort, logger } = options;
  mkdirSync(dataDir, { recursive: true });
  const closers: Array<() => Promise<void>> = [];
  try {
    env.INTERNAL_TOKEN_SECRET ??= persistedSecret(dataDir, 'internal-token-secret', 'base64url');
    // The providers' Matterport tokens are encrypted with it: a restart must read what the last run stored.
    env.MATTERPORT_TOKEN_KEY ??= persistedSecret(dataDir, 'matterport-token-key', 'base64');
    // ...and properties encrypts their Sketchfab tokens with this one.
    env.SKETCHFAB_TOKEN_KEY ??= persistedSecret(dataDir, 'sketchfab-token-key', 'base64');
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
      // what they were told in <dataDir>/emulators, as the real ones do: billing's customers and cards, the
      // Matterport grants identity holds tokens of, the mailbox, are all still there after Ctrl-C (or a kill -9).
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
          // Events still undelivered at the last stop go out again at the start, before the gateway listens:
          // retried for a few minutes, as Stripe retries for days, so none is given up while the platform starts.
          retryDelaysMs: WEBHOOK_RETRY_DELAYS_MS,
        },
      });
      // Captcha (verification, and the sign-up page's script and site key) and mail, unless configured.
      Object.assign(env, withEmulators(env, emulators.url), { EMULATORS_URL: emulators.url });
      closers.unshift(emulators.close);
      logger.info(`vendor emulators at ${emulators.url}`);
    }
  } catch (error) {
    for (const close of closers) await close().catch(() => undefined);
    throw error;
  }
  // The app's one address, where its session, Matterport's callback and the mailed links are: the app's pages opened
  // at 127.0.0.1 (or [::1]) on this port send the browser there first (the gateway's canonical origin).
  env.APP_URL ??= `http://localhost:${gatewayPort}`;
  // Pages show photos from the local storage and thumbnails from the emulators, over plain HTTP here.
  env.IMAGE_ORIGINS ??= [env.S3_ENDPOINT, env.EMULATORS_URL].filter(Boolean).join(',') || undefined;
  // Development: webhook receivers on this machine (http://localhost:…) may be tried from the developer page.
  env.WEBHOOK_ALLOW_PRIVATE_TARGETS ??= 'true';
  return closers;
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
