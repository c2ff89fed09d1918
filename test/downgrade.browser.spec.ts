import type { Browser, Page } from 'playwright-core';
import { Database, uuidv7 } from '@tourly/platform';
import { eventually } from '@tourly/platform/testing';
import { signedInPage } from './support/browser';
import type { Person, PlatformWithEmulators } from './support/platform';
import { sharedBrowserPlatform } from './support/shared-platform';

const PHONE = { width: 390, height: 844 };
const DAY_MS = 24 * 60 * 60 * 1000;
const SUBSCRIPTION = '/provider/billing/service_plan_subscription';

jest.setTimeout(90_000);

/**
 * Issue 29 item 15 on a phone: a downgrade to the free plan takes every shared tour and the website offline, and
 * the review says so, each by its title, with the day it happens; once it has happened, the white-label domain reads
 * "Paused", not "Active".
 */
describe('a downgrade to the free plan, reviewed on a phone', () => {
  let it_: PlatformWithEmulators;
  let browser: Browser;
  let release: () => Promise<void>;
  let provider: Person;
  let page: Page;
  const uncaught: string[] = [];

  /** A property as properties keeps it (a test builder, into its table). */
  async function aProperty(
    title: string,
    shared: { tour: boolean; website: boolean; premiumDaysAgo?: number },
  ) {
    await it_.propertiesDb.dataSource.query(
      `INSERT INTO properties (id, provider_id, slug, title, address, matterport_key, premium, premium_since,
         tour_published, website_published)
       VALUES ($1, $2, $3, $4, '1 Harbour Road', 'SxQL3iGyoDo', $5,
         CASE WHEN $5 THEN now() - make_interval(days => $6) END, $7, $8)`,
      [
        uuidv7(),
        provider.providerId,
        title.toLowerCase().replace(/\W+/g, '-'),
        title,
        shared.premiumDaysAgo !== undefined,
        shared.premiumDaysAgo ?? 0,
        shared.tour,
        shared.website,
      ],
    );
  }

  beforeAll(async () => {
    ({ it_, browser, release } = await sharedBrowserPlatform());
    provider = await it_.signUp('Harbour Homes');
    await provider
      .send('put', '/provider/billing/account', {
        name: 'Harbour Homes',
        email: 'accounts@harbour-homes.test',
        address: '1 Harbour Road, Sydney',
        country: 'AU',
        currency: 'aud',
      })
      .expect(200);
    const card = await it_.saveCard(provider, 'pm_card_visa');
    await provider
      .send('put', SUBSCRIPTION, {
        service_plan_subscription: {
          product_code: 'vt_creator_plan',
          interval: 'month',
          payment_method_id: card,
        },
      })
      .expect(200);
    await it_.settled();
    await aProperty('Harbour View', { tour: true, website: true, premiumDaysAgo: 40 });
    await aProperty('Hill House', { tour: true, website: false, premiumDaysAgo: 20 });
    await aProperty('Quay Cottage', { tour: true, website: false });
    await aProperty('Draft Loft', { tour: false, website: false });
    // A virtual assistant set the domain up (a test builder, into identity's table).
    await it_.platform.services.identity.app
      .get(Database)
      .dataSource.query(
        `INSERT INTO whitelabeled_domains (id, provider_id, subdomain, status) VALUES ($1, $2, $3, 'active')`,
        [uuidv7(), provider.providerId, 'tours.harbour-homes.test'],
      );
    page = await signedInPage(browser, it_.base, provider, PHONE, uncaught);
  }, 180_000);

  afterAll(async () => {
    await release?.();
    expect(uncaught).toEqual([]);
  });

  it('lists every tour and the website that stop being shared, and when', async () => {
    const periodEnd = (await provider.get(SUBSCRIPTION).set('cache-control', 'no-cache')).body.data
      .current_period_end as string;
    const day = periodEnd.slice(0, 10);
    await page.goto(`${it_.base}/provider/billing`);
    await page
      .getByRole('region', { name: 'Subscription', exact: true })
      .getByRole('button', { name: 'Downgrade' })
      .click();
    const modal = page.getByRole('dialog', { name: 'Downgrade your plan' });
    await modal.getByRole('radio', { name: /^Free/ }).check();
    await modal.getByRole('button', { name: 'Continue' }).click();

    const unshared = modal.getByRole('region', { name: `These 3 tours stop being shared on ${day}` });
    for (const title of ['Harbour View', 'Hill House', 'Quay Cottage']) {
      await unshared.getByRole('listitem').filter({ hasText: title }).waitFor();
    }
    const website = modal.getByRole('region', { name: `This website stops being published on ${day}` });
    await website.getByRole('listitem').filter({ hasText: 'Harbour View' }).waitFor();
    expect(await modal.getByText('Draft Loft').count()).toBe(0);
    const basic = modal.getByRole('region', { name: 'These 2 premium tours turn basic' });
    expect(await basic.getByRole('listitem').allTextContents()).toEqual([
      expect.stringContaining('Harbour View'),
      expect.stringContaining('Hill House'),
    ]);
    await page.screenshot({ path: '/tmp/downgrade-review-390.png', fullPage: true });

    await modal.getByRole('button', { name: 'Confirm downgrade' }).click();
    await modal.waitFor({ state: 'detached' });
  });

  it('once it has happened, shows the white-label domain paused, not active', async () => {
    const { current_period_end: periodEnd } = (
      await provider.get(SUBSCRIPTION).set('cache-control', 'no-cache')
    ).body.data;
    const clock = (await provider.get('/provider/billing/test_clock')).body.data.test_clock;
    await provider
      .send('post', '/provider/billing/advance_test_clock', {
        test_clock_id: clock.id,
        time: new Date(Date.parse(periodEnd) + DAY_MS).toISOString(),
      })
      .expect(200);
    await it_.settled();
    // Identity hears of the free plan through billing's event; the page shows what it answers then.
    await eventually(
      async () => (await provider.get('/provider/permissions/publishing')).body.data.whitelabel_domain,
      (included) => included === false,
      'identity hearing of the free plan',
    );
    await page.goto(`${it_.base}/provider/settings`);
    const domain = page.getByRole('region', { name: 'White-label domain' });
    const status = domain.getByRole('definition').filter({ has: page.getByText('Paused', { exact: true }) });
    expect(await status.textContent()).toBe('Paused Your plan does not include a white-label domain.');
    await domain
      .getByText('tours.harbour-homes.test no longer serves your tours.', { exact: false })
      .waitFor();
    expect(await domain.getByText('Active', { exact: true }).count()).toBe(0);
    await page.screenshot({ path: '/tmp/domain-paused-390.png', fullPage: true });
  });
});
