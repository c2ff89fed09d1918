import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { rolldown } from 'rolldown';
import { matterportShowcaseSpace, type RunningEmulators } from '@tourly/emulators';
import { showcaseConnected } from './support/matterport';
import type { Person, PlatformWithEmulators } from './support/platform';
import { aSharedTour, onStarter } from './support/provider';
import { sharedBrowserPlatform } from './support/shared-platform';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const KEY = 'emulatorsdkkey01';
/** The emulator's model the platform's properties show (aProperty's `SxQL3iGyoDo`). */
const MODEL = 'SxQL3iGyoDo';

// A browser against the emulators, then the whole platform: on a loaded 2-core CI machine a journey takes 30 s.
jest.setTimeout(180_000);

interface Point {
  x: number;
  y: number;
  z: number;
}

/** The part of web/src/tour/space.ts's SpaceSession called here (the web app's types need the DOM's). */
interface Space {
  sweeps(): Promise<unknown[]>;
  moveTo(sweep: string, rotation?: { x: number; y: number }): Promise<void>;
  pose(): Promise<unknown>;
  showTags(
    tags: Array<{
      id: string;
      label: string;
      description: string;
      color: string;
      anchorPosition: Point;
      stemVector: Point;
    }>,
  ): Promise<void>;
  hideTags(ids: string[]): Promise<void>;
  onTagOpened(listener: (id: string) => void): () => void;
  onPick(listener: (pick: unknown) => void): () => void;
}

/** What the test page keeps of the session (web/src/tour/showcase-sdk.ts, built for the page as `tourlySpace`). */
type SpaceWindow = {
  tourlySpace: {
    connectShowcase(iframe: unknown, sdk: { url: string; key: string }): Promise<{ space: Space } | null>;
  };
  document: { getElementById(id: string): unknown };
  getComputedStyle(element: unknown): { borderTopColor: string };
  space: Space;
  opened: string[];
  picks: unknown[];
};

/**
 * The player's connection to the 3D space in a real browser: the web app's own SpaceSession
 * (web/src/tour/showcase-sdk.ts, bundled for the page as the app bundles it) against the emulators' Showcase and SDK
 * stand-ins, at a phone's and a desktop's width: a tag shown through the session appears in the space and opens,
 * moveTo reaches a sweep turned as asked, a click on the floor is a pick. Then the visitor's player: it connects to
 * Showcase, and renders the space's layers for a premium tour only; the same tour basic plays without them.
 */
describe('the 3D space through Showcase’s SDK (SpaceSession)', () => {
  let it_: PlatformWithEmulators;
  let emulators: RunningEmulators;
  let browser: Browser;
  let release: () => Promise<void>;
  let framer: Server;
  let framerUrl = '';
  let sessionScript = '';
  let framingPage = '';

  beforeAll(async () => {
    const bundle = await rolldown({
      input: path.join(__dirname, '..', 'web', 'src', 'tour', 'showcase-sdk.ts'),
    });
    sessionScript = (await bundle.generate({ format: 'iife', name: 'tourlySpace' })).output[0].code;
    ({ it_, browser, release } = await sharedBrowserPlatform());
    emulators = it_.emulators;
    // The page framing Showcase is on another origin than the emulators', as the player is.
    framer = createServer((request, response) => {
      if (request.url === '/session.js') {
        response.writeHead(200, { 'content-type': 'text/javascript' }).end(sessionScript);
      } else {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(framingPage);
      }
    });
    await new Promise<void>((resolve) => framer.listen(0, '127.0.0.1', resolve));
    framerUrl = `http://127.0.0.1:${(framer.address() as AddressInfo).port}/`;
  });
  afterAll(async () => {
    await new Promise((resolve) => framer?.close(resolve));
    await release?.();
  });

  async function connectedPage(viewport: { width: number; height: number }): Promise<Page> {
    const context = await browser.newContext({ viewport, isMobile: viewport.width < 576 });
    const page = await context.newPage();
    framingPage = `<!doctype html><meta name="viewport" content="width=device-width">
      <style>body { margin: 0 } iframe { border: 0; width: 100vw; height: 100vh }</style>
      <iframe id="showcase" src="${emulators.url}/matterport/show/?m=${MODEL}&play=1&applicationKey=${KEY}"></iframe>
      <script src="/session.js"></script>`;
    await page.goto(framerUrl);
    const connected = await page.evaluate(
      async ([url, key]) => {
        const w = globalThis as unknown as SpaceWindow;
        const session = await w.tourlySpace.connectShowcase(w.document.getElementById('showcase'), {
          url,
          key,
        });
        if (!session) return false;
        w.space = session.space;
        w.opened = [];
        w.picks = [];
        w.space.onTagOpened((id) => w.opened.push(id));
        w.space.onPick((pick) => w.picks.push(pick));
        return true;
      },
      [`${emulators.url}/matterport/showcase-sdk/latest.js`, KEY] as const,
    );
    expect(connected).toBe(true);
    return page;
  }

  for (const [name, viewport] of [
    ['a phone', PHONE],
    ['a desktop', DESKTOP],
  ] as const) {
    it(`on ${name}: shows a tag in the space, opens it, moves to a sweep and picks a point on the floor`, async () => {
      const { sweeps } = matterportShowcaseSpace(MODEL);
      const page = await connectedPage(viewport);
      const showcase = page.frameLocator('#showcase');
      try {
        expect(
          await page.evaluate(
            async () => (await (globalThis as unknown as SpaceWindow).space.sweeps()).length,
          ),
        ).toBe(sweeps.length);

        // A tag shown through the session is a tag in the space, with its colour.
        await page.evaluate(() =>
          (globalThis as unknown as SpaceWindow).space.showTags([
            {
              id: 'island',
              label: 'Kitchen island',
              description: 'Carrara marble',
              color: '#ff0000',
              anchorPosition: { x: 1, y: 0, z: -1 },
              stemVector: { x: 0, y: 0.4, z: 0 },
            },
          ]),
        );
        const tag = showcase.getByRole('button', { name: 'Kitchen island' });
        await tag.waitFor();
        const border = (button: unknown) =>
          (globalThis as unknown as SpaceWindow).getComputedStyle(button).borderTopColor;
        expect(await tag.evaluate(border)).toBe('rgb(255, 0, 0)');

        // The visitor clicks it in the space: the session tells the layer's id.
        await tag.click();
        await showcase.getByText('Carrara marble').waitFor();
        await page.waitForFunction(() => (globalThis as unknown as SpaceWindow).opened.length === 1);
        expect(await page.evaluate(() => (globalThis as unknown as SpaceWindow).opened)).toEqual(['island']);

        // moveTo reaches the sweep, turned as asked; the pose says so.
        const target = sweeps[2]!;
        const pose = await page.evaluate(async (sid) => {
          const { space } = globalThis as unknown as SpaceWindow;
          await space.moveTo(sid, { x: 0, y: 90 });
          return space.pose();
        }, target.sid);
        expect(pose).toEqual({ sweep: target.sid, rotation: { x: 0, y: 90 }, mode: 'inside' });
        expect(await showcase.locator('body').getAttribute('data-room')).toBe(target.room.label);
        const refused = await page.evaluate(() =>
          (globalThis as unknown as SpaceWindow).space.moveTo('nosuchsweep').then(
            () => 'moved',
            (error: Error) => error.message,
          ),
        );
        expect(refused).toBe('Sweep.moveTo: no sweep with id nosuchsweep in this space');

        // A click on the floor is a pick on the floor under the sweep, its normal up.
        const floor = showcase.getByRole('button', { name: `Floor of ${target.room.label}` });
        const box = (await floor.boundingBox())!;
        await floor.click({ position: { x: box.width / 2, y: box.height / 2 } });
        await page.waitForFunction(() => (globalThis as unknown as SpaceWindow).picks.length === 1);
        const [pick] = (await page.evaluate(() => (globalThis as unknown as SpaceWindow).picks)) as Array<{
          position: Point;
          normal: unknown;
        }>;
        expect(pick!.normal).toEqual({ x: 0, y: 1, z: 0 });
        expect(pick!.position.y).toBeCloseTo(target.position.y - 1.5, 5);
        expect(pick!.position.x).toBeCloseTo(target.position.x, 1);

        // Hidden, it leaves the space.
        await page.evaluate(() => (globalThis as unknown as SpaceWindow).space.hideTags(['island']));
        await tag.waitFor({ state: 'detached' });
      } finally {
        await page.context().close();
      }
    });
  }

  describe('in the visitor’s player', () => {
    let provider: Person;
    let tourUrl = '';
    let propertyId = '';
    const contexts: BrowserContext[] = [];

    beforeAll(async () => {
      provider = await it_.signUp('Space Layers Media');
      await onStarter(it_, provider);
      const tour = await aSharedTour(provider, 'Harbour Penthouse');
      propertyId = tour.propertyId;
      tourUrl = `${it_.base}${new URL(tour.link.links.default!).pathname}`;
    }, 240_000);
    afterAll(async () => {
      await Promise.all(contexts.map((context) => context.close()));
    });

    const premium = (on: boolean) =>
      provider
        .send('put', `/provider/properties/${propertyId}/published_features`, {
          published_features: { tour: true, premium: on },
        })
        .expect(200);

    async function visit(viewport: { width: number; height: number }): Promise<Page> {
      const context = await browser.newContext({ viewport, isMobile: viewport.width < 576 });
      contexts.push(context);
      const page = await context.newPage();
      await page.goto(tourUrl);
      await page.locator('iframe.tour-model').waitFor();
      return page;
    }

    it('connects to Showcase at both widths and gives a premium tour its layers; the same tour basic has none', async () => {
      await premium(true);
      for (const viewport of [PHONE, DESKTOP]) {
        const page = await visit(viewport);
        await showcaseConnected(page);
        await page.locator('.tour-layers').waitFor({ state: 'attached' });
        await page.context().close();
      }
      await premium(false);
      for (const viewport of [PHONE, DESKTOP]) {
        const page = await visit(viewport);
        // The SDK still follows the visitor (analytics), but no layer is rendered or loaded.
        await showcaseConnected(page);
        await page.locator('.tour-overlay').waitFor({ state: 'attached' });
        expect(await page.locator('.tour-layers').count()).toBe(0);
        await page.context().close();
      }
    });
  });
});
