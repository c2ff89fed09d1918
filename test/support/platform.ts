import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import Stripe from 'stripe';
import { SESSION_COOKIE } from '@tourly/contracts';
import { Database, toCamelKeys } from '@tourly/platform';
import {
  createTestDatabase,
  createTestNamespace,
  eventually,
  freePort,
  testEnv,
  untilNothingLeft,
} from '@tourly/platform/testing';
import { MATTERPORT_OAUTH_CLIENT_DEFAULTS, startEmulators } from '@tourly/emulators';
import { seedDemoData } from '@tourly/identity';
import { startLocalS3, type RunningS3 } from '../../infra/launcher/src/local-s3';
import { sketchfabEmulatorEnv, startPlatform, type RunningPlatform } from '../../infra/launcher/src/platform';

export interface Person {
  cookie: string;
  csrfToken: string;
  providerId: string;
  get(path: string): request.Test;
  send(method: 'post' | 'put' | 'patch' | 'delete', path: string, body?: object): request.Test;
}

export interface PlatformOptions {
  /**
   * Default true: events over NATS JetStream, as in CI and production; false: the in-process transport the
   * all-in-one launcher uses without NATS_URL.
   */
  nats?: boolean;
  /** A local S3 server (signed requests only, files in a temporary directory) for properties' file storage. */
  s3?: boolean;
  /**
   * More settings, given the emulators' URL and the gateway's, over this support's own: a browser test's web build,
   * the pages' Stripe.js and publishable key, and APP_URL for a page that comes back from a vendor's, say.
   */
  env?: (emulatorsUrl: string, gatewayUrl: string) => Record<string, string>;
  /**
   * How long Stripe's emulator waits before each retry of a webhook it could not deliver (default 0.5, 2 and 5 s): a
   * test of what happens once Stripe gives up shortens them, as each endpoint gets its events one after another.
   */
  stripeWebhookRetryDelaysMs?: number[];
}

/** The local S3 server of a test platform: where properties stores files, for tests to look into. */
export interface TestStorage extends RunningS3 {
  bucket: string;
}

/**
 * The whole platform (events on NATS JetStream, or in-process with `nats: false`) with the vendor emulators and
 * the demo accounts, reached through the gateway the way the pages reach it: Stripe's webhooks delivered to the
 * gateway, signed with the endpoint's secret; the captcha, mail, maps, Matterport and Sketchfab ports pointed at the
 * emulators; with `s3`, file storage on a local S3 server.
 */
export async function startPlatformWithEmulators(options: PlatformOptions = {}) {
  const gatewayPort = await freePort();
  const storage = options.s3 ? await startTestStorage(gatewayPort) : undefined;
  const webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  // Connected accounts' events (merchant accounts, hosting fees) go to their own endpoint, with its own secret.
  const connectWebhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  const emulators = await startEmulators({
    port: 0,
    stripe: {
      webhookEndpoints: [
        { url: `http://127.0.0.1:${gatewayPort}/api/webhooks/stripe`, secret: webhookSecret },
        {
          url: `http://127.0.0.1:${gatewayPort}/api/webhooks/stripe_connect`,
          secret: connectWebhookSecret,
          connect: true,
        },
      ],
      retryDelaysMs: options.stripeWebhookRetryDelaysMs,
    },
  });
  const database = await createTestDatabase();
  const namespace = createTestNamespace();
  const platform: RunningPlatform = await startPlatform(
    testEnv({
      databaseUrl: database.url,
      namespace: namespace.namespace,
      nats: options.nats,
      extra: {
        PORT: String(gatewayPort),
        STRIPE_API_URL: emulators.url,
        STRIPE_WEBHOOK_SECRET: webhookSecret,
        STRIPE_CONNECT_WEBHOOK_SECRET: connectWebhookSecret,
        STRIPE_TEST_CLOCKS: 'true',
        CAPTCHA_VERIFY_URL: `${emulators.url}/captcha/siteverify`,
        CAPTCHA_SECRET: 'test-captcha-secret',
        MAIL_API_URL: `${emulators.url}/mail`,
        MAIL_API_TOKEN: 'test-mail-token',
        MAPS_API_URL: `${emulators.url}/maps`,
        MAPS_API_KEY: 'test-maps-key',
        MAP_TILES_URL: `${emulators.url}/maps/tiles/{z}/{x}/{y}.png`,
        MATTERPORT_API_URL: `${emulators.url}/matterport`,
        SEGMENTATION_ENGINE_URL: `${emulators.url}/segmentation`,
        SEGMENTATION_ENGINE_KEY: 'test-segmentation-key',
        MATTERPORT_TOKEN_ID: 'test-token-id',
        MATTERPORT_TOKEN_SECRET: 'test-token-secret',
        MATTERPORT_SHOWCASE_URL: `${emulators.url}/matterport/show/`,
        MATTERPORT_SDK_URL: `${emulators.url}/matterport/showcase-sdk/latest.js`,
        MATTERPORT_SDK_KEY: 'testsdkkey0001',
        MATTERPORT_OAUTH_AUTHORIZE_URL: `${emulators.url}/matterport/oauth/authorize`,
        MATTERPORT_OAUTH_TOKEN_URL: `${emulators.url}/matterport/oauth/token`,
        MATTERPORT_OAUTH_CLIENT_ID: MATTERPORT_OAUTH_CLIENT_DEFAULTS.clientId,
        MATTERPORT_OAUTH_CLIENT_SECRET: MATTERPORT_OAUTH_CLIENT_DEFAULTS.clientSecret,
        ...sketchfabEmulatorEnv(emulators.url),
        CREDENTIAL_RATE_LIMIT: '100000',
        ...(storage
          ? {
              S3_ENDPOINT: storage.endpoint,
              S3_BUCKET: storage.bucket,
              S3_REGION: storage.region,
              S3_ACCESS_KEY_ID: storage.accessKeyId,
              S3_SECRET_ACCESS_KEY: storage.secretAccessKey,
            }
          : {}),
        ...options.env?.(emulators.url, `http://127.0.0.1:${gatewayPort}`),
      },
    }),
    'ephemeral',
  );
  await seedDemoData(platform.services.identity);
  const http = request(platform.gateway.url);
  const billingDb = platform.services.billing.app.get(Database);
  const propertiesDb = platform.services.properties.app.get(Database);
  const emulatorUrl = new URL(emulators.url);
  const stripe = new Stripe('sk_test_billing_suite', {
    host: emulatorUrl.hostname,
    port: Number(emulatorUrl.port),
    protocol: 'http',
  });

  const people = gatewayClient(platform.gateway.url, emulators.url);

  return {
    platform,
    http,
    stripe,
    emulators,
    webhookSecret,
    billingDb,
    propertiesDb,
    storage,

    signUp: people.signUp,

    /** A user with the demo password and a membership of the provider (a test builder, into identity's tables). */
    async aMember(email: string, providerId: string, role: string): Promise<void> {
      const identityDb = platform.services.identity.app.get(Database);
      const [demo] = (await identityDb.dataSource.query(
        "SELECT password_hash AS hash FROM users WHERE email = 'provider@demo.test'",
      )) as Array<{ hash: string }>;
      await identityDb.transaction(async (tx) => {
        const [user] = (await tx.query(
          `INSERT INTO users (id, email, first_name, last_name, password_hash, primary_provider_id, email_confirmed_at)
           VALUES (gen_random_uuid(), $1, 'Test', 'User', $2, $3, now()) RETURNING id`,
          [email, demo!.hash, providerId],
        )) as Array<{ id: string }>;
        await tx.query('INSERT INTO memberships (user_id, provider_id, role) VALUES ($1, $2, $3)', [
          user!.id,
          providerId,
          role,
        ]);
      });
    },

    signIn: people.signIn,
    saveCard: people.saveCard,
    authenticate: people.authenticate,

    /**
     * Waits until every webhook the emulator sent has been delivered and billing has acted on each: the
     * moment a person reloading the page sees the outcome.
     */
    async settled(): Promise<void> {
      await untilNothingLeft(
        async () => {
          await emulators.stripe?.webhooksSettled();
          const [{ pending }] = (await billingDb.dataSource.query(
            `SELECT (SELECT count(*) FROM stripe_events WHERE processed_at IS NULL)
                  + (SELECT count(*) FROM outbox WHERE published_at IS NULL) AS pending`,
          )) as Array<{ pending: string }>;
          return Number(pending);
        },
        (pending) => pending,
        'billing settling (Stripe events to process, events to send)',
      );
    },

    /**
     * The gateway's API document once every service is in it: the gateway leaves out, for that answer, a service
     * whose own document took longer than its 2 s wait, which a CI machine loaded past its cores can make happen.
     */
    apiDocument() {
      return eventually(
        async () => (await http.get('/api/docs').expect(200)).body,
        (document) => document['x-unavailable-services']?.length === 0,
        'an API document with every service in it',
        60_000,
      );
    },

    /** The gateway's address, e.g. http://127.0.0.1:40123 (its port is chosen before anything starts). */
    base: `http://127.0.0.1:${gatewayPort}`,

    /** Events billing published on a subject, oldest first. */
    async published(subject: string, providerId: string): Promise<Array<Record<string, unknown>>> {
      const rows = (await billingDb.dataSource.query(
        `SELECT envelope -> 'data' AS data FROM outbox
          WHERE subject = $1 AND envelope -> 'data' ->> 'provider_id' = $2 ORDER BY created_at, id`,
        [subject, providerId],
      )) as Array<{ data: Record<string, unknown> }>;
      return rows.map((row) => toCamelKeys(row.data) as Record<string, unknown>);
    },

    async stop() {
      await platform.close();
      await emulators.close();
      await storage?.close();
      await database.drop();
      if (options.nats !== false) await namespace.drop();
    },
  };
}

export type PlatformWithEmulators = Awaited<ReturnType<typeof startPlatformWithEmulators>>;

/**
 * People using the platform through its gateway at `base`, the way the pages do, with the vendor emulators at
 * `emulatorsUrl` (the mail that brings sign-up codes, Stripe.js's calls): the platform in this process or in
 * processes of its own.
 */
export function gatewayClient(base: string, emulatorsUrl: string) {
  const http = request(base);

  async function asStripeJs(path: string, form: Record<string, string>): Promise<Record<string, unknown>> {
    const response = await fetch(`${emulatorsUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      // Stripe.js sends the page's publishable key with each call.
      body: new URLSearchParams({ key: 'pk_test_tourly_local', ...form }).toString(),
    });
    return (await response.json()) as Record<string, unknown>;
  }

  function personFrom(cookie: string, csrfToken: string, providerId: string): Person {
    return {
      cookie,
      csrfToken,
      providerId,
      get: (path) => http.get(path).set('cookie', cookie),
      send: (method, path, body) => {
        const call = http[method](path).set('cookie', cookie).set('x-csrf-token', csrfToken);
        return body ? call.send(body) : call;
      },
    };
  }

  /** The person's answer on the 3-D Secure page Stripe.js shows for a client secret. */
  const authenticate = (clientSecret: string, outcome: 'complete' | 'fail') =>
    asStripeJs(`/v1/_authenticate`, { client_secret: clientSecret, outcome });

  return {
    http,

    /**
     * A new provider through sign-up: account (with the emailed code), business; its admin signed in. With
     * `referralCode`, signed up through that provider's link.
     */
    async signUp(
      name: string,
      options: { referralCode?: string } = {},
    ): Promise<Person & { email: string; password: string }> {
      const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${randomBytes(3).toString('hex')}@example.com`;
      const password = 'long-enough-password';
      const asked = await http.post('/sign_up').send({
        user: { email, password },
        captcha_response: 'human',
        ...(options.referralCode ? { referral_code: options.referralCode } : {}),
      });
      if (asked.status !== 201) throw new Error(`sign-up failed: ${asked.status}`);
      const code = await signUpCodeFor(emulatorsUrl, email);
      const created = await http.post('/sign_up/confirm').send({ user: { email, code } });
      if (created.status !== 201) throw new Error(`sign-up code refused: ${created.status}`);
      const cookie = sessionCookieOf(created);
      const csrf = created.body.data.csrf_token as string;
      const setup = await http
        .post('/sign_up/setup_provider')
        .set('cookie', cookie)
        .set('x-csrf-token', csrf)
        .send({ setup_provider: { name } });
      return { ...personFrom(cookie, csrf, setup.body.data.provider.id), email, password };
    },

    async signIn(email: string, password = 'demo-password'): Promise<Person> {
      const response = await http.post('/users/sign_in').send({ user: { email, password } });
      if (response.status !== 200) throw new Error(`sign-in of ${email} failed: ${response.status}`);
      return personFrom(
        sessionCookieOf(response),
        response.body.data.csrf_token,
        response.body.data.current_provider?.id ?? '',
      );
    },

    /**
     * Saves a card the way the billing page does: a setup intent from billing, confirmed in the browser by
     * Stripe.js with the publishable key (completing 3-D Secure when the card asks for it). The card's id.
     */
    async saveCard(person: Person, card: string): Promise<string> {
      const intent = await person.send('post', '/provider/billing/create_setup_intent');
      if (intent.status !== 201)
        throw new Error(`setup intent refused: ${intent.status} ${JSON.stringify(intent.body)}`);
      const { id, client_secret: clientSecret, publishable_key: key } = intent.body.data;
      let confirmed = await asStripeJs(`/v1/setup_intents/${id}/confirm`, {
        key,
        client_secret: clientSecret,
        payment_method: card,
      });
      if (confirmed.status === 'requires_action') confirmed = await authenticate(clientSecret, 'complete');
      if (confirmed.status !== 'succeeded') throw new Error(`card ${card} not saved: ${confirmed.status}`);
      return confirmed.payment_method as string;
    },

    authenticate,
  };
}

/** Browsers reach it from the gateway's pages only (CORS), as in the all-in-one. */
async function startTestStorage(gatewayPort: number): Promise<TestStorage> {
  const bucket = 'tourly-test-uploads';
  const dataDir = await mkdtemp(path.join(tmpdir(), 'tourly-s3-'));
  const s3 = await startLocalS3({
    dataDir,
    port: 0,
    buckets: [bucket],
    allowedOrigins: [`http://127.0.0.1:${gatewayPort}`, `http://localhost:${gatewayPort}`],
  });
  return {
    ...s3,
    bucket,
    close: async () => {
      await s3.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export function sessionCookieOf(response: request.Response): string {
  const header = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
  const cookie = header.find((value) => value.startsWith(`${SESSION_COOKIE}=`));
  if (!cookie) throw new Error('no session cookie set');
  return cookie.split(';')[0]!;
}

/** The code sign-up emailed to an address (the mail leaves after the answer: wait for it, briefly). */
export async function signUpCodeFor(emulatorsUrl: string, email: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const response = await fetch(`${emulatorsUrl}/mail/_messages?to=${encodeURIComponent(email)}`);
    const { messages } = (await response.json()) as { messages: Array<{ subject: string }> };
    const code = messages.map((message) => /sign-up code: (\d{6})$/.exec(message.subject)?.[1]).find(Boolean);
    if (code) return code;
    if (Date.now() > deadline) throw new Error(`no sign-up code came for ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
