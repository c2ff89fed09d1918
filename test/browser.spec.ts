import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { DEMO_PASSWORD, seedDemoData } from '@tourly/identity';
import {
  createTestDatabase,
  createTestNamespace,
  testEnv,
  type TestDatabase,
} from '@tourly/platform/testing';
import { Database } from '@tourly/platform';
import { startPlatform, type RunningPlatform } from '../infra/launcher/src/platform';

/** What a person does in a real browser (Debian's Chromium), against the whole platform. */
describe('in the browser', () => {
  let database: TestDatabase;
  let namespace: ReturnType<typeof createTestNamespace>;
  let platform: RunningPlatform;
  let browser: Browser;
  let webDist: string;
  let base: string;

  beforeAll(async () => {
    // The web app as it is now, built for this run.
    webDist = mkdtempSync(path.join(tmpdir(), 'web-build-'));
    execFileSync('npx', ['vite', 'build', '--outDir', webDist, '--emptyOutDir', '--logLevel', 'error'], {
      cwd: path.join(__dirname, '..', 'web'),
      stdio: 'inherit',
    });
    database = await createTestDatabase();
    namespace = createTestNamespace();
    platform = await startPlatform(
      testEnv({ databaseUrl: database.url, namespace: namespace.namespace, extra: { WEB_DIST: webDist } }),
      'ephemeral',
    );
    await seedDemoData(platform.services.identity);
    base = platform.gateway.url;
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await platform?.close();
    await database?.drop();
    await namespace?.drop();
    rmSync(webDist, { recursive: true, force: true });
  });

  async function phone(): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    return context.newPage();
  }

  async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
  }

  it('sends a signed-out visitor to sign in, explains a wrong password, then brings them back', async () => {
    const page = await phone();
    await page.goto(`${base}/provider/properties`);
    await page.waitForURL(/\/users\/sign_in\?return_to=%2Fprovider%2Fproperties/);
    await signIn(page, 'provider@demo.test', 'not-the-password');
    await page.getByText('Invalid email or password.').waitFor();
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${base}/provider/properties`);
    await page.getByRole('heading', { name: 'Properties' }).waitFor();

    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/users\/sign_in/);
    await page.context().close();
  });

  it('shows an impersonating admin a banner on every page, and stops from it', async () => {
    const page = await phone();
    await page.goto(`${base}/users/sign_in`);
    await signIn(page, 'admin@demo.test');
    await page.waitForURL(`${base}/provider/properties`);
    const demoMedia = await platform.services.identity.app
      .get(Database)
      .dataSource.query("SELECT id FROM providers WHERE name = 'Demo Media'");
    // The console's provider picker arrives with the admin pages; start it the way the picker will.
    const csrfToken = (await page.locator('meta[name="csrf-token"]').getAttribute('content')) ?? '';
    // The context's request client shares the browser's cookies, as a fetch from the page would.
    const response = await page.request.post(`${base}/admin/impersonations`, {
      headers: { 'x-csrf-token': csrfToken },
      data: { provider_id: demoMedia[0].id },
    });
    const started = ((await response.json()) as { data: { redirect_to: string } }).data.redirect_to;
    await page.goto(`${base}${started}`);
    const banner = page.getByRole('region', { name: 'Impersonation' });
    await banner.getByText('You are viewing this account as an administrator.').waitFor();
    await page.goto(`${base}/provider/no-such-page`);
    await banner.waitFor();

    await banner.getByRole('button', { name: 'Stop impersonating' }).click();
    await page.waitForURL(`${base}/provider/properties`);
    await page.getByRole('heading', { name: 'Properties' }).waitFor();
    expect(await banner.count()).toBe(0);
    await page.context().close();
  });
});
