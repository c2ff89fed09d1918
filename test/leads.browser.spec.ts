import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { tourPublicId } from '@tourly/contracts';
import { fitsTheWidth, launchChromium, signedInPage } from './support/browser';
import { startPlatformWithEmulators, type Person, type PlatformWithEmulators } from './support/platform';
import { aProperty, onStarter } from './support/provider';
import { builtWebApp, pagesEnv } from './support/web-build';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
/** Leads one address may send in an hour here: the browser's address meets it in a few. */
const PER_ADDRESS = 2;
/** Where the journey leaves its screenshots (not committed). */
const SCREENSHOTS = path.join(__dirname, 'artifacts', 'leads');

/**
 * The provider's leads on the property page in a real browser (Debian's Chromium) against the whole platform: a
 * property whose tour has had no message says where leads come from; once visitors sent two through the tour's
 * contact form (the public API the player posts to), the Leads section lists them newest first, with the e-mail and
 * phone as links, at a desktop's and a phone's width (nothing past the phone's right edge).
 */
jest.setTimeout(90_000);

describe('leads on the property page', () => {
  let it_: PlatformWithEmulators;
  let browser: Browser;
  let provider: Person;
  const uncaught: string[] = [];

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    const webDist = await builtWebApp();
    [it_, browser] = await Promise.all([
      startPlatformWithEmulators({
        env: (emulatorsUrl) => ({
          ...pagesEnv(webDist, emulatorsUrl),
          LEADS_PER_ADDRESS_PER_HOUR: String(PER_ADDRESS),
        }),
      }),
      launchChromium(),
    ]);
    provider = await it_.signUp('Harbour Lights Media');
    await onStarter(it_, provider);
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await it_?.stop();
    expect(uncaught).toEqual([]);
  });

  /** A property with its tour shared: its id and the tour's public id. */
  async function aSharedTour(title: string) {
    const id = await aProperty(provider, title);
    await provider
      .send('put', `/provider/properties/${id}/published_features`, { published_features: { tour: true } })
      .expect(200);
    const link = (await provider.get(`/provider/properties/${id}/player_link`).expect(200)).body.data;
    const tourPath = new URL(link.links.default as string).pathname;
    const [, , clientSlug, modelSlug] = tourPath.split('/');
    return { id, tourId: tourPublicId(clientSlug!, modelSlug!), tourPath };
  }

  const leadsSection = (page: Page) => page.getByRole('region', { name: 'Leads' });

  it('an empty state, then the leads newest first, at a desktop’s and a phone’s width', async () => {
    const tour = await aSharedTour('Harbour View Apartment');
    const page = await signedInPage(browser, it_.base, provider, DESKTOP, uncaught);
    await page.goto(`${it_.base}/provider/properties/${tour.id}`);
    await leadsSection(page).getByText('No leads yet.').waitFor();

    for (const [address, firstName, message] of [
      ['203.0.113.10', 'Nora', 'Is the garden south-facing?'],
      ['203.0.113.11', 'Sam', 'Can we visit on Saturday?\nAny time after 10 works.'],
    ] as const) {
      await it_.http
        .post('/v3_player_lead')
        .set('x-forwarded-for', address)
        .send({
          lead: {
            first_name: firstName,
            last_name: 'Visitor',
            email: `${firstName.toLowerCase()}@example.com`,
            phone_number: '+61 400 123 456',
            message,
            tour_id: tour.tourId,
          },
        })
        .expect(201);
    }

    await page.reload();
    const rows = leadsSection(page).getByRole('list', { name: 'Leads' }).getByRole('listitem');
    await rows.first().getByText('Sam Visitor').waitFor();
    await expect(rows.count()).resolves.toBe(2);
    await expect(rows.nth(1).textContent()).resolves.toContain('Is the garden south-facing?');
    const email = rows.first().getByRole('link', { name: 'sam@example.com' });
    await expect(email.getAttribute('href')).resolves.toBe('mailto:sam@example.com');
    const phone = rows.first().getByRole('link', { name: '+61 400 123 456' });
    await expect(phone.getAttribute('href')).resolves.toBe('tel:+61400123456');
    await expect(rows.first().textContent()).resolves.toContain('from the tour');
    await leadsSection(page).screenshot({ path: path.join(SCREENSHOTS, 'desktop-leads.png') });

    const onPhone = await signedInPage(browser, it_.base, provider, PHONE, uncaught);
    await onPhone.goto(`${it_.base}/provider/properties/${tour.id}`);
    await leadsSection(onPhone).getByText('Sam Visitor').waitFor();
    await leadsSection(onPhone).scrollIntoViewIfNeeded();
    await fitsTheWidth(onPhone);
    await leadsSection(onPhone).screenshot({ path: path.join(SCREENSHOTS, 'phone-leads.png') });
  });

  it('tells a visitor past the limit on leads when to try again, on a phone', async () => {
    const tour = await aSharedTour('Open House Terrace');
    // The browser writes from the loopback address: that address has used its leads of the hour already.
    for (let n = 0; n < PER_ADDRESS; n += 1) {
      await it_.http
        .post('/v3_player_lead')
        .set('x-forwarded-for', '127.0.0.1')
        .send({
          lead: {
            first_name: 'Earlier',
            last_name: 'Visitor',
            email: 'earlier@example.com',
            phone_number: '+61 400 000 000',
            message: 'An earlier question',
            tour_id: tour.tourId,
          },
        })
        .expect(201);
    }
    const context = await browser.newContext({ viewport: PHONE, isMobile: true });
    try {
      const page = await context.newPage();
      page.on('pageerror', (error) => uncaught.push(error.message));
      await page.goto(`${it_.base}${tour.tourPath}`);
      await page.getByRole('button', { name: 'Menu', exact: true }).click();
      await page
        .getByRole('navigation', { name: 'Tour menu' })
        .getByRole('button', { name: 'Contact the agent' })
        .click();
      const form = page
        .getByRole('dialog', { name: 'Contact the agent' })
        .getByRole('form', { name: 'Send a message' });
      await form.getByLabel('First name').fill('Olive');
      await form.getByLabel('Last name').fill('Openhouse');
      await form.getByLabel('Email').fill('olive@example.com');
      await form.getByLabel('Phone number').fill('0433 333 333');
      await form.getByRole('button', { name: 'Send' }).click();
      const alert = form.getByRole('alert');
      await alert.getByText(/^Too many messages sent\. Please try again in \d+ minutes?\.$/).waitFor();
      await page.screenshot({ path: path.join(SCREENSHOTS, 'phone-lead-limit.png') });
      // The form can be sent again later: it is not left waiting.
      await form.getByRole('button', { name: 'Send' }).waitFor();
      expect(await form.getByRole('button', { name: 'Send' }).isEnabled()).toBe(true);
    } finally {
      await context.close();
    }
  });
});
