import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { SESSION_COOKIE, type MembershipRole } from '@tourly/contracts';
import { Database, uuidv7 } from '@tourly/platform';
import {
  createTestDatabase,
  createTestNamespace,
  eventually,
  freePort,
  testEnv,
} from '@tourly/platform/testing';
import { startEmulators } from '@tourly/emulators';
import { DEMO_PASSWORD, seedDemoData } from '@tourly/identity';
import { startLocalS3 } from '../../infra/launcher/src/local-s3';
import { startPlatform, withEmulators } from '../../infra/launcher/src/platform';
import { launchChromium } from './chromium';
import { builtWebApp } from './web-build';

export { launchChromium };

export interface Email {
  subject: string;
  textBody: string;
}

/**
 * The whole platform with the vendor emulators, the demo accounts and the web app as built now, plus Debian's
 * Chromium: what a person uses, for the browser tests. The gateway's port is chosen first, so the links in
 * emails (APP_URL) open the platform under test. `env` adds settings of a suite's own (webhooks' retry waits).
 * `appHost`: the name APP_URL gives the gateway (default 127.0.0.1, the address `base` browses), e.g. `localhost` for
 * a suite that opens the app under another name than its own.
 */
export async function startBrowserPlatform(
  options: { env?: Record<string, string>; appHost?: 'localhost' | '127.0.0.1' } = {},
) {
  const [webDist, database, emulators, port] = await Promise.all([
    builtWebApp(),
    createTestDatabase(),
    startEmulators({ port: 0 }),
    freePort(),
  ]);
  const namespace = createTestNamespace();
  const base = `http://127.0.0.1:${port}`;
  const appUrl = `http://${options.appHost ?? '127.0.0.1'}:${port}`;
  // File storage as the all-in-one has it: a local S3 server its pages may reach (order files, uploads).
  const bucket = 'tourly-browser-uploads';
  const storageDir = await mkdtemp(path.join(tmpdir(), 'tourly-s3-'));
  const s3 = await startLocalS3({
    dataDir: storageDir,
    port: 0,
    buckets: [bucket],
    allowedOrigins: [base, `http://localhost:${port}`],
  });
  const platform = await startPlatform(
    withEmulators(
      testEnv({
        databaseUrl: database.url,
        namespace: namespace.namespace,
        extra: {
          PORT: String(port),
          APP_URL: appUrl,
          WEB_DIST: webDist,
          // Every person of these tests signs in from one address; the limit has its own suite in the gateway.
          CREDENTIAL_RATE_LIMIT: '100000',
          S3_ENDPOINT: s3.endpoint,
          S3_BUCKET: bucket,
          S3_REGION: s3.region,
          S3_ACCESS_KEY_ID: s3.accessKeyId,
          S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
          ...options.env,
        },
      }),
      emulators.url,
    ),
    'ephemeral',
  );
  await seedDemoData(platform.services.identity);
  const browser = await launchChromium();

  return {
    platform,
    base,
    /** APP_URL: where the app lives (`base`, unless `appHost` named it otherwise). */
    appUrl,
    browser,
    /** Identity's database, for what a test sets up that no page offers yet. */
    identityDb: platform.services.identity.app.get(Database),

    /** The vendor emulators' address (the mail with sign-up codes, for `gatewayClient`). */
    emulatorsUrl: emulators.url,

    /**
     * A member of the demo provider with the demo password, its email not confirmed (as an account the back office
     * made): no page adds one yet, so a test builder.
     */
    aDemoMember(email: string, firstName: string, lastName: string): Promise<void> {
      return this.aMember(null, email, firstName, lastName);
    },

    /** Likewise a member of another provider (null: the demo provider's), with a role (a member by default). */
    async aMember(
      providerId: string | null,
      email: string,
      firstName: string,
      lastName: string,
      role: MembershipRole = 'member',
    ): Promise<void> {
      await this.identityDb.transaction(async (tx) => {
        const [demo] = (await tx.query(
          "SELECT password_hash AS hash, primary_provider_id AS provider FROM users WHERE email = 'provider@demo.test'",
        )) as Array<{ hash: string; provider: string }>;
        const provider = providerId ?? demo!.provider;
        const id = uuidv7();
        await tx.query(
          `INSERT INTO users (id, email, first_name, last_name, password_hash, primary_provider_id)
           VALUES ($1, $2, $3, $4, $5, $6)`,
          [id, email, firstName, lastName, demo!.hash, provider],
        );
        await tx.query('INSERT INTO memberships (user_id, provider_id, role) VALUES ($1, $2, $3)', [
          id,
          provider,
          role,
        ]);
      });
    },

    /** A fresh browser (no cookies) the size of a phone. */
    async phone(): Promise<Page> {
      return (await this.phoneContext()).newPage();
    },

    async phoneContext(options: { clipboard?: boolean } = {}): Promise<BrowserContext> {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
      if (options.clipboard)
        await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
      return context;
    },

    /** Signs in from the sign-in page, wherever the page is. */
    async signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
      if (!page.url().includes('/users/sign_in')) await page.goto(`${base}/users/sign_in`);
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.getByRole('button', { name: 'Sign in' }).click();
    },

    /** The emails the emulated mail API received for an address, newest first, once `count` have arrived. */
    async emailsTo(address: string, count = 1): Promise<Email[]> {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const response = await fetch(`${emulators.url}/mail/_messages?to=${encodeURIComponent(address)}`);
        const { messages } = (await response.json()) as { messages: Email[] };
        if (messages.length >= count) return messages;
        if (Date.now() > deadline)
          throw new Error(`${count} email(s) to ${address} expected, ${messages.length} came`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },

    async stop(): Promise<void> {
      await browser.close();
      await platform.close();
      await emulators.close();
      await s3.close();
      await rm(storageDir, { recursive: true, force: true });
      await database.drop();
      await namespace.drop();
    },
  };
}

export type BrowserPlatform = Awaited<ReturnType<typeof startBrowserPlatform>>;

/**
 * A fresh browser context signed in as the person (the session cookie of their sign-up). Errors no page code
 * caught are pushed to `uncaught`: each would be a bug, whatever the page showed.
 */
export async function signedInPage(
  browser: Browser,
  base: string,
  person: { cookie: string },
  viewport: { width: number; height: number },
  uncaught: string[],
): Promise<Page> {
  const context = await browser.newContext({ viewport, isMobile: viewport.width < 576 });
  const [name, value] = person.cookie.split('=') as [string, string];
  if (name !== SESSION_COOKIE) throw new Error(`not a session cookie: ${name}`);
  await context.addCookies([{ name, value, url: base }]);
  const page = await context.newPage();
  page.on('pageerror', (error) => uncaught.push(error.message));
  return page;
}

/** Nothing on the page is wider than its viewport: a phone never scrolls sideways. */
export async function fitsTheWidth(page: Page): Promise<void> {
  const width = page.viewportSize()!.width;
  expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
}

/** Types a test card into the card element of the emulator's Stripe.js within `section`, and adds it. */
export async function enterCard(section: Locator, number: string): Promise<void> {
  await section.getByLabel('Card number').fill(number);
  await section.getByLabel('Expiration month (MM)').fill('12');
  await section.getByLabel('Expiration year (YY)').fill('34');
  await section.getByLabel('CVC').fill('123');
  await section.getByRole('button', { name: 'Add card' }).click();
}

/** What the emulator's Stripe.js shows when the card asks for 3-D Secure, answered as the person would. */
export async function completeAuthentication(page: Page): Promise<void> {
  const secure = page.getByRole('dialog', { name: '3D Secure test payment page' });
  await secure.getByRole('button', { name: 'Complete authentication' }).click();
  await secure.waitFor({ state: 'detached' });
}

/** One event of the player's analytics batches, as it left the page. */
export interface SentAnalyticsEvent {
  type: string;
  target?: string;
  room?: string;
}

/** One analytics batch as it left the page: where to, as what, and the batch itself. */
export interface SentAnalyticsBatch {
  path: string;
  contentType: string | undefined;
  batch: Record<string, unknown> & { events: SentAnalyticsEvent[] };
}

/**
 * The analytics batches a player page sends from now on, read on their way out (a route: a beacon's body is not
 * always on the request event): `batches` in the order sent, `events` all of theirs, `until(n)` waits for n batches.
 */
export async function analyticsSent(page: Page) {
  const batches: SentAnalyticsBatch[] = [];
  await page.route('**/analytics.json', async (route) => {
    const request = route.request();
    if (request.method() === 'POST') {
      const { batch } = JSON.parse(request.postData() ?? '{}') as { batch: SentAnalyticsBatch['batch'] };
      batches.push({
        path: new URL(request.url()).pathname,
        contentType: request.headers()['content-type'],
        batch,
      });
    }
    await route.continue();
  });
  return {
    batches,
    events: () => batches.flatMap(({ batch }) => batch.events),
    until: (count: number) =>
      eventually(
        async () => batches.length,
        (sent) => sent >= count,
        `${count} analytics batch(es) sent`,
      ),
  };
}

/**
 * Hides the page as a visitor switching apps does: the player sends what it recorded at once, without waiting for its
 * timer. Made hidden by hand: Playwright does not see the beacons of a page being left, which the browser sends all
 * the same.
 */
export async function hidePage(page: Page): Promise<void> {
  await page.evaluate(
    "Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });" +
      "document.dispatchEvent(new Event('visibilitychange'))",
  );
}

/**
 * The demo platform admin, signed in from the sign-in page in a browser context of its own at `viewport` (a phone's,
 * touch included, under 576 px), landing in the console. Errors no page code caught go to `uncaught`: each would be a
 * bug, whatever the page showed.
 */
export async function signInAsDemoAdmin(
  browser: Browser,
  base: string,
  viewport: { width: number; height: number },
  uncaught: string[],
): Promise<Page> {
  const context = await browser.newContext({ viewport, isMobile: viewport.width < 576 });
  const page = await context.newPage();
  page.on('pageerror', (error) => uncaught.push(error.message));
  await page.goto(`${base}/users/sign_in`);
  await page.getByLabel('Email').fill('admin@demo.test');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${base}/admin`);
  return page;
}
