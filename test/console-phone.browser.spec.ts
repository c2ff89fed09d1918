import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { SESSION_COOKIE } from '@tourly/contracts';
import { uuidv7 } from '@tourly/platform';
import { type BrowserPlatform, fitsTheWidth, startBrowserPlatform } from './support/browser';
import { gatewayClient } from './support/platform';

const PHONE = { width: 390, height: 844 };
/** Where the journeys leave their screenshots (not committed). */
const SCREENSHOTS = path.join(__dirname, 'artifacts', 'console-phone');
const DEMO_PROVIDER = 'Demo Media';
const VOUCHER = 'PHONE-REACH';
const OFFER = 'Thanks from the phone';
const DOMAIN = 'tours.phone-reach.test';

/**
 * The back-office console on a 390 px phone (issue 29), in a real browser (Debian's Chromium) against the whole
 * platform: a session that ended takes the person to sign in and back to the console page, whatever the console was
 * doing (the referrals export, a row's action, a list); every list's row actions (providers, a provider's users and
 * domain, vouchers, offers, white-label domains, the virtual assistants' set-up queue) are in view and work without
 * scrolling sideways; the dashboard says what is not in the console in plain words.
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
    const [demo] = (await it_.identityDb.dataSource.query(`SELECT id FROM providers WHERE name = $1`, [
      DEMO_PROVIDER,
    ])) as Array<{ id: string }>;
    await it_.identityDb.dataSource.query(
      `INSERT INTO whitelabeled_domains (id, provider_id, subdomain, status) VALUES ($1, $2, $3, 'pending')`,
      [uuidv7(), demo!.id, DOMAIN],
    );
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

  /** Nothing of the page reaches past the phone's right edge: nothing to scroll sideways to. */
  async function fitsThePhone(page: Page): Promise<void> {
    await fitsTheWidth(page);
  }

  /** The action is within the phone's width as the page is (not scrolled sideways), and enabled. */
  async function inReach(action: Locator): Promise<void> {
    await action.scrollIntoViewIfNeeded();
    const box = await action.boundingBox();
    expect(box).not.toBeNull();
    expect({ left: box!.x >= 0, right: box!.x + box!.width <= PHONE.width }).toEqual({
      left: true,
      right: true,
    });
    expect(await action.isEnabled()).toBe(true);
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

  describe('row actions', () => {
    /** One row of a list as a phone shows it, by what it says. */
    const rowOf = (page: Page, list: string, text: string) =>
      page.getByRole('list', { name: list }).getByRole('listitem').filter({ hasText: text });

    it('reaches every provider’s actions and its users’ and domain’s without scrolling sideways', async () => {
      const page = await signedIn('admin@demo.test');
      await page.goto(`${base}/admin/providers`);
      const demo = rowOf(page, 'Providers', DEMO_PROVIDER);
      for (const [role, name] of [
        ['link', `Open ${DEMO_PROVIDER}`],
        ['link', `Users of ${DEMO_PROVIDER}`],
        ['link', `White-label domain of ${DEMO_PROVIDER}`],
        ['link', `Credits of ${DEMO_PROVIDER}`],
        ['button', `Impersonate ${DEMO_PROVIDER}`],
      ] as const) {
        await inReach(demo.getByRole(role, { name }));
      }
      await fitsThePhone(page);
      await page.screenshot({ path: path.join(SCREENSHOTS, 'phone-providers.png'), fullPage: true });

      await demo.getByRole('link', { name: `Users of ${DEMO_PROVIDER}` }).click();
      const makePrimary = rowOf(page, 'Users', 'provider@demo.test').getByRole('button', {
        name: `Make primary provider: ${DEMO_PROVIDER} for provider@demo.test`,
      });
      await inReach(makePrimary);
      await fitsThePhone(page);
      await makePrimary.click();
      await page
        .getByText(`provider@demo.test will start in ${DEMO_PROVIDER} at their next sign-in.`)
        .waitFor();

      await page.getByRole('tab', { name: 'Domain', exact: true }).click();
      const editDomain = rowOf(page, 'White-label domains', DOMAIN).getByRole('button', {
        name: `Edit domain of ${DEMO_PROVIDER}`,
      });
      await inReach(editDomain);
      await fitsThePhone(page);
      await editDomain.click();
      await page.getByRole('dialog', { name: `Domain of ${DEMO_PROVIDER}` }).waitFor();
      await page.context().close();
    });

    it('reaches each voucher’s and offer’s actions without scrolling sideways', async () => {
      const page = await signedIn('admin@demo.test');
      await page.goto(`${base}/admin/vouchers`);
      const voucher = rowOf(page, 'Vouchers', VOUCHER);
      await voucher.getByText('20% off the next credits purchase').waitFor();
      for (const [role, name] of [
        ['link', `Edit ${VOUCHER}`],
        ['button', `Download CSV of ${VOUCHER}`],
        ['button', `Archive voucher ${VOUCHER}`],
      ] as const) {
        await inReach(voucher.getByRole(role, { name }));
      }
      await fitsThePhone(page);
      await page.screenshot({ path: path.join(SCREENSHOTS, 'phone-vouchers.png'), fullPage: true });
      await voucher.getByRole('link', { name: `Edit ${VOUCHER}` }).click();
      await page.waitForURL(/\/admin\/vouchers\/[^/]+$/);

      await page.goto(`${base}/admin/offers`);
      const offer = rowOf(page, 'Offers', OFFER);
      await inReach(offer.getByRole('link', { name: `Edit ${OFFER}` }));
      const archive = offer.getByRole('button', { name: `Archive offer “${OFFER}”` });
      await inReach(archive);
      await fitsThePhone(page);
      await page.screenshot({ path: path.join(SCREENSHOTS, 'phone-offers.png'), fullPage: true });
      await archive.click();
      await page.getByRole('dialog', { name: `Archive offer “${OFFER}”?` }).waitFor();
      await page.context().close();
    });

    it('reaches the white-label domains’ actions, the admins’ and the virtual assistants’', async () => {
      const admin = await signedIn('admin@demo.test');
      await admin.goto(`${base}/admin/whitelabeled_domains`);
      await inReach(
        rowOf(admin, 'White-label domains', DOMAIN).getByRole('button', {
          name: `Edit domain of ${DEMO_PROVIDER}`,
        }),
      );
      await fitsThePhone(admin);
      await admin.context().close();

      const assistant = await signedIn('va@demo.test');
      await assistant.goto(`${base}/virtual_assistant/whitelabeled-domains`);
      const queued = rowOf(assistant, 'White-label domains', DOMAIN);
      await inReach(queued.getByRole('button', { name: `Mark ${DOMAIN} active` }));
      const markFailed = queued.getByRole('button', { name: `Mark ${DOMAIN} failed` });
      await inReach(markFailed);
      await fitsThePhone(assistant);
      await assistant.screenshot({ path: path.join(SCREENSHOTS, 'phone-set-up-queue.png'), fullPage: true });
      await markFailed.click();
      await assistant.getByRole('dialog', { name: `Mark ${DOMAIN} failed` }).waitFor();
      await assistant.context().close();
    });
  });

  it('lists on the admins’ dashboard what they manage, digital twins included, and nothing still to come', async () => {
    const page = await signedIn('admin@demo.test');
    await page.getByRole('heading', { name: 'Admin', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Digital twins', exact: true }).waitFor();
    expect(await page.getByText(/Not in the console yet|Still to come|service\)/).count()).toBe(0);
    await fitsThePhone(page);
    await page.context().close();
  });
});
