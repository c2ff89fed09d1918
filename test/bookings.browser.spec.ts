import type { Browser, Page } from 'playwright-core';
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fitsTheWidth, launchChromium, signedInPage } from './support/browser';
import { startPlatformWithEmulators, type Person, type PlatformWithEmulators } from './support/platform';
import { onStarter } from './support/provider';
import { builtWebApp, pagesEnv } from './support/web-build';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const SCREENSHOTS = path.join(__dirname, 'artifacts', 'bookings');
const ZONE = 'Australia/Sydney';
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'];

/**
 * Bookings in a real browser (Debian's Chromium) against the whole platform: a provider on Starter sets up its
 * booking page at a desktop's width (the page in Sydney's time zone, a service, its own hours Monday to Friday) and
 * publishes it; an agent on a 390 px phone books the first time offered at a confirmed address; the provider finds
 * the booking, accepts it, and once the shoot has taken place (moved into the past in the database, a test builder)
 * completes it and marks it invoiced. On a phone no page is wider than the screen.
 */
jest.setTimeout(120_000);

describe('bookings in the browser', () => {
  let it_: PlatformWithEmulators;
  let browser: Browser;
  let provider: Person;
  const slug = `harbour-${randomBytes(3).toString('hex')}`;
  const uncaught: string[] = [];

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    const webDist = await builtWebApp();
    [it_, browser] = await Promise.all([
      startPlatformWithEmulators({ env: (emulatorsUrl) => pagesEnv(webDist, emulatorsUrl) }),
      launchChromium(),
    ]);
    provider = await it_.signUp('Harbour Lights Media');
    await provider
      .send('post', '/sign_up/finalize', { user: { first_name: 'Mia', last_name: 'Chen' } })
      .expect(201);
    await onStarter(it_, provider);
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await it_?.stop();
    expect(uncaught).toEqual([]);
  });

  const sydneyDay = (at: number) => new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(at);
  const shot = (page: Page, name: string) =>
    page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });

  it('the provider sets up its booking page and publishes it', async () => {
    const page = await signedInPage(browser, it_.base, provider, DESKTOP, uncaught);
    await page.goto(`${it_.base}/provider/properties`);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Bookings' }).click();
    await page.getByRole('heading', { level: 1, name: 'Bookings' }).waitFor();
    await page.getByRole('region', { name: 'Setup progress' }).getByText('0 of 4 steps done').waitFor();
    await page.getByText('No upcoming bookings.').waitFor();
    await page.getByRole('link', { name: 'Booking page setup' }).click();
    await page.getByRole('heading', { level: 1, name: 'Booking page' }).waitFor();

    const form = page.getByRole('region', { name: 'The page' });
    await form.getByLabel('Page address').fill('Not a slug!');
    await form.getByRole('button', { name: 'Save page' }).click();
    await form.getByText('Page address may use lowercase letters').waitFor();
    await form.getByLabel('Page address').fill(slug);
    await form.getByLabel('Title').fill('Book a shoot with Harbour Lights');
    await form.getByLabel('Time zone').selectOption('Australia/Sydney');
    expect(await form.getByLabel('Time zone').locator('option:checked').textContent()).toMatch(
      /^\(GMT\+1[01]:00\) Australia\/Sydney$/,
    );
    await form.getByRole('checkbox', { name: 'Collect the keys from the office' }).uncheck();
    await form.getByRole('button', { name: 'Save page' }).click();
    await form.getByText('The booking page is saved.').waitFor();

    const services = page.getByRole('region', { name: 'Services' });
    await services.getByRole('button', { name: 'Add a service' }).click();
    const dialog = page.getByRole('dialog', { name: 'New service' });
    await dialog.getByLabel('Service name').fill('3D scan');
    await dialog.getByLabel('Duration (minutes)').fill('60');
    await dialog.getByLabel('Price').fill('250');
    await dialog.getByLabel('Currency').selectOption('aud');
    await dialog.getByRole('button', { name: 'Add service' }).click();
    await dialog.waitFor({ state: 'detached' });
    await services.getByRole('list', { name: 'Services' }).getByText('60 min · A$250.00').waitFor();

    const members = page.getByRole('region', { name: 'Who takes bookings' });
    await members.getByLabel('Add a team member').selectOption({ index: 1 });
    await members.getByRole('button', { name: 'Set their hours' }).click();
    expect(await members.getByLabel('Time zone').inputValue()).toBe('Australia/Sydney');
    for (const day of WEEKDAYS) await members.getByRole('checkbox', { name: day }).check();
    expect(await members.getByLabel('Monday starts').inputValue()).toBe('09:00');
    expect(await members.getByLabel('Friday ends').inputValue()).toBe('17:00');
    await members.getByRole('button', { name: 'Save Mia Chen’s hours' }).click();
    await members
      .getByText('Mon 09:00–17:00 · Tue 09:00–17:00 · Wed 09:00–17:00 · Thu 09:00–17:00 · Fri 09:00–17:00')
      .waitFor();
    await page.getByRole('region', { name: 'Setup progress' }).getByText('3 of 4 steps done').waitFor();

    const publishing = page.getByRole('region', { name: 'Publishing' });
    expect(await publishing.getByRole('link', { name: 'Preview the form' }).getAttribute('href')).toBe(
      `/book/${slug}?preview=1`,
    );
    await publishing.getByRole('button', { name: 'Publish' }).click();
    await publishing.getByText('Published', { exact: true }).waitFor();
    expect(await publishing.getByRole('textbox', { name: 'Public link' }).inputValue()).toBe(
      `${it_.base}/book/${slug}`,
    );
    await page.getByRole('region', { name: 'Setup progress' }).getByText('4 of 4 steps done').waitFor();
    await shot(page, 'desktop-setup');
    await page.context().close();
  });

  it('an agent books the first time offered on a phone, at a confirmed address', async () => {
    const context = await browser.newContext({ viewport: PHONE, isMobile: true });
    const page = await context.newPage();
    page.on('pageerror', (error) => uncaught.push(error.message));
    await page.goto(`${it_.base}/book/no-such-page`);
    await page
      .getByRole('heading', { name: 'This booking page does not exist or is not taking bookings' })
      .waitFor();

    await page.goto(`${it_.base}/book/${slug}`);
    await page.getByRole('heading', { level: 1, name: 'Book a shoot with Harbour Lights' }).waitFor();
    await page.getByRole('checkbox', { name: /3D scan/ }).check();
    await page.getByText(/^Times are in Australia\/Sydney time \(GMT\+1[01]:00\)/).waitFor();
    const times = page.getByRole('group', { name: /^Times on / });
    const first = times.getByRole('button').first();
    const clock = await first.textContent();
    expect(clock).toMatch(/^\d{2}:\d{2}$/);
    const chosenDay = (await times.getAttribute('aria-label'))!;
    await first.click();
    await page.getByText(`at ${clock}`).waitFor();

    const address = page.getByRole('textbox', { name: 'Address', exact: true });
    await address.fill('12 Harbour View, Sydney');
    const suggestions = page.getByRole('list', { name: 'Address suggestions' });
    await suggestions.getByRole('button').first().click();
    await page.getByText('The address is confirmed').waitFor();
    await address.press('End');
    await address.pressSequentially(' ');
    await page.getByText('The address is confirmed').waitFor({ state: 'detached' });
    await suggestions.getByRole('button').first().click();
    await page.getByText('The address is confirmed').waitFor();

    expect(await page.getByRole('radio').count()).toBe(3);
    await page.getByRole('radio', { name: 'Key safe / lockbox' }).check();
    await page.getByLabel('Access details').fill('Code 4821, by the side gate');
    await page.getByRole('button', { name: 'Confirm booking' }).click();
    await page.getByText('Required', { exact: true }).first().waitFor();
    expect(await page.getByLabel('Full name').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByLabel('Email').getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel('Full name').fill('Ana Ng');
    await page.getByLabel('Email').fill('ana@harbour.example');
    await page.getByLabel('Agency').fill('Harbour Realty');
    await fitsTheWidth(page);
    await shot(page, 'phone-form');

    // Another agent books the same time first: the form says so, reads the times again and lets the choice go.
    const offered = await it_.http.get(`/booking_pages/${slug}`).expect(200);
    const serviceId = offered.body.data.services[0].id as string;
    const week = await it_.http
      .get(`/booking_pages/${slug}/availability`)
      .query({ from: sydneyDay(Date.now()), days: 7, service_ids: serviceId })
      .expect(200);
    const taken = (week.body.data.days as Array<{ slots: string[] }>).find((day) => day.slots.length > 0)!
      .slots[0];
    await it_.http
      .post(`/booking_pages/${slug}/bookings`)
      .send({
        booking: {
          service_ids: [serviceId],
          starts_at: taken,
          address: '1 Quay Street, Sydney',
          access_type: 'on_site',
          full_name: 'Bo Quick',
          email_address: 'bo@quick.example',
        },
      })
      .expect(201);
    await page.getByRole('button', { name: 'Confirm booking' }).click();
    await page.getByText('Sorry, this time was just booked by someone else.', { exact: false }).waitFor();
    await page.getByText(/^Chosen: /).waitFor({ state: 'detached' });
    // The time is gone from its day; when it was that day's last, the form moves on to the next day with times.
    await page
      .getByRole('group', { name: chosenDay, exact: true })
      .getByRole('button', { name: clock! })
      .waitFor({ state: 'detached' });
    await times.getByRole('button').first().click();
    await page.getByText(/^Chosen: /).waitFor();
    await page.getByRole('button', { name: 'Confirm booking' }).click();
    await page.getByRole('heading', { name: 'Booking requested' }).waitFor();
    await page.getByText('will confirm your booking by email to ana@harbour.example').waitFor();
    await fitsTheWidth(page);
    await context.close();
  });

  it('a provider on the free plan previews its form, and is told publishing needs a paid plan', async () => {
    const free = await it_.signUp('Free Plan Media');
    const page = await signedInPage(browser, it_.base, free, PHONE, uncaught);
    await page.goto(`${it_.base}/provider/bookings/setup`);
    const publishing = page.getByRole('region', { name: 'Publishing' });
    await publishing.getByText('Publishing the booking form comes with a paid plan.').waitFor();
    expect(await publishing.getByRole('button', { name: 'Publish' }).isDisabled()).toBe(true);
    expect(await publishing.getByRole('link', { name: 'Upgrade your plan' }).getAttribute('href')).toBe(
      '/provider/billing',
    );
    await fitsTheWidth(page);
    await publishing.getByRole('link', { name: 'Preview the form' }).click();
    await page
      .getByText('Preview: this is how agents see your form. Agents can book once it is published.')
      .waitFor();
    await page.getByRole('heading', { level: 1, name: 'Book a shoot with Free Plan Media' }).waitFor();
    expect(await page.getByRole('button', { name: 'Confirm booking' }).isDisabled()).toBe(true);
    await fitsTheWidth(page);
    await shot(page, 'phone-preview');
    await page.context().close();
  });

  it('the provider accepts the booking, then completes it and marks it invoiced', async () => {
    const page = await signedInPage(browser, it_.base, provider, DESKTOP, uncaught);
    await page.goto(`${it_.base}/provider/bookings`);
    const list = page.getByRole('list', { name: 'Bookings' });
    await list.getByText('Pending', { exact: true }).first().waitFor();
    await list.getByRole('link', { name: 'Ana Ng · Harbour Realty' }).click();
    await page.getByRole('heading', { level: 1, name: 'Ana Ng' }).waitFor();
    const actions = page.getByRole('region', { name: 'Actions' });
    await page.getByText('Key safe / lockbox').waitFor();
    await page.getByRole('link', { name: 'ana@harbour.example' }).waitFor();
    await actions.getByRole('button', { name: 'Accept' }).click();
    await page.getByText('Accepted', { exact: true }).waitFor();
    await page.getByRole('region', { name: 'Agent' }).getByRole('link', { name: 'Harbour Realty' }).waitFor();
    expect(await actions.getByRole('button', { name: 'Mark completed' }).isDisabled()).toBe(true);

    // The shoot took place yesterday.
    const id = page.url().split('/').pop();
    await it_.propertiesDb.dataSource.query(
      `UPDATE bookings SET starts_at = now() - interval '1 day', ends_at = now() - interval '23 hours' WHERE id = $1`,
      [id],
    );
    await page.reload();
    await actions.getByRole('button', { name: 'Mark completed' }).click();
    await page.getByText('Completed', { exact: true }).waitFor();
    await actions.getByRole('button', { name: 'Mark as invoiced' }).click();
    await actions.getByText(/^Invoiced on \d{4}-\d{2}-\d{2} \d{2}:\d{2}\.$/).waitFor();
    await actions.getByText('Nothing more to do: the booking is completed and invoiced.').waitFor();
    await shot(page, 'desktop-booking');
    // The calendar counts it on its day (in the page's time zone), which lists it.
    await page.goto(`${it_.base}/provider/bookings`);
    const shootDay = sydneyDay(Date.now() - 86_400_000);
    // The calendar opens on this month in the booking page's zone once that zone has come: only then is the day
    // before, when Sydney has just started a month, one month back.
    const sydneyMonth = new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, month: 'long', year: 'numeric' });
    await page.getByRole('heading', { name: sydneyMonth.format(Date.now()), exact: true }).waitFor();
    if (shootDay.slice(0, 7) !== sydneyDay(Date.now()).slice(0, 7))
      await page.getByRole('button', { name: 'Previous month' }).click();
    await page.getByRole('button', { name: new RegExp(`${shootDay}: 1 booking \\(1 completed\\)`) }).click();
    await page
      .getByRole('list', { name: 'Bookings' })
      .getByRole('link', { name: 'Ana Ng · Harbour Realty' })
      .waitFor();
    await shot(page, 'desktop-bookings');
    await page.context().close();

    const phone = await signedInPage(browser, it_.base, provider, PHONE, uncaught);
    for (const [route, name] of [
      ['/provider/bookings', 'phone-bookings'],
      [`/provider/bookings/${id}`, 'phone-booking'],
      ['/provider/bookings/setup', 'phone-setup'],
    ]) {
      await phone.goto(`${it_.base}${route}`);
      await phone.getByRole('heading', { level: 1 }).waitFor();
      await phone.getByText('Loading…').first().waitFor({ state: 'detached' });
      await fitsTheWidth(phone);
      await shot(phone, name!);
    }
    await phone.getByRole('button', { name: 'Edit Mia Chen’s hours' }).click();
    await phone.getByRole('button', { name: 'Add more hours on Monday' }).click();
    await phone.getByLabel('Monday (2) starts').fill('12:00');
    await phone.getByRole('button', { name: 'Save Mia Chen’s hours' }).click();
    await phone.getByText('Start must not overlap on the same day').waitFor();
    await fitsTheWidth(phone);
    await shot(phone, 'phone-hours');
    await phone.getByRole('button', { name: 'Remove Monday (2)' }).click();
    await phone.getByRole('button', { name: 'Save Mia Chen’s hours' }).click();
    await phone.getByRole('button', { name: 'Edit Mia Chen’s hours' }).waitFor();
    await phone.getByRole('button', { name: 'Edit 3D scan' }).click();
    await phone.getByRole('dialog', { name: 'Edit 3D scan' }).getByLabel('Price').fill('2,5,0');
    await phone
      .getByRole('dialog', { name: 'Edit 3D scan' })
      .getByRole('button', { name: 'Save service' })
      .click();
    await phone.getByText('Price must be an amount such as 250 or 249.50').waitFor();
    await fitsTheWidth(phone);
    await shot(phone, 'phone-service');
    await phone.context().close();
  });
  it('the back office lists the provider’s bookings', async () => {
    const staff = await it_.signIn('admin@demo.test');
    const page = await signedInPage(browser, it_.base, staff, DESKTOP, uncaught);
    await page.goto(`${it_.base}/admin/providers/${provider.providerId}/show/bookings`);
    const tab = page.getByRole('tabpanel', { name: 'Bookings', exact: true });
    const row = tab.getByRole('row').filter({ hasText: 'Ana Ng' });
    await row.getByText('Completed').waitFor();
    await row.getByText('A$250.00').waitFor();
    await row.getByText('12 Harbour View').waitFor();
    await tab.getByRole('row').filter({ hasText: 'Bo Quick' }).getByText('Pending').waitFor();
    await shot(page, 'desktop-console');
    await page.context().close();
  });
});
