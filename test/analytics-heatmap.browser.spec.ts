import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { SESSION_COOKIE, tourPublicId } from '@tourly/contracts';
import { eventually } from '@tourly/platform/testing';
import { aTemporaryUpload } from '../services/properties/test/media-support';
import type { Person, PlatformWithEmulators } from './support/platform';
import { aSharedTour, onStarter } from './support/provider';
import { sharedBrowserPlatform } from './support/shared-platform';

const PHONE = { width: 390, height: 844 };
const SCREENSHOTS = path.join(__dirname, 'artifacts', 'analytics');

/** Three rooms of the ground floor and the time a visitor spent in each: 300 s in all. */
const ROOMS = [
  { room: 'Kitchen', ms: 120_000 },
  { room: 'Study', ms: 105_000 },
  { room: 'Living room', ms: 75_000 },
];

/**
 * The heat map over the floor plan (issue 33) in a real browser, on a phone with a touch screen: without a floor-plan
 * image the page says how to get one; with one, the provider places two rooms on it (one by tapping, one with the
 * arrow keys, Enter saving) and sees them as circles labelled with their time, the room visitors stayed in longest
 * the biggest and in the deepest colour, the room not placed still in the ranked list; a reload keeps them.
 * Screenshots go to `test/artifacts/analytics/`.
 */
jest.setTimeout(180_000);

describe('the heat map over the floor plan', () => {
  let it_: PlatformWithEmulators;
  let browser: Browser;
  let release: () => Promise<void>;
  let provider: Person;
  let propertyId: string;
  const uncaught: string[] = [];

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    ({ it_, browser, release } = await sharedBrowserPlatform());
    provider = await it_.signUp('Floorplan Heat Media');
    await onStarter(it_, provider);
    const shared = await aSharedTour(provider, 'Harbour Heat House');
    propertyId = shared.propertyId;

    // A visit as the player sends it: into the three rooms of the ground floor, a while in each.
    const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
    const events: unknown[] = [{ type: 'view_started', at: ago(400_000) }];
    ROOMS.forEach(({ room, ms }, index) => {
      const sweep = `sweep${index}`;
      events.push({ type: 'sweep_entered', at: ago(300_000 - index * 1000), sweep, room, floor: 0 });
      events.push({ type: 'dwell', at: ago(200_000 - index * 1000), sweep, room, floor: 0, ms });
    });
    await it_.http
      .post(
        `/digital_twin/${encodeURIComponent(tourPublicId(shared.link.client_slug, shared.link.model_slug))}/analytics.json`,
      )
      .set('user-agent', 'Mozilla/5.0 (iPhone)')
      .send({
        batch: {
          id: randomUUID(),
          view_id: randomUUID(),
          visitor_id: null,
          consent: 'denied',
          device: 'phone',
          language: 'en',
          referrer: null,
          events,
        },
      })
      .expect(202);
    await eventually(
      async () =>
        (await provider.get(`/provider/properties/${propertyId}/analytics.json`).expect(200)).body.data
          .places,
      (places) => places.length === ROOMS.length,
      'the visit rolled up',
      60_000,
    );
  }, 240_000);

  afterAll(async () => {
    await release?.();
    expect(uncaught).toEqual([]);
  });

  it('has the provider place two rooms on the floor plan with a finger and the keyboard, and shows them by time', async () => {
    const page = await phoneWithTouch(browser, it_.base, provider, uncaught);
    const analyticsPage = `${it_.base}/provider/properties/${propertyId}/analytics`;
    await page.goto(analyticsPage);

    // No floor plan yet: the rooms ranked, and where to add one.
    await page.getByRole('list', { name: 'Places by time spent' }).waitFor();
    const hint = page.getByRole('link', { name: 'Add a floor plan to see the heat map on it' });
    expect(await hint.getAttribute('href')).toBe(`/provider/properties/${propertyId}`);
    expect(await page.getByRole('region', { name: 'Heat map' }).count()).toBe(0);

    // A floor plan added on the property's page (as its Floorplans section does it).
    const upload = await aTemporaryUpload(it_, provider, {
      filename: 'Ground floor.png',
      content: await plan(),
    });
    await provider
      .send('post', `/provider/properties/${propertyId}/floorplans/upload_multiple`, {
        floorplan: { temporary_upload_ids: [upload] },
      })
      .expect(201);
    await page.reload();
    const heatMap = page.getByRole('region', { name: 'Heat map' });
    await loaded(heatMap.getByRole('img', { name: 'Floor plan: Ground floor' }));
    await heatMap.getByText('No room is on the floor plan yet.').waitFor();

    await heatMap.getByRole('button', { name: 'Place rooms on the floor plan' }).click();
    const rooms = heatMap.getByRole('list', { name: 'Rooms to place' });
    // Only rooms are offered, each once.
    expect(await rooms.getByRole('button').allTextContents()).toEqual([
      'Kitchen · Floor 1 not placed',
      'Study · Floor 1 not placed',
      'Living room · Floor 1 not placed',
    ]);
    const floorPlan = heatMap.getByRole('group', { name: /^Floor plan Ground floor/ });

    // The kitchen with a finger: the room, then its place on the plan.
    await rooms.getByRole('button', { name: /^Kitchen/ }).tap();
    const box = (await floorPlan.boundingBox())!;
    await floorPlan.tap({ position: { x: box.width * 0.25, y: box.height * 0.4 } });
    await heatMap
      .getByRole('status')
      .filter({ hasText: /^Kitchen placed at \d+% across, \d+% down\.$/ })
      .waitFor();
    await rooms.getByRole('button', { name: /^Kitchen · Floor 1 on Ground floor$/ }).waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'phone-heat-map-placing.png'), fullPage: true });

    // The living room with the keyboard: chosen, moved right from the middle, Enter saves.
    await rooms.getByRole('button', { name: /^Living room/ }).focus();
    await page.keyboard.press('Enter');
    await floorPlan.evaluate((element) => {
      if (element.ownerDocument.activeElement !== element)
        throw new Error('the plan did not take the arrow keys');
    });
    for (let step = 0; step < 4; step++) await page.keyboard.press('Shift+ArrowRight');
    await heatMap
      .getByRole('status')
      .filter({ hasText: 'Living room placed at 70% across, 50% down.' })
      .waitFor();
    await page.keyboard.press('Enter');
    await heatMap.getByRole('status').filter({ hasText: 'Saved: 2 rooms are on the floor plan.' }).waitFor();

    const circles = heatMap.getByRole('list', { name: 'Rooms on the floor plan by time spent' });
    await expectCircles(circles);
    // The room not placed is still ranked, with the others, under the plan.
    await heatMap.getByText('1 room is not placed yet', { exact: false }).waitFor();
    expect(
      await page.getByRole('list', { name: 'Places by time spent' }).locator('strong').allTextContents(),
    ).toEqual(['Kitchen', 'Study', 'Living room']);
    expect(await noSidewaysScroll(page)).toBe(true);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'phone-heat-map.png'), fullPage: true });

    const stored = (await provider.get(`/provider/properties/${propertyId}/analytics/room_pins`).expect(200))
      .body.data as Array<{ room: string; floor: number; x: number; y: number }>;
    expect(stored.map(({ room, floor }) => [room, floor])).toEqual([
      ['Kitchen', 0],
      ['Living room', 0],
    ]);
    expect(stored[0]!.x).toBeCloseTo(0.25, 1);
    expect(stored[0]!.y).toBeCloseTo(0.4, 1);
    expect(stored[1]).toMatchObject({ x: 0.7, y: 0.5 });

    // Kept: the same circles after a reload.
    await page.reload();
    await loaded(heatMap.getByRole('img', { name: 'Floor plan: Ground floor' }));
    await expectCircles(heatMap.getByRole('list', { name: 'Rooms on the floor plan by time spent' }));
    await page.context().close();
  });
});

/** The two placed rooms, labelled with their time and share; the kitchen (the longest) bigger and deeper red. */
async function expectCircles(circles: Locator): Promise<void> {
  await circles.getByRole('listitem').first().waitFor();
  const shown = await circles.getByRole('listitem').evaluateAll((items) =>
    items.map((item) => {
      const [red, green, blue] = item.ownerDocument
        .defaultView!.getComputedStyle(item)
        .backgroundColor.match(/\d+/g)!
        .map(Number);
      return {
        label: item.getAttribute('aria-label'),
        // Relative luminance's weights: the deeper the colour, the lower.
        lightness: 0.2126 * red! + 0.7152 * green! + 0.0722 * blue!,
        width: item.getBoundingClientRect().width,
      };
    }),
  );
  expect(shown.map((circle) => circle.label).sort()).toEqual([
    'Kitchen: 2 min, 40% of the time',
    'Living room: 1 min, 25% of the time',
  ]);
  const kitchen = shown.find((circle) => circle.label!.startsWith('Kitchen'))!;
  const livingRoom = shown.find((circle) => circle.label!.startsWith('Living room'))!;
  expect(kitchen.lightness).toBeLessThan(livingRoom.lightness);
  expect(kitchen.width).toBeGreaterThan(livingRoom.width);
}

/** A floor plan drawn as an architect's plan is: three rooms in outline on white, 800 x 500. */
function plan(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="500">
    <rect width="800" height="500" fill="#fff"/>
    <g fill="none" stroke="#333" stroke-width="6">
      <rect x="20" y="20" width="760" height="460"/>
      <line x1="400" y1="20" x2="400" y2="480"/>
      <line x1="20" y1="300" x2="400" y2="300"/>
    </g>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A phone's browser with a touch screen, signed in as the person (their session cookie). */
async function phoneWithTouch(
  browser: Browser,
  base: string,
  person: { cookie: string },
  uncaught: string[],
): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const [name, value] = person.cookie.split('=') as [string, string];
  if (name !== SESSION_COOKIE) throw new Error(`not a session cookie: ${name}`);
  await context.addCookies([{ name, value, url: base }]);
  const page = await context.newPage();
  page.on('pageerror', (error) => uncaught.push(error.message));
  return page;
}

async function loaded(image: Locator): Promise<void> {
  await image.scrollIntoViewIfNeeded();
  const handle = await image.elementHandle();
  await image.page().waitForFunction((element) => element.complete && element.naturalWidth > 0, handle);
}

/** The page fits the screen's width (a phone never scrolls sideways). */
function noSidewaysScroll(page: Page): Promise<boolean> {
  return page.evaluate<boolean>(
    'document.documentElement.scrollWidth <= document.documentElement.clientWidth',
  );
}
