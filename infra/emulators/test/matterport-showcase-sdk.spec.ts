import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../../../test/support/chromium';
import {
  matterportDemoModelId,
  matterportShowcaseSpace,
  startEmulators,
  type RunningEmulators,
} from '@tourly/emulators';

const KEY = 'emulatorsdkkey01';

/** What the test page keeps of the SDK, in the browser. */
type TestWindow = {
  MP_SDK: { connect(iframe: unknown, key?: string, version?: string): Promise<Sdk> };
  document: { body: unknown; getElementById(id: string): unknown };
  sdk: Sdk;
  seen: { sweeps: Array<{ sid: string; floorInfo: { id?: string; sequence?: number } }>; rooms: string[][] };
  seenFloors: Array<{ name: string; sequence?: number }>;
  sweepIds: string[];
};
type Sdk = {
  Sweep: {
    current: {
      subscribe(cb: (sweep: { sid: string; floorInfo: { id?: string; sequence?: number } }) => void): void;
    };
    data: { subscribe(observer: { onCollectionUpdated(collection: Record<string, unknown>): void }): void };
    moveTo(sid: string): Promise<string>;
  };
  Floor: { current: { subscribe(cb: (floor: { name: string; sequence?: number }) => void): void } };
  Room: { current: { subscribe(cb: (current: { rooms: Array<{ label: string }> }) => void): void } };
  disconnect(): void;
};

describe('Matterport Showcase SDK stand-in (GET /matterport/showcase-sdk/latest.js) and its Showcase page', () => {
  let emulators: RunningEmulators;
  let browser: Browser;
  // A test token's model: not one of npm start's accounts, so its layout is picked by its id.
  const model = matterportDemoModelId('sdk-token', 3);
  const space = matterportShowcaseSpace(model);

  // The page that frames Showcase, as the player does: another origin than the emulators', on the same machine
  // (Chromium lets a page that is not local load no script from a loopback address).
  let framer: { url: string; close(): Promise<void> };
  let framingPage = '';

  beforeAll(async () => {
    emulators = await startEmulators({ port: 0 });
    browser = await launchChromium();
    const server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(framingPage);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    framer = {
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
      close: () => new Promise((resolve) => server.close(() => resolve())),
    };
  });
  afterAll(async () => {
    await browser?.close();
    await framer?.close();
    await emulators?.close();
  });

  /**
   * A page on another origin than the emulators' (as the player is), framing Showcase with `query` and loading the
   * SDK from the emulators.
   */
  async function framing(query: string): Promise<Page> {
    const page = await browser.newPage();
    framingPage = `<iframe id="showcase" width="800" height="500" src="${emulators.url}/matterport/show/?${query}"></iframe>
      <iframe id="other" src="${emulators.url}/healthz"></iframe>
      <script src="${emulators.url}/matterport/showcase-sdk/latest.js"></script>`;
    await page.goto(framer.url);
    return page;
  }

  const showcase = (page: Page) => page.frameLocator('#showcase').locator('body');

  it('serves the client where Matterport does, as a plain script defining window.MP_SDK', async () => {
    for (const path of ['latest.js', '3.1.68.12-7-g858688944a/sdk.js']) {
      const response = await fetch(`${emulators.url}/matterport/showcase-sdk/${path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/javascript; charset=utf-8');
      expect(await response.text()).toContain('window.MP_SDK = { connect: connect };');
    }
  });

  it('gives every model a space: floors, rooms, one sweep per room, the same on every run', () => {
    expect(matterportShowcaseSpace(model)).toEqual(space);
    expect(space.sweeps.length).toBeGreaterThanOrEqual(3);
    expect(new Set(space.sweeps.map((sweep) => sweep.room.label)).size).toBe(space.sweeps.length);
    for (const sweep of space.sweeps) expect(sweep.sid).toMatch(/^[a-z0-9]{25}$/);
    // The Demo Scans account's house (7 Riverside Drive) is walked as the Model API lists its rooms.
    const house = matterportShowcaseSpace(matterportDemoModelId('emulator-token-id', 3));
    expect(house.floors.map((floor) => [floor.label, floor.sequence])).toEqual([
      ['Ground floor', 0],
      ['First floor', 1],
    ]);
    expect(house.sweeps.map((sweep) => sweep.room.label)).toEqual([
      'Entry',
      'Living room',
      'Kitchen',
      'Dining room',
      'Laundry',
      'Main bedroom',
      'Ensuite',
      'Bedroom 2',
      'Bathroom',
    ]);
  });

  it('connects, tells the current sweep, room and floor, and follows moves made on the page and by Sweep.moveTo', async () => {
    const house = matterportDemoModelId('emulator-token-id', 3);
    const { sweeps } = matterportShowcaseSpace(house);
    const page = await framing(`m=${house}&applicationKey=${KEY}&ss=3`);
    try {
      // Before play, Showcase stands nowhere: the SDK says so with an empty sweep id.
      await page.evaluate(async (key) => {
        const w = globalThis as unknown as TestWindow;
        w.sdk = await w.MP_SDK.connect(w.document.getElementById('showcase'), key, '3.11');
        w.seen = { sweeps: [], rooms: [] };
        w.seenFloors = [];
        w.sdk.Sweep.current.subscribe((sweep) => w.seen.sweeps.push(sweep));
        w.sdk.Room.current.subscribe((current) => w.seen.rooms.push(current.rooms.map((room) => room.label)));
        w.sdk.Floor.current.subscribe((floor) => w.seenFloors.push(floor));
        w.sdk.Sweep.data.subscribe({
          onCollectionUpdated: (collection) => (w.sweepIds = Object.keys(collection)),
        });
      }, KEY);
      const seen = () =>
        page.evaluate(() => {
          const w = globalThis as unknown as TestWindow;
          return { sweeps: w.seen.sweeps, rooms: w.seen.rooms, floors: w.seenFloors, ids: w.sweepIds };
        });
      expect(await seen()).toEqual({
        sweeps: [expect.objectContaining({ sid: '', floorInfo: {} })],
        rooms: [[]],
        floors: [{ name: '' }],
        ids: sweeps.map((sweep) => sweep.sid),
      });

      // Play: the visitor stands at the start sweep (ss=3), in the dining room on the ground floor.
      await page.frameLocator('#showcase').getByRole('button', { name: 'Explore the 3D space' }).click();
      await page.waitForFunction(() => (globalThis as unknown as TestWindow).seen.sweeps.length === 2);
      let now = await seen();
      expect(now.sweeps[1]).toMatchObject({
        sid: sweeps[3]!.sid,
        floorInfo: { id: sweeps[3]!.room.floor.id, sequence: 0 },
        neighbors: [sweeps[2]!.sid, sweeps[4]!.sid],
      });
      expect(now.rooms[1]).toEqual(['Dining room']);
      expect(now.floors[1]).toMatchObject({ name: 'Ground floor', sequence: 0 });
      await expect(showcase(page).getAttribute('data-sweep')).resolves.toBe(sweeps[3]!.sid);

      // A person clicks the page's control: the SDK hears of the move.
      await page.frameLocator('#showcase').getByRole('button', { name: 'Go to Laundry' }).click();
      await page.waitForFunction(() => (globalThis as unknown as TestWindow).seen.sweeps.length === 3);
      now = await seen();
      expect(now.sweeps[2]).toMatchObject({ sid: sweeps[4]!.sid, floorInfo: { sequence: 0 } });
      expect(now.rooms[2]).toEqual(['Laundry']);

      // The app moves the visitor upstairs: the promise settles once the SDK tells the new place.
      const moved = await page.evaluate(async (sid) => {
        const w = globalThis as unknown as TestWindow;
        const result = await w.sdk.Sweep.moveTo(sid);
        return {
          result,
          last: w.seen.sweeps.at(-1)!.sid,
          room: w.seen.rooms.at(-1),
          floor: w.seenFloors.at(-1),
        };
      }, sweeps[6]!.sid);
      expect(moved).toEqual({
        result: sweeps[6]!.sid,
        last: sweeps[6]!.sid,
        room: ['Ensuite'],
        floor: { id: sweeps[6]!.room.floor.id, name: 'First floor', sequence: 1 },
      });
      expect(
        await Promise.all(
          ['data-sweep', 'data-room', 'data-floor'].map((name) => showcase(page).getAttribute(name)),
        ),
      ).toEqual([sweeps[6]!.sid, 'Ensuite', '1']);
      await page.frameLocator('#showcase').getByRole('button', { name: 'Go to Bedroom 2' }).waitFor();

      // An unknown sweep is refused, and the visitor stays where they are.
      const refused = await page.evaluate(() =>
        (globalThis as unknown as TestWindow).sdk.Sweep.moveTo('nosuchsweep').then(
          () => 'moved',
          (error: Error) => error.message,
        ),
      );
      expect(refused).toBe('Sweep.moveTo: no sweep with id nosuchsweep in this space');
      await expect(showcase(page).getAttribute('data-room')).resolves.toBe('Ensuite');

      // Disconnected, the SDK hears no more.
      await page.evaluate(() => (globalThis as unknown as TestWindow).sdk.disconnect());
      await page.frameLocator('#showcase').getByRole('button', { name: 'Go to Main bedroom' }).click();
      await expect(showcase(page).getAttribute('data-room')).resolves.toBe('Main bedroom');
      expect((await seen()).sweeps).toHaveLength(4);
    } finally {
      await page.close();
    }
  });

  it('refuses what Matterport refuses: not a Showcase iframe, no or another SDK key, another major version', async () => {
    const page = await framing(`m=${model}&play=1&applicationKey=${KEY}`);
    const noKey = await framing(`m=${model}&play=1`);
    try {
      const attempt = (on: Page, frame: string, key?: string, version?: string) =>
        on.evaluate(
          async ([frame, key, version]) => {
            const w = globalThis as unknown as TestWindow;
            try {
              const target = frame === 'none' ? w.document.body : w.document.getElementById(frame!);
              await w.MP_SDK.connect(target, key, version);
              return 'connected';
            } catch (error) {
              return (error as Error).message;
            }
          },
          [frame, key, version] as const,
        );
      expect(await attempt(page, 'none', KEY)).toBe(
        'MP_SDK.connect: the target must be the <iframe> of an embedded Showcase',
      );
      expect(await attempt(page, 'other', KEY)).toMatch(
        /^MP_SDK\.connect: the iframe does not show Matterport Showcase/,
      );
      expect(await attempt(page, 'showcase', KEY, '2.0')).toBe(
        'MP_SDK.connect: unsupported SDK version 2.0 (3.x)',
      );
      expect(await attempt(page, 'showcase', 'anotherkey1234')).toBe(
        'MP_SDK.connect: The SDK key does not match the applicationKey Showcase was opened with',
      );
      expect(await attempt(noKey, 'showcase', KEY)).toBe(
        'MP_SDK.connect: Showcase was opened without an SDK key: add applicationKey=<your SDK key> to the embed URL',
      );
      // Without a key of its own, connect takes the one in the iframe's URL.
      expect(await attempt(page, 'showcase')).toBe('connected');
      expect(await attempt(page, 'showcase', KEY, '3.11')).toBe('connected');
    } finally {
      await page.close();
      await noKey.close();
    }
  });

  it('shows the walk on the page alone too, with the current sweep on <body> for tests', async () => {
    const page = await browser.newPage();
    try {
      await page.goto(`${emulators.url}/matterport/show/?m=${model}`);
      await expect(page.locator('body').getAttribute('data-sweep')).resolves.toBeNull();
      await page.getByRole('button', { name: 'Explore the 3D space' }).click();
      const [first, second] = space.sweeps;
      await expect(page.locator('body').getAttribute('data-sweep')).resolves.toBe(first!.sid);
      await page.getByRole('button', { name: `Go to ${second!.room.label}` }).click();
      await expect(page.locator('body').getAttribute('data-room')).resolves.toBe(second!.room.label);
      expect(await page.locator('body').getAttribute('data-floor')).toBe(String(second!.floorSequence));
    } finally {
      await page.close();
    }
  });
});
