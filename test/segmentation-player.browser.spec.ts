import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { tourPublicId } from '@tourly/contracts';
import { matterportAccountModels } from '@tourly/emulators';
import { eventually } from '@tourly/platform/testing';
import { connectMatterport, showcaseConnected } from './support/matterport';
import type { Person, PlatformWithEmulators } from './support/platform';
import { onStarter } from './support/provider';
import { sharedBrowserPlatform } from './support/shared-platform';
import { fitsTheWidth } from './support/browser';

const PHONE = { width: 390, height: 844 };
/** Where the journey leaves its screenshots (not committed). */
const SCREENSHOTS = path.join(__dirname, 'artifacts', 'segmentation-player');
const HOUSE = matterportAccountModels('harbour-studio').find(
  (model) => model.name === '31 Wharf Road, Balmain',
)!;

/**
 * Issue 37's segmentation as a visitor meets it, in a real browser against the whole platform: a provider on
 * Starter with its Matterport account connected shares the tour of a scanned house and segments its panoramas; a
 * visitor on a phone opens the tour's Rooms view, sees the room they stand in with its segments named and
 * highlighted, and goes to the main bedroom from the list, where the bed is named. A tour whose model has no
 * segmentation offers no Rooms view. A tour left open asks for the pictures' links again before they lapse.
 */
jest.setTimeout(150_000);

describe('the segmentation view in the player', () => {
  let it_: PlatformWithEmulators;
  let browser: Browser;
  let release: () => Promise<void>;
  let provider: Person;
  const uncaught: string[] = [];

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    ({ it_, browser, release } = await sharedBrowserPlatform());
    provider = await it_.signUp('Segmented Homes');
    await onStarter(it_, provider);
    await connectMatterport(it_.base, provider, 'harbour-studio');
  }, 180_000);

  afterAll(async () => {
    await release?.();
    expect(uncaught).toEqual([]);
  });

  /** A shared tour of one of the account's models: its player link and its base.json's path. */
  async function aSharedTour(title: string, model = HOUSE.id) {
    const created = await provider
      .send('post', '/provider/properties', {
        create_tour_params: { title, address: '31 Wharf Road, Balmain', matterport_key: model },
      })
      .expect(201);
    const propertyId = created.body.data.id as string;
    await provider
      .send('put', `/provider/properties/${propertyId}/published_features`, {
        published_features: { tour: true },
      })
      .expect(200);
    const link = (await provider.get(`/provider/properties/${propertyId}/player_link`).expect(200)).body.data;
    return {
      propertyId,
      link: `${it_.base}/tours/${link.client_slug}/${link.model_slug}`,
      basePath: `/digital_twin/${encodeURIComponent(tourPublicId(link.client_slug, link.model_slug))}/layers/base.json`,
    };
  }

  /** The room Showcase shows now (its stand-in names it on its body). */
  const showcaseSweepRoom = (page: Page) =>
    page.frameLocator('iframe.tour-model').locator('body').getAttribute('data-room');

  /** A visitor's page on the link; `clock`: the page's clock installed first, for time to be moved on. */
  async function visitor(link: string, { clock = false } = {}): Promise<Page> {
    const context = await browser.newContext({ viewport: PHONE, isMobile: true });
    const page = await context.newPage();
    page.on('pageerror', (error) => uncaught.push(error.message));
    if (clock) await page.clock.install();
    await page.goto(link);
    return page;
  }

  it('a visitor on a phone opens the Rooms view, sees their room named and goes to the bedroom', async () => {
    const { propertyId, link } = await aSharedTour('Segmented Wharf Road');
    await provider
      .send('post', `/provider/properties/${propertyId}/segmentation/enqueue_equi_segmentation.json`)
      .expect(202);
    await eventually(
      async () =>
        (await provider.get(`/provider/properties/${propertyId}/segmentation/status.json`).expect(200)).body
          .data.segmentation.job.status as string,
      (status) => status !== 'running',
      'the segmentation done',
      60_000,
    ).then((status) => expect(status).toBe('done'));

    const page = await visitor(link, { clock: true });
    await showcaseConnected(page);
    const rooms = page.getByRole('button', { name: 'Rooms' });
    await rooms.click();
    const panel = page.getByRole('complementary', { name: 'Rooms' });
    // Before the visitor has moved into the space, the view says how to see a room.
    await panel.getByText('Move through the tour to see what is in the room you stand in.').waitFor();
    // Every segmented room is listed; the main bedroom's bed is named, and a button takes the visitor there.
    const list = panel.getByRole('list').last();
    await expect(list.getByRole('listitem').count()).resolves.toBe(HOUSE.rooms.length);
    await expect(list.getByRole('listitem').allInnerTexts()).resolves.toContain('Main bedroom\nbed');
    await panel.getByRole('button', { name: 'Go to Main bedroom' }).click();
    // There: the room named, what the engine found in it named with its share, and its picture highlighted.
    const bedroom = panel.getByRole('region', { name: 'Main bedroom' });
    await bedroom.getByRole('heading', { name: 'Main bedroom' }).waitFor();
    await expect(bedroom.locator('[data-label="bed"]').textContent()).resolves.toMatch(/^bed \d+%$/);
    await expect(bedroom.locator('[data-label="wall"]').textContent()).resolves.toMatch(/^wall \d+%$/);
    await expect(bedroom.getByRole('img').getAttribute('aria-label')).resolves.toContain('bed');
    await expect(bedroom.getByText('Nothing furnishes this room').count()).resolves.toBe(0);
    await expect(showcaseSweepRoom(page)).resolves.toBe('Main bedroom');
    await expect(
      panel.getByRole('button', { name: 'Go to Main bedroom' }).getAttribute('aria-current'),
    ).resolves.toBe('location');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'bedroom-phone.png') });
    // An empty room says it can be staged.
    await panel.getByRole('button', { name: 'Go to Laundry' }).click();
    await panel
      .getByRole('region', { name: 'Laundry' })
      .getByText('Nothing furnishes this room: it can be virtually staged.')
      .waitFor();
    // Nothing wider than the phone.
    await fitsTheWidth(page);
    // The pictures' links lapse after an hour: a tour left open fetches them again before, and still shows the room.
    const refreshed = page.waitForRequest((request) => request.url().includes('/segmented_panos.json'));
    await page.clock.fastForward('50:00');
    await refreshed;
    await panel.getByRole('region', { name: 'Laundry' }).waitFor();
    await panel.getByRole('button', { name: 'Close' }).click();
    await expect(panel.count()).resolves.toBe(0);
  });

  it('offers no Rooms view for a tour whose model has no segmentation', async () => {
    const other = matterportAccountModels('harbour-studio').find((model) => model.name !== HOUSE.name)!;
    const { link, basePath } = await aSharedTour('Unsegmented model', other.id);
    const base = await fetch(`${it_.base}${basePath}`);
    expect(((await base.json()) as { data: { segmentation: unknown } }).data.segmentation).toBeNull();
    const page = await visitor(link);
    await showcaseConnected(page);
    await expect(page.getByRole('button', { name: 'Rooms' }).count()).resolves.toBe(0);
  });
});
