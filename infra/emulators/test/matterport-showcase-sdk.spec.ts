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

/** The smallest GLB: its 12-byte header and one JSON chunk naming glTF 2.0 (padded to 4 bytes with spaces). */
function tinyGlb(): Buffer {
  const json = Buffer.from(JSON.stringify({ asset: { version: '2.0' } }).padEnd(28, ' '));
  const header = Buffer.alloc(20);
  header.write('glTF', 0, 'ascii');
  header.writeUInt32LE(2, 4);
  header.writeUInt32LE(20 + json.length, 8);
  header.writeUInt32LE(json.length, 12);
  header.write('JSON', 16, 'ascii');
  return Buffer.concat([header, json]);
}

const MODELS: Record<string, { type: string; body: Buffer }> = {
  '/models/sofa.glb': { type: 'model/gltf-binary', body: tinyGlb() },
  '/models/picture.glb': { type: 'image/png', body: Buffer.from('\x89PNG not a model') },
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
    const server = createServer((request, response) => {
      // The models a scene node loads, beside the framing page (its origin: the loader reads them from there).
      const model = MODELS[request.url ?? ''];
      if (model) return void response.writeHead(200, { 'content-type': model.type }).end(model.body);
      if (request.url?.startsWith('/models/')) return void response.writeHead(404).end('no such model');
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

  /** Runs `body` in the framing page with the connected SDK as `sdk`; answers what it returns or the error's message. */
  function inPage<T>(page: Page, body: string, arg?: unknown): Promise<T | string> {
    return page.evaluate(
      async ([source, value]) => {
        const w = globalThis as unknown as TestWindow & Record<string, unknown>;
        try {
          return await new Function('sdk', 'w', 'arg', `return (async () => { ${source} })();`)(
            w.sdk,
            w,
            value,
          );
        } catch (error) {
          return (error as Error).message;
        }
      },
      [body, arg] as const,
    ) as Promise<T | string>;
  }

  async function connected(query: string): Promise<Page> {
    const page = await framing(query);
    await page.evaluate(async (key) => {
      const w = globalThis as unknown as TestWindow;
      w.sdk = await w.MP_SDK.connect(w.document.getElementById('showcase'), key, '3.11');
    }, KEY);
    return page;
  }

  it('tells the camera (Camera.pose) and the mode, turns it (Camera.setRotation, Sweep.moveTo rotation) and refuses what Showcase refuses', async () => {
    const { sweeps } = space;
    const page = await connected(`m=${model}&applicationKey=${KEY}&play=1`);
    try {
      await inPage(
        page,
        `w.poses = []; w.modes = [];
         sdk.Camera.pose.subscribe((pose) => w.poses.push({ ...pose, projection: pose.projection.length }));
         sdk.Mode.current.subscribe((mode) => w.modes.push(mode));`,
      );
      const poses = () => page.evaluate('window.poses') as Promise<Array<Record<string, unknown>>>;
      expect(await poses()).toEqual([
        {
          position: sweeps[0]!.position,
          rotation: { x: 0, y: 0 },
          projection: 16,
          sweep: sweeps[0]!.sid,
          mode: 'mode.inside',
        },
      ]);

      // Moved with a rotation and a transition: the camera stands at the sweep, turned as asked, once.
      expect(
        await inPage(
          page,
          `return sdk.Sweep.moveTo(arg, { rotation: { x: -10, y: 45 }, transition: sdk.Sweep.Transition.INSTANT })`,
          sweeps[1]!.sid,
        ),
      ).toBe(sweeps[1]!.sid);
      expect((await poses()).slice(1)).toEqual([
        expect.objectContaining({
          sweep: sweeps[1]!.sid,
          rotation: { x: -10, y: 45 },
          position: sweeps[1]!.position,
        }),
      ]);
      await inPage(page, `await sdk.Camera.setRotation({ x: 20, y: -90 })`);
      expect((await poses()).at(-1)).toMatchObject({ sweep: sweeps[1]!.sid, rotation: { x: 20, y: -90 } });
      await expect(showcase(page).getAttribute('data-rotation')).resolves.toBe('20,-90');

      // The mode: to the dollhouse and back inside.
      expect(await inPage(page, `return sdk.Mode.moveTo(sdk.Mode.Mode.DOLLHOUSE)`)).toBe('mode.dollhouse');
      expect((await poses()).at(-1)).toMatchObject({ mode: 'mode.dollhouse' });
      await inPage(page, `await sdk.Mode.moveTo(sdk.Mode.Mode.INSIDE)`);
      expect(await page.evaluate('window.modes')).toEqual(['mode.inside', 'mode.dollhouse', 'mode.inside']);

      // Refused, nothing changes.
      const before = (await poses()).length;
      expect(await inPage(page, `await sdk.Camera.setRotation({ x: 120, y: 0 })`)).toBe(
        'Camera.setRotation: rotation must be {x, y} in degrees, x from -90 to 90',
      );
      expect(await inPage(page, `await sdk.Mode.moveTo('mode.sideways')`)).toBe(
        'Mode.moveTo: unknown mode mode.sideways',
      );
      expect(
        await inPage(
          page,
          `await sdk.Sweep.moveTo(arg, { transition: 'transition.teleport' })`,
          sweeps[2]!.sid,
        ),
      ).toBe('Sweep.moveTo: unknown transition transition.teleport');
      expect(
        await inPage(page, `await sdk.Sweep.moveTo(arg, { rotation: { x: 'up' } })`, sweeps[2]!.sid),
      ).toBe('Sweep.moveTo: rotation must be {x, y} in degrees, x from -90 to 90');
      expect(await poses()).toHaveLength(before);
      await expect(showcase(page).getAttribute('data-sweep')).resolves.toBe(sweeps[1]!.sid);
    } finally {
      await page.close();
    }
  });

  it('places tags (Tag.add), shows them on the page, edits, opens and removes them, and tells Tag.data, Tag.openTags and tag.click', async () => {
    const page = await connected(`m=${model}&applicationKey=${KEY}&play=1`);
    try {
      await inPage(
        page,
        `w.data = []; w.opened = []; w.clicks = [];
         sdk.Tag.data.subscribe({
           onAdded: (id, tag) => w.data.push(['added', id, tag.label]),
           onUpdated: (id, tag) => w.data.push(['updated', id, tag.label, tag.color.r]),
           onRemoved: (id) => w.data.push(['removed', id]),
         });
         sdk.Tag.openTags.subscribe((open) => w.opened.push([...open.selected]));
         sdk.on(sdk.Mattertag.Event.CLICK, (id) => w.clicks.push(id));`,
      );
      const anchor = { x: 1, y: 0, z: -2 };
      const stem = { x: 0, y: 0.5, z: 0 };
      await inPage(page, `await sdk.Tag.registerIcon('pool', 'https://example.com/pool.png')`);
      const ids = (await inPage(
        page,
        `return sdk.Tag.add(
           { label: 'Kitchen island', description: 'Marble top', anchorPosition: arg.anchor, stemVector: arg.stem,
             color: { r: 1, g: 0, b: 0 } },
           { label: 'Pool', anchorPosition: arg.anchor, stemVector: arg.stem, iconId: 'pool' })`,
        { anchor, stem },
      )) as string[];
      expect(ids).toHaveLength(2);
      expect(new Set(ids).size).toBe(2);
      const frame = page.frameLocator('#showcase');
      await frame.getByRole('button', { name: 'Kitchen island' }).waitFor();
      await expect(frame.getByRole('button', { name: 'Pool' }).getAttribute('data-icon')).resolves.toBe(
        'https://example.com/pool.png',
      );
      expect(await page.evaluate('window.data')).toEqual([
        ['added', ids[0], 'Kitchen island'],
        ['added', ids[1], 'Pool'],
      ]);

      // Edited: the label and the colour, heard as updates.
      await inPage(page, `await sdk.Tag.editBillboard(arg, { label: 'Island' })`, ids[0]);
      await inPage(page, `await sdk.Tag.editColor(arg, { r: 0, g: 0.5, b: 1 })`, ids[0]);
      await frame.getByRole('button', { name: 'Island', exact: true }).waitFor();
      expect((await page.evaluate('window.data')) as unknown[]).toEqual(
        expect.arrayContaining([
          ['updated', ids[0], 'Island', 1],
          ['updated', ids[0], 'Island', 0],
        ]),
      );

      // Opened by the app: selected, the description shown; no click event (the visitor did not click).
      await inPage(page, `await sdk.Tag.open(arg)`, ids[0]);
      await expect(frame.getByRole('button', { name: 'Island' }).getAttribute('aria-pressed')).resolves.toBe(
        'true',
      );
      await frame.getByText('Marble top').waitFor();
      // Clicked by the visitor: selected, and tag.click with its id.
      await frame.getByRole('button', { name: 'Pool' }).click();
      await page.waitForFunction('window.clicks.length === 1');
      expect(await page.evaluate('window.clicks')).toEqual([ids[1]]);
      expect(await page.evaluate('window.opened')).toEqual([[], [ids[0]], [ids[1]]]);

      // Refused: no position, a bad colour, an unregistered icon, an unknown tag; one bad descriptor adds none.
      const refusals = await Promise.all([
        inPage(page, `await sdk.Tag.add({ label: 'Nowhere', stemVector: arg })`, stem),
        inPage(page, `await sdk.Tag.add({ label: 'Stemless', anchorPosition: arg })`, anchor),
        inPage(
          page,
          `await sdk.Tag.add({ label: 'Fine', anchorPosition: arg, stemVector: arg },
                             { label: 'Red', anchorPosition: arg, stemVector: arg, color: '#ff0000' })`,
          anchor,
        ),
        inPage(page, `await sdk.Tag.add({ anchorPosition: arg, stemVector: arg, iconId: 'sauna' })`, anchor),
        inPage(page, `await sdk.Tag.editColor(arg, { r: 2, g: 0, b: 0 })`, ids[0]),
        inPage(page, `await sdk.Tag.open('nosuchtag')`),
        inPage(page, `await sdk.Tag.remove('nosuchtag')`),
        inPage(page, `await sdk.Tag.registerIcon('pool', 'https://example.com/other.png')`),
      ]);
      expect(refusals).toEqual([
        'Tag.add: tag 0 has no anchorPosition {x, y, z}',
        'Tag.add: tag 0 has no stemVector {x, y, z}',
        'Tag.add: tag 1: color must be {r, g, b} with each part from 0 to 1',
        'Tag.add: tag 0: no icon registered with id sauna',
        'Tag.editColor: color must be {r, g, b} with each part from 0 to 1',
        'Tag.open: no tag with id nosuchtag',
        'Tag.remove: no tag with id nosuchtag',
        'Tag.registerIcon: an icon with id pool is already registered',
      ]);
      await expect(showcase(page).getAttribute('data-tags')).resolves.toBe('2');

      // Removed: gone from the page and from Tag.data.
      expect(await inPage(page, `return sdk.Tag.remove(arg)`, ids[1])).toEqual([ids[1]]);
      await frame.getByRole('button', { name: 'Pool' }).waitFor({ state: 'detached' });
      expect(((await page.evaluate('window.data')) as unknown[]).at(-1)).toEqual(['removed', ids[1]]);
      expect(await page.evaluate('window.opened.at(-1)')).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('starts scene nodes with an mp.gltfLoader (Scene API): each model fetched, listed on the page with its transform, gone once stopped', async () => {
    const page = await connected(`m=${model}&applicationKey=${KEY}&play=1`);
    try {
      const models = page.frameLocator('#showcase').getByRole('list', { name: 'Staged models' });
      const started = await inPage(
        page,
        `const [object] = await sdk.Scene.createObjects(1);
         w.object = object;
         const sofa = object.addNode('sofa');
         sofa.name = 'Sofa';
         sofa.addComponent(sdk.Scene.Component.GLTF_LOADER, { url: arg.base + 'models/sofa.glb', localScale: { x: 2, y: 2, z: 2 } });
         sofa.position.set(1.5, 0, -2.25);
         sofa.quaternion.setFromAxisAngle({ x: 0, y: 1, z: 0 }, Math.PI / 2);
         const lamp = object.addNode('lamp');
         lamp.name = 'Lamp';
         lamp.addComponent('mp.gltfLoader', { url: arg.base + 'models/missing.glb' });
         const picture = object.addNode();
         picture.name = 'Picture';
         picture.addComponent('mp.gltfLoader', { url: arg.base + 'models/picture.glb' });
         const lights = object.addNode();
         lights.addComponent('mp.lights');
         object.start();
         w.sofa = sofa;
         return [sofa.id, lamp.id, picture.id.startsWith('node-')];`,
        { base: framer.url },
      );
      expect(started).toEqual(['sofa', 'lamp', true]);
      // The lights draw nothing: three models, each loaded or failed in words.
      const sofa = models.getByRole('listitem').filter({ hasText: 'Sofa' });
      await sofa.and(page.frameLocator('#showcase').locator('[data-state="loaded"]')).waitFor();
      expect(await sofa.getAttribute('data-position')).toBe('1.5,0,-2.25');
      const [qx, qy, qz, qw] = (await sofa.getAttribute('data-quaternion'))!.split(',').map(Number);
      expect([qx, qy, qz]).toEqual([0, expect.closeTo(Math.SQRT1_2, 6), 0]);
      expect(qw).toBeCloseTo(Math.SQRT1_2, 6);
      expect(await sofa.getAttribute('data-scale')).toBe('2,2,2');
      await models
        .getByRole('listitem')
        .filter({ hasText: `Lamp (HTTP 404 for ${framer.url}models/missing.glb)` })
        .waitFor();
      await models
        .getByRole('listitem')
        .filter({ hasText: `Picture (not a glTF model: ${framer.url}models/picture.glb)` })
        .waitFor();
      await expect(page.frameLocator('#showcase').locator('body').getAttribute('data-models')).resolves.toBe(
        '3',
      );

      // As strict as the SDK: an unknown component, a component once started, a restart, a bad input or count.
      expect(await inPage(page, `w.object.addNode().addComponent('mp.sofa', {})`)).toBe(
        'addComponent: no component registered as mp.sofa',
      );
      expect(await inPage(page, `w.sofa.addComponent('mp.lights')`)).toBe(
        'addComponent: components can only be added to a node before it starts (sofa)',
      );
      expect(
        await inPage(page, `w.object.addNode().addComponent('mp.gltfLoader', { url: 'x', localScale: 2 })`),
      ).toBe('addComponent: mp.gltfLoader localScale must be {x, y, z}');
      expect(await inPage(page, `return sdk.Scene.createObjects(0)`)).toBe(
        'Scene.createObjects: the count must be a whole number from 1',
      );
      expect(await inPage(page, `w.object.addNode('sofa')`)).toBe(
        'addNode: a node with id sofa already exists in this object',
      );

      // Stopped, the sofa leaves the space, and cannot come back: a new node must.
      await inPage(page, `w.sofa.stop()`);
      await sofa.waitFor({ state: 'detached' });
      expect(await inPage(page, `w.sofa.start()`)).toBe(
        'INode.start: a scene node cannot be restarted (sofa)',
      );
      await inPage(page, `w.object.stop()`);
      await models.waitFor({ state: 'hidden' });
      await expect(page.frameLocator('#showcase').locator('body').getAttribute('data-models')).resolves.toBe(
        '0',
      );

      // A disconnected session's nodes leave with it.
      await inPage(
        page,
        `const [object] = await sdk.Scene.createObjects(1);
         const chair = object.addNode('chair');
         chair.name = 'Chair';
         chair.addComponent('mp.gltfLoader', { url: arg.base + 'models/sofa.glb' });
         chair.start();`,
        { base: framer.url },
      );
      await models.getByRole('listitem').filter({ hasText: 'Chair' }).waitFor();
      await inPage(page, `sdk.disconnect()`);
      await models.waitFor({ state: 'hidden' });
    } finally {
      await page.close();
    }
  });

  it('lists the lights of started nodes with their inputs (defaults filled in), refuses inputs a light does not take, and lets them go when stopped', async () => {
    const page = await connected(`m=${model}&applicationKey=${KEY}&play=1`);
    try {
      const lights = page.frameLocator('#showcase').getByRole('list', { name: 'Scene lights' });
      await inPage(
        page,
        `const [object] = await sdk.Scene.createObjects(1);
         const ambient = object.addNode('ambient');
         ambient.addComponent(sdk.Scene.Component.AMBIENT_LIGHT, { color: { r: 1, g: 0.9, b: 0.8 }, intensity: 0.6 });
         const sun = object.addNode('sun');
         sun.addComponent('mp.directionalLight', { color: { r: 1, g: 0.8, b: 0.6 }, position: { x: 2, y: 4, z: 1 } });
         object.start();
         w.sun = sun;`,
      );
      const ambient = lights.locator('[data-type="mp.ambientLight"]');
      await ambient.waitFor();
      expect(await ambient.getAttribute('data-color')).toBe('1,0.9,0.8');
      expect(await ambient.getAttribute('data-intensity')).toBe('0.6');
      expect(await ambient.getAttribute('data-enabled')).toBe('true');
      const sun = lights.locator('[data-type="mp.directionalLight"]');
      // Matterport's default intensity of a directional light is 2.
      expect(await sun.getAttribute('data-intensity')).toBe('2');
      expect(await sun.getAttribute('data-position')).toBe('2,4,1');
      expect(await sun.getAttribute('data-target')).toBe('0,0,0');
      await expect(page.frameLocator('#showcase').locator('body').getAttribute('data-lights')).resolves.toBe(
        '2',
      );

      expect(
        await inPage(
          page,
          `return sdk.Scene.createObjects(1).then(([o]) => o.addNode().addComponent('mp.ambientLight', { colour: { r: 1, g: 1, b: 1 } }))`,
        ),
      ).toBe('addComponent: mp.ambientLight has no input colour');
      expect(
        await inPage(
          page,
          `return sdk.Scene.createObjects(1).then(([o]) => o.addNode().addComponent('mp.directionalLight', { color: { r: 255, g: 0, b: 0 } }))`,
        ),
      ).toBe('addComponent: mp.directionalLight color must be {r, g, b} from 0 to 1');
      expect(
        await inPage(
          page,
          `return sdk.Scene.createObjects(1).then(([o]) => o.addNode().addComponent('mp.ambientLight', { intensity: -1 }))`,
        ),
      ).toBe('addComponent: mp.ambientLight intensity must be a number from 0');

      await inPage(page, `w.sun.stop()`);
      await sun.waitFor({ state: 'detached' });
      await inPage(page, `sdk.disconnect()`);
      await lights.waitFor({ state: 'hidden' });
    } finally {
      await page.close();
    }
  });

  it("tells where a click on the page's floor met the model (Pointer.intersection)", async () => {
    const sweep = space.sweeps[0]!;
    const page = await connected(`m=${model}&applicationKey=${KEY}&play=1`);
    try {
      await inPage(page, `w.hits = []; sdk.Pointer.intersection.subscribe((hit) => w.hits.push(hit));`);
      expect(await page.evaluate('window.hits')).toEqual([
        expect.objectContaining({ object: 'intersectedobject.none' }),
      ]);
      const floor = page
        .frameLocator('#showcase')
        .getByRole('button', { name: `Floor of ${sweep.room.label}` });
      const box = (await floor.boundingBox())!;
      // The floor's centre is under the sweep; it spans 6 m across (x) and deep (z).
      await floor.click({ position: { x: box.width / 2, y: box.height / 2 } });
      await floor.click({ position: { x: box.width * 0.75, y: box.height * 0.25 } });
      await page.waitForFunction('window.hits.length === 3');
      const hits = (await page.evaluate('window.hits')) as Array<Record<string, unknown>>;
      // A pixel is a few millimetres of floor: positions are compared to the decimetre.
      const near = (x: number, y: number, z: number) => ({
        x: expect.closeTo(x, 1),
        y: expect.closeTo(y, 1),
        z: expect.closeTo(z, 1),
      });
      expect(hits[1]).toEqual({
        position: near(sweep.position.x, sweep.position.y - 1.5, sweep.position.z),
        normal: { x: 0, y: 1, z: 0 },
        floorId: sweep.floorSequence,
        floorIndex: sweep.floorSequence,
        object: 'intersectedobject.model',
      });
      expect(hits[2]).toMatchObject({
        position: near(sweep.position.x + 1.5, sweep.position.y - 1.5, sweep.position.z - 1.5),
      });
    } finally {
      await page.close();
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
