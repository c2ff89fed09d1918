import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { startBrowserPlatform, type BrowserPlatform } from './support/browser';
import { readZip } from './support/zip';

const SCREENSHOTS = path.join(__dirname, 'artifacts', 'console-access');

/**
 * The administrators' console at its doors, in a real browser (Debian's Chromium) on a phone, against the whole
 * platform: everyone who is not an administrator gets the access-denied page with the way to where they belong; an
 * administrator acts as a provider from the app bar's picker and, stopping, comes back to the console page they were
 * on; and exports the referrals.
 */
// Whole journeys in a browser against the whole platform: on a loaded 2-core CI machine one takes 30 s or more.
jest.setTimeout(120_000);

describe('the console’s doors', () => {
  let it_: BrowserPlatform;
  const uncaught: string[] = [];

  beforeAll(async () => {
    it_ = await startBrowserPlatform();
    mkdirSync(SCREENSHOTS, { recursive: true });
    await it_.aMember(null, 'client@demo.test', 'Clara', 'Client', 'client_user');
  }, 180_000);
  afterAll(async () => {
    await it_?.stop();
    expect(uncaught).toEqual([]);
  });

  async function signedIn(email: string): Promise<Page> {
    const page = await it_.phone();
    page.on('pageerror', (error) => uncaught.push(error.message));
    await it_.signIn(page, email);
    await page.waitForURL((url) => !url.pathname.startsWith('/users/sign_in'));
    return page;
  }

  it.each([
    ['provider@demo.test', 'a provider’s admin', 'Go to your properties', '/provider/properties'],
    // A client user's home is its client's portal (issue 31), never the provider workspace.
    ['client@demo.test', 'a client user', 'Go to your portal', '/portal'],
    ['va@demo.test', 'a virtual assistant', 'Go to the virtual assistant console', '/virtual_assistant'],
    [
      'supplier@demo.test',
      'an external supplier',
      'Go to the external supplier console',
      '/external_supplier',
    ],
  ])('shows %s (%s) the access-denied page with the way home', async (email, _who, link, home) => {
    const page = await signedIn(email);
    await page.goto(`${it_.base}/admin/providers`);
    await page.getByRole('heading', { name: 'Access denied' }).waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, `denied-${email.split('@')[0]}.png`) });
    await page.getByRole('link', { name: link }).click();
    await page.waitForURL(`${it_.base}${home}`);
    await page.context().close();
  });

  it('acts as a provider from the picker, and stopping comes back to the console page it was on', async () => {
    const page = await signedIn('admin@demo.test');
    await page.goto(`${it_.base}/admin/whitelabeled_domains`);
    const picker = page.getByRole('combobox', { name: 'Act as a provider' });
    await picker.fill('demo');
    await page.getByRole('option', { name: /Demo Media/ }).click();
    await page.waitForURL(`${it_.base}/provider/properties`);
    await page.getByText('as an administrator').waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'impersonating.png') });
    await page.getByRole('button', { name: 'Stop impersonating' }).click();
    await page.waitForURL(`${it_.base}/admin/whitelabeled_domains`);
    await page.getByRole('combobox', { name: 'Act as a provider' }).waitFor();
    await page.context().close();
  });

  it('exports the referrals as a zip, refusing a period that ends before it starts', async () => {
    const page = await signedIn('admin@demo.test');
    await page.goto(`${it_.base}/admin/referrals`);
    await page.getByRole('heading', { name: 'Referrals export' }).waitFor();
    await page.getByLabel('From', { exact: true }).fill('2026-02-01');
    await page.getByLabel('To', { exact: true }).fill('2026-01-01');
    await page.getByRole('button', { name: 'Download the export' }).click();
    await page.getByText('must not be before start_date').waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'referrals-refused.png') });

    await page.getByLabel('From', { exact: true }).fill('');
    await page.getByLabel('To', { exact: true }).fill('');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download the export' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('referrals-start-to-now.zip');
    const file = path.join(SCREENSHOTS, 'referrals.zip');
    await download.saveAs(file);
    expect(readZip(readFileSync(file)).map((entry) => entry.name)).toEqual([
      'referrals.csv',
      'referrers.csv',
    ]);
    await page.context().close();
  });
});
