import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { tourPublicId } from '@tourly/contracts';
import { analyticsSent, hidePage, signedInPage } from './support/browser';
import { showcaseConnected } from './support/matterport';
import { eventually } from '@tourly/platform/testing';
import type { PlatformWithEmulators } from './support/platform';
import { aProperty, onStarter } from './support/provider';
import { sharedBrowserPlatform } from './support/shared-platform';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
/** Where the journey leaves its screenshots (not committed). */
const SCREENSHOTS = path.join(__dirname, 'artifacts', 'custom-tags');

/**
 * Issue 34's custom tags in a real browser against the whole platform, with the Matterport emulator's Showcase
 * stand-in. A provider on Starter adds two tags beside the tour space's preview, each placed by a click on the
 * stand-in's floor: "Kitchen" with a Vimeo video (a link to the app itself refused first, in the server's words) and
 * "Pool" with an icon it uploads; saves them, sees them placed in the preview's space, makes the tour premium and
 * shares it. A visitor on a phone finds "Pool" in the Tags list by searching, opens it (a bottom sheet across the
 * tour), then opens "Kitchen" from the space itself and meets its video; each card is a tag opened in the tour's
 * analytics. Turned basic, the same tour plays without the layers.
 */
jest.setTimeout(150_000);

describe('custom tags in the browser', () => {
  let it_: PlatformWithEmulators;
  let browser: Browser;
  let release: () => Promise<void>;
  let base: string;
  const uncaught: string[] = [];

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    ({ it_, browser, release } = await sharedBrowserPlatform());
    base = it_.base;
  }, 180_000);

  afterAll(async () => {
    await release?.();
    expect(uncaught).toEqual([]);
  });

  const preview = (page: Page) => page.getByRole('region', { name: 'Preview' });
  const editor = (page: Page) => page.getByRole('region', { name: 'Custom tags', exact: true });
  const showcase = (page: Page) => page.frameLocator('iframe.tour-model');

  /** Places the tag being edited where a click on the stand-in's floor lands. */
  async function placeOnTheFloor(page: Page, at: { x: number; y: number }): Promise<void> {
    const tags = editor(page);
    await tags.getByRole('button', { name: 'Place in the space' }).click();
    await tags.getByText('Click the spot in the preview where the tag goes.').waitFor();
    await showcase(page)
      .getByRole('button', { name: /^Floor of / })
      .click({ position: at });
    await tags.getByText('Placed.', { exact: true }).waitFor();
  }

  it('the provider places two tags (a video, an uploaded icon); a visitor on a phone opens them', async () => {
    const provider = await it_.signUp('Tag Lights Media');
    await onStarter(it_, provider);
    const propertyId = await aProperty(provider, 'Harbour Tags');
    const page = await signedInPage(browser, base, provider, DESKTOP, uncaught);
    await page.goto(`${base}/provider/properties/${propertyId}/virtual-tour/space`);
    await preview(page).getByText('Harbour Tags', { exact: true }).waitFor();
    await showcaseConnected(page);
    await showcase(page).getByRole('button', { name: 'Explore the 3D space' }).click();
    const tags = editor(page);

    // "Kitchen": a video, its link first refused in the server's words (the app's own host is no video host).
    await tags.getByRole('button', { name: 'Add a tag' }).click();
    await tags.getByRole('textbox', { name: 'Label' }).fill('Kitchen');
    await tags.getByRole('textbox', { name: 'Description' }).fill('Induction hob and a pantry');
    await tags.getByRole('combobox', { name: 'Media' }).selectOption('video');
    const video = tags.getByRole('textbox', { name: /^Video link/ });
    await video.fill(`${base}/tours/x/y`);
    await placeOnTheFloor(page, { x: 60, y: 40 });
    await tags.getByRole('button', { name: 'Save the tags' }).click();
    await tags.getByText('must be a video hosted elsewhere, not a link to Tourly itself').waitFor();
    await video.fill('https://vimeo.com/76979871');
    await tags.getByRole('button', { name: 'Done' }).click();

    // "Pool": an icon of the provider's own, uploaded here, picked for it.
    await tags.getByRole('button', { name: 'Add a tag' }).click();
    await tags.getByRole('textbox', { name: 'Label' }).fill('Pool');
    await tags.getByRole('textbox', { name: 'New icon’s name' }).fill('Pool ladder');
    const icon = await sharp({ create: { width: 64, height: 64, channels: 4, background: '#1e90ff' } })
      .png()
      .toBuffer();
    await tags
      .locator('input[type="file"]')
      .setInputFiles({ name: 'ladder.png', mimeType: 'image/png', buffer: icon });
    // Uploaded, the icon is the tag's: its button pressed.
    await tags.getByRole('button', { name: 'Pool ladder', exact: true, pressed: true }).waitFor();
    await placeOnTheFloor(page, { x: 160, y: 90 });
    await tags.getByRole('button', { name: 'Save the tags' }).click();
    await tags
      .getByRole('status')
      .getByText('Saved: visitors see these tags once the tour is shared.')
      .waitFor();

    // Both in the preview's space (the stand-in lists the placed tags as buttons named by their labels).
    await showcase(page).locator('body[data-tags="2"]').waitFor({ state: 'attached' });
    await showcase(page).getByRole('button', { name: 'Kitchen', exact: true }).waitFor();
    await showcase(page).getByRole('button', { name: 'Pool', exact: true }).waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'desktop-editor.png') });

    // Premium and shared, as the Publishing section does it.
    const shared = await provider.send('put', `/provider/properties/${propertyId}/published_features`, {
      published_features: { tour: true, premium: true },
    });
    expect(shared.status).toBe(200);
    const link = (await provider.get(`/provider/properties/${propertyId}/player_link`)).body.data;

    // The visitor on a phone: Tags, a search, the tag opened from the list as a bottom sheet.
    const context = await browser.newContext({ viewport: PHONE, isMobile: true });
    const visitor = await context.newPage();
    visitor.on('pageerror', (error) => uncaught.push(error.message));
    const sent = await analyticsSent(visitor);
    await visitor.goto(`${base}/tours/${link.client_slug}/${link.model_slug}`);
    await showcaseConnected(visitor);
    await visitor.getByRole('button', { name: 'Tags', exact: true }).click();
    const list = visitor.getByRole('region', { name: 'Tags in this tour' });
    await list.getByRole('searchbox', { name: 'Search the tags' }).fill('poo');
    await expect(list.getByRole('button').filter({ hasText: 'Kitchen' }).count()).resolves.toBe(0);
    await list.getByRole('button', { name: 'Pool' }).click();
    const card = visitor.getByRole('dialog', { name: 'Pool' });
    await card.waitFor();
    // A bottom sheet across the tour (which ends above the page's footer and cookie banner).
    const sheet = (await card.boundingBox())!;
    const tour = (await visitor.locator('.tour-layers').boundingBox())!;
    expect(Math.round(sheet.width)).toBe(PHONE.width);
    expect(Math.round(sheet.y + sheet.height)).toBe(Math.round(tour.y + tour.height));
    await showcase(visitor).locator('button.tag[aria-pressed="true"]', { hasText: 'Pool' }).waitFor();
    await visitor.screenshot({ path: path.join(SCREENSHOTS, 'phone-pool.png') });

    // From the space: the Kitchen tag clicked in Showcase opens its card, with the video's player.
    await card.getByRole('button', { name: 'Close' }).click();
    await showcase(visitor).getByRole('button', { name: 'Kitchen', exact: true }).click();
    const kitchen = visitor.getByRole('dialog', { name: 'Kitchen' });
    await kitchen.getByText('Induction hob and a pantry').waitFor();
    expect(await kitchen.locator('iframe').getAttribute('src')).toBe(
      'https://player.vimeo.com/video/76979871',
    );
    await visitor.screenshot({ path: path.join(SCREENSHOTS, 'phone-kitchen.png') });

    // Each card shown is a tag opened in the tour's analytics, named by the tag's id: Pool, then Kitchen.
    const layer = await provider.get(`/provider/properties/${propertyId}/custom_tag_layer`).expect(200);
    const placed: Array<{ id: string; label: string }> = layer.body.data.custom_tags;
    const idOf = (label: string) => placed.find((tag) => tag.label === label)?.id;
    const opened = () => sent.events().filter((event) => event.type === 'tag_opened');
    await hidePage(visitor);
    await eventually(
      async () => opened(),
      (events) => events.length === 2,
      'the tags opened sent',
    );
    expect(opened().map((event) => event.target)).toEqual([idOf('Pool'), idOf('Kitchen')]);

    // The same tour turned basic plays without its layers: no Tags, and no layer's code nor the tags asked for.
    await provider
      .send('put', `/provider/properties/${propertyId}/published_features`, {
        published_features: { tour: true, premium: false },
      })
      .expect(200);
    const basePath = `/digital_twin/${encodeURIComponent(tourPublicId(link.client_slug, link.model_slug))}/layers/base.json`;
    await eventually(
      async () => (await it_.http.get(basePath)).body.data?.premium_layers,
      (layers) => layers === false,
      'the tour basic',
    );
    const basic = await context.newPage();
    basic.on('pageerror', (error) => uncaught.push(error.message));
    const asked: string[] = [];
    basic.on('request', (request) => asked.push(new URL(request.url()).pathname));
    await basic.goto(`${base}/tours/${link.client_slug}/${link.model_slug}`);
    await showcaseConnected(basic);
    await basic.getByRole('button', { name: 'Menu' }).waitFor();
    expect(await basic.getByRole('button', { name: 'Tags', exact: true }).count()).toBe(0);
    expect(asked.filter((path) => /Layer-[\w-]+\.js$|tags\.json$/.test(path))).toEqual([]);
    await context.close();
  });
});
