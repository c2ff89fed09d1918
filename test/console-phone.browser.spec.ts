import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { SESSION_COOKIE } from '@tourly/contracts';
import { startBrowserPlatform, type BrowserPlatform } from './support/browser';
import { gatewayClient } from './support/platform';

/** Where the journeys leave their screenshots (not committed). */
const SCREENSHOTS = path.join(__dirname, 'artifacts', 'console-phone');
const VOUCHER = 'PHONE-REACH';
const OFFER = 'Thanks from the phone';

/**
 * The back-office console on a 390 px phone (issue 29), in a real browser (Debian's Chromium) against the whole
 * platform: a session that ended takes the person to sign in and back to the console page, whatever the console was
 * doing (the referrals export, a row's action, a list).
 */
// Whole journeys in a browser against the whole platform: on a loaded 2-core CI machine one takes 30 s or more.
jest.setTimeout(120_000);

describe('the console on a phone', () => {
  let it_: BrowserPlatform;
  let base: string;
  /** Errors no page code caught: each would be a bug, whatever the page showed. */
  const uncaught: string[] = [];

  beforeAll(async () => {
    it_ = await startBrowserPlatform();
    base = it_.base;
    mkdirSync(SCREENSHOTS, { recursive: true });
    const admin = await gatewayClient(base, it_.emulatorsUrl).signIn('admin@demo.test');
    await admin.send('post', '/admin/vouchers', { code: VOUCHER, discount_percent: 20 }).expect(201);
    await admin
      .send('post', '/admin/offers', {
        name: OFFER,
        redeem_action: 'credits_purchased',
        credits: 5,
        ends_at: new Date(Date.now() + 30 * 24 * 60 * 60 * 1000).toISOString(),
      })
      .expect(201);
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

  describe('when the session has ended', () => {
    /**
     * Ends the page's session on the server, as signing out in another tab or the session running out does: the
     * browser still sends its cookie, which now opens nothing.
     */
    async function endSession(page: Page): Promise<void> {
      const cookie = (await page.context().cookies(base)).find((each) => each.name === SESSION_COOKIE);
      const csrfToken = await page.locator('meta[name="csrf-token"]').getAttribute('content');
      const ended = await fetch(`${base}/users/sign_out`, {
        method: 'DELETE',
        headers: { cookie: `${SESSION_COOKIE}=${cookie!.value}`, 'x-csrf-token': csrfToken! },
      });
      expect(ended.status).toBeLessThan(300);
      const refused = await fetch(`${base}/users/me`, {
        headers: { cookie: `${SESSION_COOKIE}=${cookie!.value}`, accept: 'application/json' },
      });
      expect(refused.status).toBe(401);
    }

    it('takes the admin from the referrals export to sign in, and back to export', async () => {
      const page = await signedIn('admin@demo.test');
      await page.goto(`${base}/admin/referrals`);
      await page.getByRole('heading', { name: 'Referrals export' }).waitFor();
      await endSession(page);

      await page.getByRole('button', { name: 'Download the export' }).click();
      await page.waitForURL(`${base}/users/sign_in?return_to=%2Fadmin%2Freferrals`);
      await page.screenshot({ path: path.join(SCREENSHOTS, 'phone-sign-in-again.png'), fullPage: true });
      await it_.signIn(page, 'admin@demo.test');
      await page.waitForURL(`${base}/admin/referrals`);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download the export' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('referrals-start-to-now.zip');
      await page.context().close();
    });

    it('takes the admin from a row’s action to sign in, and back to the list, where nothing was done', async () => {
      const page = await signedIn('admin@demo.test');
      await page.goto(`${base}/admin/vouchers`);
      const archive = page.getByRole('button', { name: `Archive voucher ${VOUCHER}` });
      await archive.click();
      await endSession(page);
      await page
        .getByRole('dialog', { name: `Archive voucher ${VOUCHER}?` })
        .getByRole('button', { name: 'Archive' })
        .click();
      await page.waitForURL(`${base}/users/sign_in?return_to=%2Fadmin%2Fvouchers`);
      await it_.signIn(page, 'admin@demo.test');
      await page.waitForURL(`${base}/admin/vouchers`);
      await page.getByRole('button', { name: `Archive voucher ${VOUCHER}` }).waitFor();
      await page.context().close();
    });

    it('takes the admin from a list that no longer loads to sign in, and back to it', async () => {
      const page = await signedIn('admin@demo.test');
      await page.goto(`${base}/admin/offers`);
      await page.getByText(OFFER).first().waitFor();
      await endSession(page);
      // The list asks again (its search): refused, the person signs in and comes back to the same list.
      await page.getByPlaceholder('Name').fill('Thanks');
      await page.waitForURL(/\/users\/sign_in\?return_to=%2Fadmin%2Foffers/);
      await it_.signIn(page, 'admin@demo.test');
      await page.waitForURL(/\/admin\/offers/);
      await page.getByText(OFFER).first().waitFor();
      await page.context().close();
    });
  });
});
