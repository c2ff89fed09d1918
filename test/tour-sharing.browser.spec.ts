import { mkdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { Browser, Locator, Page } from 'playwright-core';
import { NOT_A_COLOUR, TOUR_MESSAGES } from '@tourly/contracts';
import { fitsTheWidth, signedInPage } from './support/browser';
import { aProperty, onStarter } from './support/provider';
import type { Person, PlatformWithEmulators } from './support/platform';
import { sharedBrowserPlatform } from './support/shared-platform';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const FREE_PLAN_RULE =
  'On the free plan you can build and preview your tour, but not publish or share it. Upgrade your plan to share it.';
/** Where the journeys leave their screenshots (not committed). */
const SCREENSHOTS = path.join(__dirname, 'artifacts', 'tour-sharing');

/**
 * Sharing a tour in a real browser (Debian's Chromium) against the whole platform. A provider on Starter shares
 * the tour with the Publishing switch, copies its default link on the property page, opens the tour space's Share
 * Settings, copies the link again, opens the share modal (the QR code, the embed code), sets the branding (a
 * refused colour first), sets a password and removes it after the spec's question, changes the URL parameters (a
 * refused number first) and reverts them; the website's preview shows the page at a desktop's and a phone's width;
 * on a phone the tabs fit; a provider on the free plan is told the tour is not shared, with "Upgrade plan".
 */
// Whole journeys in a browser against the whole platform: on a loaded 2-core CI machine one takes 30 s or more.
jest.setTimeout(120_000);

describe('sharing a tour in the browser', () => {
  let it_: PlatformWithEmulators;
  let browser: Browser;
  let release: () => Promise<void>;
  let base: string;
  let provider: Person;
  let propertyId: string;
  let page: Page;
  /** Errors no page code caught: each would be a bug, whatever the page showed. */
  const uncaught: string[] = [];

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    ({ it_, browser, release } = await sharedBrowserPlatform());
    base = it_.base;
    provider = await it_.signUp('Harbour Lights Media');
    await onStarter(it_, provider);
    propertyId = await aProperty(provider, 'Harbour View Apartment');
    page = await signedInPage(browser, base, provider, DESKTOP, uncaught);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
  }, 180_000);

  afterAll(async () => {
    await release?.();
    expect(uncaught).toEqual([]);
  });

  /** Two photos of the property through the API, as a test builder (the first is the website's hero). */
  async function twoPhotos(): Promise<void> {
    const ids: string[] = [];
    for (const [name, colour] of [
      ['harbour-lounge.png', { r: 11, g: 110, b: 105 }],
      ['harbour-kitchen.png', { r: 200, g: 150, b: 90 }],
    ] as const) {
      const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: colour } })
        .png()
        .toBuffer();
      const uploaded = await provider
        .send('post', '/provider/temporary_uploads.json?accept=image')
        .attach('temporary_upload[file]', png, { filename: name, contentType: 'image/png' })
        .expect(201);
      ids.push(uploaded.body.data.id as string);
    }
    await provider
      .send('post', `/provider/properties/${propertyId}/photos/upload_multiple`, {
        photo: { temporary_upload_ids: ids },
      })
      .expect(201);
  }

  /** Resolves once the image has loaded (drawn with a size), not merely once it is in the page. */
  async function loaded(image: Locator): Promise<void> {
    await image.scrollIntoViewIfNeeded();
    await image
      .page()
      .waitForFunction(
        (element) => element.complete && element.naturalWidth > 0,
        await image.elementHandle(),
      );
  }

  const playerLink = async () =>
    (await provider.get(`/provider/properties/${propertyId}/player_link`).expect(200)).body.data;
  const clipboard = (on: Page) => on.evaluate('navigator.clipboard.readText()');
  const form = (scope: Page | Locator, name: string) => scope.getByRole('form', { name, exact: true });

  async function openTab(on: Page, tab: 'Share Settings' | 'Password' | 'URL Parameters'): Promise<void> {
    await on.getByRole('tab', { name: tab }).click();
    await on.getByRole('tab', { name: tab, selected: true }).waitFor();
  }

  /**
   * Nothing on the page is wider than the phone: no sideways scrolling, and no part of the page reaching past its
   * right edge (the tab strip scrolls on its own, so its tabs are left out).
   */
  async function fitsThePhone(on: Page): Promise<void> {
    await fitsTheWidth(on);
    const widest = await on.evaluate(`Math.max(...[...document.querySelectorAll('#main *')]
      .filter((element) => !element.closest('[role=tablist]'))
      .map((element) => element.getBoundingClientRect().right))`);
    expect(widest).toBeLessThanOrEqual(PHONE.width);
  }

  it('shares the tour with the Publishing switch, then copies its link and opens the tour space from the property page', async () => {
    await page.goto(`${base}/provider/properties/${propertyId}`);
    const publishing = page.getByRole('region', { name: 'Publishing' });
    // Not shared yet: no links on the property page.
    await publishing.getByRole('switch', { name: 'Share the tour' }).waitFor();
    expect(await publishing.getByRole('region', { name: 'Tour links' }).count()).toBe(0);

    await publishing.getByRole('switch', { name: 'Share the tour' }).click();
    await publishing.getByText('The tour is shared.').waitFor();
    const links = publishing.getByRole('region', { name: 'Tour links' });
    const { links: expected } = await playerLink();
    expect(await links.getByRole('textbox', { name: 'Default link' }).inputValue()).toBe(expected.default);
    expect(expected.default).toMatch(/^https?:\/\/[^/]+\/tours\/[a-z0-9]{8}\/[a-z0-9-]+$/);
    // No subdomain nor white-label domain yet: how to get a white-label link instead.
    await links.getByText('choose a subdomain or set up a white-label domain in', { exact: false }).waitFor();
    expect(await links.getByRole('link', { name: 'Settings', exact: true }).getAttribute('href')).toBe(
      '/provider/settings',
    );

    await links.getByRole('button', { name: 'Copy default link' }).click();
    await links.getByRole('status').filter({ hasText: 'Copied' }).waitFor();
    expect(await clipboard(page)).toBe(expected.default);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'desktop-property-links.png'), fullPage: true });

    await page.getByRole('link', { name: 'Open the tour space' }).click();
    await page.getByRole('heading', { name: 'Virtual tour', level: 1 }).waitFor();
    expect(page.url()).toBe(`${base}/provider/properties/${propertyId}/virtual-tour/space`);
  });

  it('copies the default link in Share Settings and opens the share modal with the QR code and the embed code', async () => {
    await openTab(page, 'Share Settings');
    const shareLinks = page.getByRole('region', { name: 'Share links' });
    const { links: expected, embed_code: embedCode } = await playerLink();
    // Shared on a paid plan: nothing says otherwise.
    await shareLinks.getByRole('textbox', { name: 'Default link' }).waitFor();
    expect(await shareLinks.getByRole('note', { name: 'Tour not shared' }).count()).toBe(0);
    expect(
      await shareLinks.getByRole('textbox', { name: 'Multiple listing service (MLS) link' }).inputValue(),
    ).toBe(expected.mls);
    await shareLinks.getByText('Unbranded for listing services', { exact: false }).waitFor();

    await page.evaluate("navigator.clipboard.writeText('')");
    await shareLinks.getByRole('button', { name: 'Copy default link' }).click();
    await shareLinks.getByRole('status').filter({ hasText: 'Copied' }).waitFor();
    expect(await clipboard(page)).toBe(expected.default);

    await shareLinks.getByRole('button', { name: 'Share', exact: true }).click();
    const modal = page.getByRole('dialog', { name: 'Share the tour' });
    const qr = modal.getByRole('img', { name: 'QR code of the default link' });
    await qr.waitFor();
    await page.waitForFunction((image) => image.complete && image.naturalWidth > 0, await qr.elementHandle());
    expect(await modal.getByRole('textbox', { name: 'Embed code' }).inputValue()).toBe(embedCode);
    expect(embedCode).toMatch(/^<iframe /);
    expect(embedCode).toContain(`src="${expected.default}"`);
    expect(await modal.getByRole('link', { name: 'Download PNG' }).getAttribute('href')).toMatch(
      /^data:image\/png;base64,/,
    );
    await modal.getByRole('button', { name: 'Copy embed code' }).click();
    await modal.getByRole('status').filter({ hasText: 'Copied' }).waitFor();
    expect(await clipboard(page)).toBe(embedCode);
    // The QR code of another link is drawn anew.
    await modal.getByRole('radio', { name: 'Multiple listing service (MLS) link' }).check();
    await modal.getByRole('img', { name: 'QR code of the multiple listing service (mls) link' }).waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'desktop-share-modal.png') });
    await modal.getByRole('button', { name: 'Close' }).click();
    await modal.waitFor({ state: 'detached' });
  });

  it('sets the branding (a refused colour first, in the server’s words), the media beside the tour and the setup', async () => {
    const branding = form(page, 'Branding');
    const colour = branding.getByRole('textbox', { name: 'Primary colour' });
    await colour.fill('sea green');
    await branding.getByRole('button', { name: 'Save branding' }).click();
    await branding.getByText(`Primary colour ${NOT_A_COLOUR}`).waitFor();
    expect(await colour.getAttribute('aria-invalid')).toBe('true');

    await colour.fill('#0b6e69');
    await branding.getByRole('textbox', { name: 'Provider name' }).fill('Harbour Lights Media');
    await branding.getByRole('textbox', { name: 'Client name' }).fill('Bay Realty');
    await branding.getByRole('textbox', { name: 'Client website' }).fill('https://bay-realty.example');
    await branding.getByRole('button', { name: 'Save branding' }).click();
    await branding.getByText('The branding was saved.').waitFor();
    const saved = (await playerLink()).branding;
    expect(saved).toMatchObject({
      primary_color: '#0b6e69',
      provider_name: 'Harbour Lights Media',
      client_name: 'Bay Realty',
      client_url: 'https://bay-realty.example',
    });

    // The media beside the tour: a website, a link that is not one refused under its field first.
    const media = form(page, 'Media');
    await media.getByRole('combobox', { name: 'Media type' }).selectOption({ label: 'A website' });
    const mediaUrl = media.getByRole('textbox', { name: 'Media URL' });
    await mediaUrl.fill('not a link');
    await media.getByRole('button', { name: 'Save media' }).click();
    await media.getByText('Invalid URL', { exact: true }).waitFor();
    expect(await mediaUrl.getAttribute('aria-invalid')).toBe('true');
    await mediaUrl.fill('https://harbour-lights.example/brochure');
    await media.getByRole('button', { name: 'Save media' }).click();
    await media.getByText('The media was saved.').waitFor();
    expect((await playerLink()).media).toMatchObject({
      type: 'website',
      url: 'https://harbour-lights.example/brochure',
    });

    // The setup, saved on its own.
    const setup = form(page, 'Setup');
    await setup.getByRole('combobox', { name: 'Measurement units' }).selectOption('imperial');
    await setup.getByRole('checkbox', { name: 'Show the footer' }).uncheck();
    await setup.getByRole('button', { name: 'Save setup' }).click();
    await setup.getByText('The setup was saved.').waitFor();
    expect((await playerLink()).setup).toMatchObject({ measurement_unit: 'imperial', show_footer: false });
    await page.screenshot({ path: path.join(SCREENSHOTS, 'desktop-share-settings.png'), fullPage: true });
  });

  it('sets a password after the spec’s warning, and removes it after the spec’s question', async () => {
    await openTab(page, 'Password');
    await page.getByText(TOUR_MESSAGES.passwordWarning, { exact: true }).waitFor();
    const password = form(page, 'Set a password');
    await password.getByRole('textbox', { name: 'Username' }).fill('visitor');
    await password.getByLabel('Password', { exact: true }).fill('short');
    await password.getByRole('button', { name: 'Save password' }).click();
    await password.getByText('Password must be 8 to 128 characters').waitFor();
    // A tour's password follows the accounts' strength rule, in its words.
    await password.getByLabel('Password', { exact: true }).fill('12345678');
    await password.getByRole('button', { name: 'Save password' }).click();
    await password
      .getByText('Password is too easy to guess; try a longer phrase of a few unrelated words')
      .waitFor();

    await password.getByLabel('Password', { exact: true }).fill('harbour-view-2026');
    await password.getByRole('button', { name: 'Save password' }).click();
    await page.getByText('A password is set', { exact: true }).waitFor();
    expect(await playerLink()).toMatchObject({ has_password: true, username: 'visitor' });
    await page.screenshot({ path: path.join(SCREENSHOTS, 'desktop-password.png'), fullPage: true });

    await page.getByRole('button', { name: 'Remove password' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove the password?' });
    await confirm.getByText(TOUR_MESSAGES.removePasswordConfirmation, { exact: true }).waitFor();
    await confirm.getByRole('button', { name: 'Remove password' }).click();
    await page.getByText('No password', { exact: true }).waitFor();
    expect(await playerLink()).toMatchObject({ has_password: false });
  });

  it('changes the URL parameters, a refused number first under its field, and reverts them to the defaults', async () => {
    await openTab(page, 'URL Parameters');
    const options = form(page, 'Viewer options');
    for (const heading of [
      'Launch',
      'Visibility',
      'User interface',
      'Guided tours',
      'Virtual reality',
      'SDK',
    ]) {
      await options.getByRole('group', { name: heading, exact: true }).waitFor();
    }
    const launch = options.getByRole('group', { name: 'Launch', exact: true });
    await launch.getByRole('combobox', { name: 'Quickstart' }).selectOption({ label: 'On' });
    const transition = options.getByRole('textbox', { name: 'Transition time (ms)' });
    await transition.fill('999999');
    await options.getByRole('button', { name: 'Save URL parameters' }).click();
    await options.getByText('Transition time (ms) must be between 0 and 20000').waitFor();
    expect(await transition.getAttribute('aria-invalid')).toBe('true');

    await transition.fill('1500');
    await options.getByRole('button', { name: 'Save URL parameters' }).click();
    await options.getByText(TOUR_MESSAGES.urlParametersUpdated, { exact: true }).waitFor();
    const query = page.getByRole('textbox', { name: 'Embed query string' });
    expect(await query.inputValue()).toBe('qs=1&st=1500');
    expect((await playerLink()).matterport_model_parameter.query).toBe('qs=1&st=1500');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'desktop-url-parameters.png'), fullPage: true });

    await options.getByRole('button', { name: 'Revert to defaults' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revert the URL parameters?' });
    await confirm.getByText(TOUR_MESSAGES.revertUrlParametersConfirmation, { exact: true }).waitFor();
    await confirm.getByRole('button', { name: 'Revert to defaults' }).click();
    await options.getByText('The URL parameters are back to their defaults.').waitFor();
    await page.getByText('Empty: the saved options are the viewer’s defaults.').waitFor();
    expect(await query.inputValue()).toBe('');
    expect(await transition.inputValue()).toBe('');
    expect((await playerLink()).matterport_model_parameter.query).toBe('');
  });

  it('previews the website as visitors will see it, at a desktop’s and a phone’s width', async () => {
    await provider
      .send('patch', `/provider/properties/${propertyId}/website/settings`, {
        website_settings: {
          headline: 'Light-filled harbour living',
          description: 'Two bedrooms by the water.',
        },
      })
      .expect(200);
    await provider
      .send('patch', `/provider/properties/${propertyId}/website/property_features`, {
        property_features: { bedrooms: 2, bathrooms: 1, price: '$1,200,000', features: ['Harbour views'] },
      })
      .expect(200);
    await twoPhotos();
    await page.goto(`${base}/provider/properties/${propertyId}`);
    const website = page.getByRole('region', { name: 'Website', exact: true });
    await website.getByRole('button', { name: 'Preview' }).click();
    const modal = page.getByRole('dialog', { name: 'Website preview' });
    const desktop = modal.getByRole('region', { name: 'The website at a desktop’s width' });
    await desktop.getByRole('heading', { name: 'Harbour View Apartment', level: 1 }).waitFor();
    await desktop.getByText('Light-filled harbour living').waitFor();
    await desktop.getByText('$1,200,000').waitFor();
    await desktop.getByText('2 bedrooms').waitFor();
    await desktop.getByText('Harbour views').waitFor();
    await desktop.getByRole('heading', { name: 'Ask about this property' }).waitFor();
    // The first photo heads the page, the others follow under Photos; the tour is the Showcase embed.
    await loaded(desktop.getByRole('img', { name: 'Harbour View Apartment', exact: true }));
    await loaded(desktop.getByRole('img', { name: 'Photo 2 of Harbour View Apartment' }));
    expect(await desktop.getByTitle('Virtual tour of Harbour View Apartment').getAttribute('src')).toContain(
      '/matterport/show/',
    );
    await desktop.getByRole('heading', { name: 'Harbour View Apartment', level: 1 }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'desktop-website-preview.png') });

    await modal.getByText('Phone', { exact: true }).click();
    const phone = modal.getByRole('region', { name: 'The website at a phone’s width' });
    await phone.getByRole('heading', { name: 'Harbour View Apartment', level: 1 }).waitFor();
    await page.waitForFunction(
      (element) => element.getBoundingClientRect().width <= 390,
      await phone.elementHandle(),
    );
    await page.screenshot({ path: path.join(SCREENSHOTS, 'desktop-website-preview-phone-width.png') });
    await modal.getByRole('button', { name: 'Close' }).click();
    await modal.waitFor({ state: 'detached' });
  });

  it('fits the sharing tabs, the share modal and the website preview on a 390 px phone', async () => {
    const phone = await signedInPage(browser, base, provider, PHONE, uncaught);
    await phone.goto(`${base}/provider/properties/${propertyId}/virtual-tour/space?tab=share`);
    await phone
      .getByRole('region', { name: 'Share links' })
      .getByRole('textbox', { name: 'Default link' })
      .waitFor();
    await fitsThePhone(phone);
    await phone.screenshot({ path: path.join(SCREENSHOTS, 'phone-share-settings.png'), fullPage: true });
    await phone.getByRole('button', { name: 'Share', exact: true }).click();
    const modal = phone.getByRole('dialog', { name: 'Share the tour' });
    await modal.getByRole('img', { name: 'QR code of the default link' }).waitFor();
    await phone.screenshot({ path: path.join(SCREENSHOTS, 'phone-share-modal.png') });
    await modal.getByRole('button', { name: 'Close' }).click();

    await openTab(phone, 'Password');
    await phone.getByText(TOUR_MESSAGES.passwordWarning, { exact: true }).waitFor();
    await fitsThePhone(phone);
    await phone.screenshot({ path: path.join(SCREENSHOTS, 'phone-password.png'), fullPage: true });
    await openTab(phone, 'URL Parameters');
    await form(phone, 'Viewer options').getByRole('group', { name: 'SDK', exact: true }).waitFor();
    await fitsThePhone(phone);
    await phone.screenshot({ path: path.join(SCREENSHOTS, 'phone-url-parameters.png'), fullPage: true });

    await phone.goto(`${base}/provider/properties/${propertyId}`);
    await phone
      .getByRole('region', { name: 'Tour links' })
      .getByRole('textbox', { name: 'Default link' })
      .waitFor();
    await fitsThePhone(phone);
    await phone
      .getByRole('region', { name: 'Website', exact: true })
      .getByRole('button', { name: 'Preview' })
      .click();
    const preview = phone.getByRole('dialog', { name: 'Website preview' });
    // On a phone the preview starts at the phone's width.
    await preview
      .getByRole('region', { name: 'The website at a phone’s width' })
      .getByRole('heading', { name: 'Harbour View Apartment', level: 1 })
      .waitFor();
    await phone.screenshot({ path: path.join(SCREENSHOTS, 'phone-website-preview.png') });
    await phone.context().close();
  });

  it('on the free plan, says the tour is not shared, with the plan’s rule and "Upgrade plan"', async () => {
    const free = await it_.signUp('Free Plan Photography');
    const freeProperty = await aProperty(free, 'Cottage by the Bay');
    const phone = await signedInPage(browser, base, free, PHONE, uncaught);
    await phone.goto(`${base}/provider/properties/${freeProperty}/virtual-tour/space?tab=share`);
    const notShared = phone.getByRole('note', { name: 'Tour not shared' });
    await notShared.getByText(FREE_PLAN_RULE, { exact: true }).waitFor();
    await fitsThePhone(phone);
    await phone.screenshot({ path: path.join(SCREENSHOTS, 'phone-free-plan.png'), fullPage: true });
    await notShared.getByRole('button', { name: 'Upgrade plan' }).click();
    await phone.getByRole('dialog', { name: 'Choose your plan' }).waitFor();
    await phone.context().close();

    const desktop = await signedInPage(browser, base, free, DESKTOP, uncaught);
    await desktop.goto(`${base}/provider/properties/${freeProperty}/virtual-tour/space?tab=share`);
    await desktop.getByRole('note', { name: 'Tour not shared' }).getByText(FREE_PLAN_RULE).waitFor();
    await desktop.screenshot({ path: path.join(SCREENSHOTS, 'desktop-free-plan.png'), fullPage: true });
    await desktop.context().close();
  });
});
