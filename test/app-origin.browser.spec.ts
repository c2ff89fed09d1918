import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { startBrowserPlatform, type BrowserPlatform } from './support/browser';
import { gatewayClient } from './support/platform';

/** Where the journeys leave their screenshots (not committed). */
const SCREENSHOTS = path.join(__dirname, 'artifacts', 'app-origin');
const HARBOUR_ADMIN = 'hana@harbour-lights.test';

/**
 * The app at its own origin (issue 29), in a real browser (Debian's Chromium) on a phone, against the whole platform
 * with APP_URL at http://localhost:<port>: opened at http://127.0.0.1:<port> (the README's `curl` habit), it sends the
 * browser to APP_URL before anyone signs in, so connecting Matterport, whose callback comes back to APP_URL, ends
 * signed in on Settings; and a session that ended while the person was at Matterport's page brings them to sign in
 * and back to the callback, never to raw JSON.
 */
// Whole journeys in a browser against the whole platform: on a loaded 2-core CI machine one takes 30 s or more.
jest.setTimeout(120_000);

describe('the app at its own origin', () => {
  let it_: BrowserPlatform;
  /** Errors no page code caught: each would be a bug, whatever the page showed. */
  const uncaught: string[] = [];

  beforeAll(async () => {
    // The models' thumbnails come from the emulator (its port chosen at start), as under `npm start`.
    it_ = await startBrowserPlatform({ appHost: 'localhost', env: { IMAGE_ORIGINS: 'http://127.0.0.1:*' } });
    mkdirSync(SCREENSHOTS, { recursive: true });
  }, 180_000);
  afterAll(async () => {
    await it_?.stop();
    expect(uncaught).toEqual([]);
  });

  async function phone(): Promise<Page> {
    const page = await it_.phone();
    page.on('pageerror', (error) => uncaught.push(error.message));
    return page;
  }

  const matterport = (page: Page) => page.getByRole('region', { name: 'Matterport', exact: true });
  const connected = (page: Page) =>
    matterport(page).getByRole('status').filter({ hasText: 'Your Matterport account is connected.' });

  it('opened at 127.0.0.1, signs in at APP_URL and connects Matterport, landing signed in on Settings', async () => {
    expect(it_.base).toMatch(/^http:\/\/127\.0\.0\.1:/);
    expect(it_.appUrl).toMatch(/^http:\/\/localhost:/);
    const page = await phone();
    // A bookmark of Settings, at 127.0.0.1: signed out, the sign-in page, which brings the person back.
    await page.goto(`${it_.base}/provider/settings`);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await it_.signIn(page, 'provider@demo.test');
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();

    await matterport(page).getByRole('button', { name: 'Connect Matterport' }).click();
    await page.getByRole('button', { name: 'Continue as Harbour Studio' }).click();
    // Matterport sent the browser back to APP_URL: signed in there, it is told it worked.
    await connected(page).waitFor();
    expect(page.url()).toBe(`${it_.appUrl}/provider/settings`);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'phone-connected.png'), fullPage: true });
    await page.context().close();
  });

  it('brings a person whose session ended at Matterport’s page to sign in, and back to finish connecting', async () => {
    // An admin of a provider of its own, with nothing connected yet.
    const harbour = await gatewayClient(it_.appUrl, it_.emulatorsUrl).signUp('Harbour Lights Media');
    await it_.aMember(harbour.providerId, HARBOUR_ADMIN, 'Hana', 'Harbour', 'admin');
    const page = await phone();
    await page.goto(`${it_.appUrl}/users/sign_in`);
    await it_.signIn(page, HARBOUR_ADMIN);
    await page.waitForURL(`${it_.appUrl}/provider/properties`);
    await page.goto(`${it_.appUrl}/provider/settings`);
    await matterport(page).getByRole('button', { name: 'Connect Matterport' }).click();
    const continueAs = page.getByRole('button', { name: 'Continue as Harbour Studio' });
    await continueAs.waitFor();
    // Meanwhile the session ends (its cookie is gone): Matterport's callback finds nobody signed in.
    await page.context().clearCookies();
    await continueAs.click();
    await page.waitForURL(/\/users\/sign_in\?return_to=%2Fapi%2Fintegrations%2Fmatterport%2Fcallback/);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await page.getByText('You need to sign in or sign up before continuing.').count()).toBe(0);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'phone-sign-in-to-finish.png'), fullPage: true });

    await it_.signIn(page, HARBOUR_ADMIN);
    await connected(page).waitFor();
    expect(page.url()).toBe(`${it_.appUrl}/provider/settings`);
    await page.context().close();
  });
});
