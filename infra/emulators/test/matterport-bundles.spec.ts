import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { matterportDemoModelId, startEmulators, type RunningEmulators } from '@tourly/emulators';
import sharp from 'sharp';
import {
  MATTERPORT_BUNDLE_ASSET_URL_TTL_S,
  MATTERPORT_BUNDLE_IDS,
  MATTERPORT_BUNDLE_PROCESSING_MS,
} from '../src/vendors/matterport';

/** The launcher's token id, as the platform's own account. */
const DEMO_TOKEN = 'emulator-token-id';
/** 12 Harbour View, Sydney: an active apartment in Australia (metric by default). */
const APARTMENT = matterportDemoModelId(DEMO_TOKEN, 0);
/** 7 Riverside Drive, Brisbane: an active house of two floors. */
const HOUSE = matterportDemoModelId(DEMO_TOKEN, 3);
/** 1200 Ocean Avenue, San Francisco: still processing. */
const PROCESSING_MODEL = matterportDemoModelId(DEMO_TOKEN, 7);
/** 500 Main Street, Austin: an active office in the United States (imperial by default). */
const AUSTIN_OFFICE = matterportDemoModelId(DEMO_TOKEN, 11);

const BUNDLE_FIELDS = `
  id
  name
  description
  availability
  availableOptions { key values description }
  assets { id url validUntil format filename status }
  processing { bundleId organizationId status lastModified failureCode failureReason }
`;

const BUNDLES = `query bundles($id: ID!) { model(id: $id) { id bundles { ${BUNDLE_FIELDS} } } }`;
const BUNDLE = `query bundle($id: ID!, $bundleId: ID!) { model(id: $id) { bundle(id: $bundleId) { ${BUNDLE_FIELDS} } } }`;
const UNLOCK = `mutation buyAddOn($modelId: ID!, $bundleId: ID!, $options: [BundleOptionInput!]) {
  unlockModelBundle(id: $modelId, bundleId: $bundleId, bundleOptions: $options) { ${BUNDLE_FIELDS} }
}`;

interface Asset {
  id: string;
  url: string;
  validUntil: string;
  format: string;
  filename: string;
  status: string;
}

interface Bundle {
  id: string;
  name: string;
  description: string;
  availability: string;
  availableOptions: Array<{ key: string; values: string[]; description: string }>;
  assets: Asset[];
  processing: {
    bundleId: string;
    organizationId: string;
    status: string;
    lastModified: string;
    failureCode: string | null;
    failureReason: string | null;
  } | null;
}

interface GraphAnswer<T> {
  status: number;
  body: {
    data?: T | null;
    errors?: Array<{ message: string; path?: string[]; extensions?: Record<string, unknown> }>;
  };
}

interface Order {
  id: string;
  account: string;
  modelId: string;
  bundleId: string;
  options: Record<string, string>;
  status: string;
  orderedAt: string;
  readyAt: string;
  lastModified: string;
  failureReason: string | null;
}

const basic = (id: string) => `Basic ${Buffer.from(`${id}:secret`).toString('base64')}`;

describe('matterport emulator: add-ons (bundles, unlockModelBundle, delivered files)', () => {
  let emulators: RunningEmulators;
  let clock = Date.now();

  beforeAll(async () => {
    emulators = await startEmulators({ port: 0, matterport: { now: () => clock } });
  });
  afterAll(() => emulators.close());
  beforeEach(async () => {
    clock = Date.now();
    await fetch(`${emulators.url}/_emulator/reset`, { method: 'POST' });
  });

  async function graph<T>(
    query: string,
    variables: Record<string, unknown> = {},
    token = DEMO_TOKEN,
  ): Promise<GraphAnswer<T>> {
    const response = await fetch(`${emulators.url}/matterport/api/models/graph`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: basic(token) },
      body: JSON.stringify({ query, variables }),
    });
    return { status: response.status, body: (await response.json()) as GraphAnswer<T>['body'] };
  }

  async function bundleOf(modelId: string, bundleId: string): Promise<Bundle> {
    const { status, body } = await graph<{ model: { bundle: Bundle } }>(BUNDLE, { id: modelId, bundleId });
    expect(status).toBe(200);
    expect(body.errors).toBeUndefined();
    return body.data!.model.bundle;
  }

  async function unlock(
    modelId: string,
    bundleId: string,
    options?: Array<{ key: string; value: string }>,
    token = DEMO_TOKEN,
  ): Promise<GraphAnswer<{ unlockModelBundle: Bundle | null }>> {
    return graph(UNLOCK, { modelId, bundleId, ...(options ? { options } : {}) }, token);
  }

  async function ordered(modelId: string, bundleId: string, options?: Array<{ key: string; value: string }>) {
    const { status, body } = await unlock(modelId, bundleId, options);
    expect(status).toBe(200);
    expect(body.errors).toBeUndefined();
    return body.data!.unlockModelBundle!;
  }

  async function control(method: 'GET' | 'POST' | 'DELETE', route: string, body?: unknown) {
    const response = await fetch(`${emulators.url}/matterport/_emulator/bundles${route}`, {
      method,
      ...(body === undefined
        ? {}
        : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  const orders = async () => (await control('GET', '/orders')).body.orders as Order[];

  /** The GraphQL answer of a refused purchase: status 200, the field null, one error on it. */
  function expectRefused(
    answer: GraphAnswer<{ unlockModelBundle: Bundle | null }>,
    message: string,
    code: string,
  ) {
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ unlockModelBundle: null });
    expect(answer.body.errors).toEqual([
      expect.objectContaining({ message, path: ['unlockModelBundle'], extensions: { code } }),
    ]);
  }

  describe('the bundles offered', () => {
    it('lists the schematic floor plan, the TruePlan and the Matterpak, for sale, with their options', async () => {
      const { body } = await graph<{ model: { id: string; bundles: Bundle[] } }>(BUNDLES, { id: APARTMENT });

      expect(body.errors).toBeUndefined();
      const bundles = body.data!.model.bundles;
      expect(bundles.map((bundle) => bundle.id)).toEqual([...MATTERPORT_BUNDLE_IDS]);
      expect(
        bundles.map((bundle) => [bundle.id, bundle.availability, bundle.assets, bundle.processing]),
      ).toEqual([
        ['floorplan:schematic', 'gated', [], null],
        ['trueplan:schematic', 'gated', [], null],
        ['mp:matterpak', 'gated', [], null],
      ]);
      const [schematic, trueplan, matterpak] = bundles;
      expect(schematic!.name).toBe('Schematic Floorplan');
      expect(schematic!.availableOptions.map(({ key, values }) => [key, values])).toEqual([
        ['color', ['false', 'true']],
        ['delivery_time', ['normal', 'fast', 'urgent']],
        ['furniture', ['false', 'true']],
        ['hide_dimensions', ['false', 'true']],
        ['hide_internal_area', ['false', 'true']],
        ['language', ['en', 'de', 'fr', 'es', 'it']],
        ['unit_type', ['imperial', 'metric', 'both']],
        ['use_custom_showcase_labels', ['false', 'true']],
        ['use_showcase_orientation', ['false', 'true']],
        ['use_six_inch_wall_thickness', ['false', 'true']],
      ]);
      expect(schematic!.availableOptions.every((option) => option.description.length > 0)).toBe(true);
      expect(trueplan!.availableOptions).toEqual([]);
      expect(matterpak!.availableOptions).toEqual([]);
    });

    it('reads one bundle by id, and answers not.found for an id no model offers', async () => {
      expect((await bundleOf(APARTMENT, 'mp:matterpak')).name).toBe('Matterpak');

      const { status, body } = await graph<{ model: { bundle: null } }>(BUNDLE, {
        id: APARTMENT,
        bundleId: 'cubicasa:floorplan',
      });
      expect(status).toBe(200);
      expect(body.data).toEqual({ model: { bundle: null } });
      expect(body.errors).toEqual([
        expect.objectContaining({
          message: 'Bundle not found',
          path: ['model', 'bundle'],
          extensions: { code: 'not.found' },
        }),
      ]);
    });
  });

  describe('ordering', () => {
    it('orders the schematic floor plan: unlocked, pending, no files yet, the options and their defaults kept', async () => {
      const bundle = await ordered(APARTMENT, 'floorplan:schematic', [
        { key: 'delivery_time', value: 'fast' },
        { key: 'color', value: 'true' },
      ]);

      expect(bundle.availability).toBe('unlocked');
      expect(bundle.assets).toEqual([]);
      expect(bundle.processing).toEqual({
        bundleId: 'floorplan:schematic',
        organizationId: expect.stringMatching(/^[a-z0-9]{25}$/),
        status: 'pending',
        lastModified: new Date(Math.floor(clock / 1000) * 1000).toISOString().replace('.000Z', 'Z'),
        failureCode: null,
        failureReason: null,
      });
      expect((await bundleOf(APARTMENT, 'floorplan:schematic')).processing!.status).toBe('pending');
      expect(await orders()).toEqual([
        {
          id: expect.stringMatching(/^[a-z0-9]{25}$/),
          account: `token:${DEMO_TOKEN}`,
          modelId: APARTMENT,
          bundleId: 'floorplan:schematic',
          options: {
            color: 'true',
            delivery_time: 'fast',
            furniture: 'false',
            hide_dimensions: 'false',
            hide_internal_area: 'false',
            language: 'en',
            unit_type: 'metric',
            use_custom_showcase_labels: 'false',
            use_showcase_orientation: 'false',
            use_six_inch_wall_thickness: 'false',
          },
          status: 'pending',
          orderedAt: new Date(clock).toISOString(),
          readyAt: new Date(clock + MATTERPORT_BUNDLE_PROCESSING_MS).toISOString(),
          lastModified: new Date(clock).toISOString(),
          failureReason: null,
        },
      ]);
      // The other bundles are untouched.
      expect((await bundleOf(APARTMENT, 'mp:matterpak')).availability).toBe('gated');
    });

    it('measures a model in the United States in imperial units unless told otherwise', async () => {
      await ordered(AUSTIN_OFFICE, 'floorplan:schematic');

      expect((await orders())[0]!.options.unit_type).toBe('imperial');
    });

    it('answers a second order with the same options as the first (one order), and refuses other options', async () => {
      const options = [{ key: 'unit_type', value: 'both' }];
      const first = await ordered(APARTMENT, 'floorplan:schematic', options);
      const again = await ordered(APARTMENT, 'floorplan:schematic', options);

      expect(again).toEqual(first);
      expect(await orders()).toHaveLength(1);
      expectRefused(
        await unlock(APARTMENT, 'floorplan:schematic', [{ key: 'unit_type', value: 'imperial' }]),
        `request.invalid: floorplan:schematic is already unlocked for model ${APARTMENT}, ordered with unit_type: both`,
        'request.invalid',
      );
      // Still so once delivered.
      clock += MATTERPORT_BUNDLE_PROCESSING_MS;
      expect((await ordered(APARTMENT, 'floorplan:schematic', options)).assets).toHaveLength(3);
      expect(await orders()).toHaveLength(1);
    });

    it.each([
      [
        'a TruePlan (not for sale through the Model API)',
        'trueplan:schematic',
        undefined,
        'request.invalid: trueplan:schematic cannot be purchased via Model API; order TruePlans in Matterport Cloud',
        'request.invalid',
      ],
      ['a bundle no model offers', 'mp:e57', undefined, 'Bundle not found', 'not.found'],
      [
        'a value the option does not take',
        'floorplan:schematic',
        [{ key: 'delivery_time', value: 'tomorrow' }],
        'request.invalid: option delivery_time of floorplan:schematic is one of normal, fast, urgent, not "tomorrow"',
        'request.invalid',
      ],
      [
        'an option the bundle does not have',
        'floorplan:schematic',
        [{ key: 'colour', value: 'true' }],
        'request.invalid: floorplan:schematic has no option "colour"; its options are color, delivery_time, ' +
          'furniture, hide_dimensions, hide_internal_area, language, unit_type, use_custom_showcase_labels, ' +
          'use_showcase_orientation, use_six_inch_wall_thickness',
        'request.invalid',
      ],
      [
        'an option given twice',
        'floorplan:schematic',
        [
          { key: 'color', value: 'true' },
          { key: 'color', value: 'false' },
        ],
        'request.invalid: option color is given more than once',
        'request.invalid',
      ],
      [
        'an option of a bundle that takes none',
        'mp:matterpak',
        [{ key: 'delivery_time', value: 'fast' }],
        'request.invalid: mp:matterpak has no option "delivery_time"; it takes no options',
        'request.invalid',
      ],
    ])(
      'refuses %s with an error on the field, status 200',
      async (_case, bundleId, options, message, code) => {
        expectRefused(await unlock(APARTMENT, bundleId, options), message, code);
        expect(await orders()).toEqual([]);
      },
    );

    it('refuses a model of another account, an unknown model and a model that is not active', async () => {
      expectRefused(
        await unlock(matterportDemoModelId('another-token', 0), 'floorplan:schematic'),
        'Model not found',
        'not.found',
      );
      expectRefused(await unlock('AAAAAAAAAAA', 'floorplan:schematic'), 'Model not found', 'not.found');
      expectRefused(
        await unlock(PROCESSING_MODEL, 'floorplan:schematic'),
        `request.invalid: model ${PROCESSING_MODEL} is processing; add-ons are ordered for active models only`,
        'request.invalid',
      );
      expect(await orders()).toEqual([]);
      // The other account may order for its own model.
      const own = await unlock(
        matterportDemoModelId('another-token', 0),
        'floorplan:schematic',
        undefined,
        'another-token',
      );
      expect(own.body.data!.unlockModelBundle!.availability).toBe('unlocked');
      expect((await orders()).map((order) => order.account)).toEqual(['token:another-token']);
    });

    it('refuses, before anything runs, another mutation, options of the wrong shape and a subscription', async () => {
      const other = await graph('mutation { patchModel(id: "x", patch: {}) { id } }');
      expect(other.status).toBe(400);
      expect(other.body.errors).toEqual([
        expect.objectContaining({ message: 'Cannot query field "patchModel" on type "Mutation".' }),
      ]);

      const wrongShape = await graph(
        `mutation { unlockModelBundle(id: "${APARTMENT}", bundleId: "floorplan:schematic", bundleOptions: [{ key: "color", value: true }]) { id } }`,
      );
      expect(wrongShape.status).toBe(400);
      expect(wrongShape.body.errors![0]!.message).toMatch(/String cannot represent a non string value: true/);

      const subscription = await graph('subscription { model(id: "x") { id } }');
      expect(subscription.status).toBe(400);
      expect(subscription.body.errors![0]!.message).toBe(
        'The subscription operation is not supported by the schema.',
      );
      expect(await orders()).toEqual([]);
    });
  });

  describe('delivery', () => {
    it('delivers after the processing delay, by the vendor clock: three signed files, PNG, JPG and SVG', async () => {
      await ordered(HOUSE, 'floorplan:schematic');
      clock += MATTERPORT_BUNDLE_PROCESSING_MS - 1;
      expect((await bundleOf(HOUSE, 'floorplan:schematic')).processing!.status).toBe('pending');

      clock += 1;
      const delivered = await bundleOf(HOUSE, 'floorplan:schematic');
      expect(delivered.availability).toBe('unlocked');
      expect(delivered.processing).toEqual(
        expect.objectContaining({ status: 'completed', failureCode: null }),
      );
      const validUntil = new Date((Math.floor(clock / 1000) + MATTERPORT_BUNDLE_ASSET_URL_TTL_S) * 1000)
        .toISOString()
        .replace('.000Z', 'Z');
      expect(delivered.assets).toEqual(
        ['png', 'jpg', 'svg'].map((format) => ({
          id: expect.stringMatching(/^[a-z0-9]{25}$/),
          url: expect.stringMatching(
            new RegExp(
              `^${emulators.url}/matterport/bundles/[a-z0-9]{25}/${HOUSE}_schematic_floorplan\\.${format}\\?expires=\\d+&signature=[0-9a-f]{64}$`,
            ),
          ),
          validUntil,
          format,
          filename: `${HOUSE}_schematic_floorplan.${format}`,
          status: 'available',
        })),
      );
      expect((await orders())[0]!.status).toBe('completed');
    });

    it('serves the files behind their links: a real PNG and JPEG of the plan, and the SVG with the rooms named', async () => {
      await control('POST', '/delay', { ms: 0 });
      const { assets } = await ordered(HOUSE, 'floorplan:schematic', [
        { key: 'unit_type', value: 'imperial' },
      ]);
      const [png, jpg, svg] = await Promise.all(assets.map((asset) => fetch(asset.url)));

      expect([png!.status, png!.headers.get('content-type')]).toEqual([200, 'image/png']);
      expect(png!.headers.get('content-disposition')).toBe(
        `attachment; filename="${HOUSE}_schematic_floorplan.png"`,
      );
      const pngMetadata = await sharp(Buffer.from(await png!.arrayBuffer())).metadata();
      expect(pngMetadata.format).toBe('png');
      expect(pngMetadata.width).toBeGreaterThan(pngMetadata.height!);
      expect(pngMetadata.height).toBeGreaterThan(200);

      expect([jpg!.status, jpg!.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
      const jpgMetadata = await sharp(Buffer.from(await jpg!.arrayBuffer())).metadata();
      expect([jpgMetadata.format, jpgMetadata.width, jpgMetadata.height]).toEqual([
        'jpeg',
        pngMetadata.width,
        pngMetadata.height,
      ]);

      expect([svg!.status, svg!.headers.get('content-type')]).toEqual([200, 'image/svg+xml']);
      const drawing = await svg!.text();
      expect(drawing).toMatch(/^<\?xml[^>]*>\n<svg /);
      for (const label of [
        '7 Riverside Drive, Brisbane',
        'Ground floor',
        'First floor',
        'Kitchen',
        'Ensuite',
      ]) {
        expect(drawing).toContain(`>${label}</text>`);
      }
      // Imperial dimensions (feet and inches), and the total area in square feet.
      expect(drawing).toMatch(/>\d+'\d+" × \d+'\d+"<\/text>/);
      expect(drawing).toMatch(/>Total internal area: \d+ sq ft<\/text>/);
    });

    it('refuses an expired link, a tampered one and an unknown file with 403 and 404 as a storage bucket does', async () => {
      await control('POST', '/delay', { ms: 0 });
      const { assets } = await ordered(APARTMENT, 'floorplan:schematic');
      const png = new URL(assets[0]!.url);

      const tampered = new URL(png);
      tampered.searchParams.set('signature', 'f'.repeat(64));
      const other = new URL(png);
      other.pathname = other.pathname.replace('.png', '.svg');
      const unsigned = new URL(png);
      unsigned.search = '';
      for (const refused of [tampered, other, unsigned]) {
        const response = await fetch(refused);
        expect([response.status, response.headers.get('content-type')]).toEqual([403, 'application/xml']);
        expect(await response.text()).toContain(
          '<Code>AccessDenied</Code><Message>Invalid signature</Message>',
        );
      }

      const unknown = new URL(png);
      unknown.pathname = unknown.pathname.replace(/bundles\/[a-z0-9]{25}/, `bundles/${'a'.repeat(25)}`);
      expect((await fetch(unknown)).status).toBe(404);
      const noSuchFile = new URL(png);
      noSuchFile.pathname = noSuchFile.pathname.replace('.png', '.pdf');
      const missing = await fetch(noSuchFile);
      expect(missing.status).toBe(404);
      expect(await missing.text()).toContain('<Code>NoSuchKey</Code>');

      clock += (MATTERPORT_BUNDLE_ASSET_URL_TTL_S + 1) * 1000;
      const expired = await fetch(png);
      expect(expired.status).toBe(403);
      expect(await expired.text()).toContain('<Message>Request has expired</Message>');
      // A fresh read signs fresh links.
      const [fresh] = (await bundleOf(APARTMENT, 'floorplan:schematic')).assets;
      expect((await fetch(fresh!.url)).status).toBe(200);
    });

    it('delivers a Matterpak as a zip of the plan and a mesh', async () => {
      await control('POST', '/delay', { ms: 0 });
      const { assets } = await ordered(HOUSE, 'mp:matterpak');

      expect(assets.map(({ format, filename }) => [format, filename])).toEqual([
        ['zip', `${HOUSE}_matterpak.zip`],
      ]);
      const response = await fetch(assets[0]!.url);
      expect([response.status, response.headers.get('content-type')]).toEqual([200, 'application/zip']);
      const zip = Buffer.from(await response.arrayBuffer());
      expect(zip.subarray(0, 4)).toEqual(Buffer.from('PK\x03\x04', 'latin1'));
      expect(zip.includes(Buffer.from(`${HOUSE}.obj`))).toBe(true);
      expect(zip.includes(Buffer.from('colorplan.jpg'))).toBe(true);
    });
  });

  describe('controls (/matterport/_emulator/bundles)', () => {
    it('completes a pending order at once', async () => {
      await ordered(APARTMENT, 'floorplan:schematic');

      const completed = await control('POST', '/complete', {
        modelId: APARTMENT,
        bundleId: 'floorplan:schematic',
      });
      expect(completed.status).toBe(200);
      expect(completed.body).toEqual(expect.objectContaining({ status: 'completed', modelId: APARTMENT }));
      const bundle = await bundleOf(APARTMENT, 'floorplan:schematic');
      expect(bundle.processing!.status).toBe('completed');
      expect(bundle.assets).toHaveLength(3);

      const again = await control('POST', '/complete', {
        modelId: APARTMENT,
        bundleId: 'floorplan:schematic',
      });
      expect(again).toEqual({
        status: 409,
        body: {
          error: {
            message: `The order of floorplan:schematic for model ${APARTMENT} is completed, not pending`,
          },
        },
      });
    });

    it('fails a pending order with a reason; the bundle is for sale again and a new order starts over', async () => {
      await ordered(APARTMENT, 'floorplan:schematic');
      const failed = await control('POST', '/fail', {
        modelId: APARTMENT,
        bundleId: 'floorplan:schematic',
        reason: 'The scan has gaps in the kitchen.',
      });
      expect(failed.body).toEqual(
        expect.objectContaining({ status: 'failed', failureReason: 'The scan has gaps in the kitchen.' }),
      );

      const bundle = await bundleOf(APARTMENT, 'floorplan:schematic');
      expect(bundle.availability).toBe('gated');
      expect(bundle.assets).toEqual([]);
      expect(bundle.processing).toEqual(
        expect.objectContaining({
          status: 'failed',
          failureCode: 'processing.failed',
          failureReason: 'The scan has gaps in the kitchen.',
        }),
      );
      // A failed delivery stays failed, after the delay too.
      clock += MATTERPORT_BUNDLE_PROCESSING_MS;
      expect((await bundleOf(APARTMENT, 'floorplan:schematic')).processing!.status).toBe('failed');

      const reordered = await ordered(APARTMENT, 'floorplan:schematic', [{ key: 'color', value: 'true' }]);
      expect([reordered.availability, reordered.processing!.status]).toEqual(['unlocked', 'pending']);
      expect((await orders()).map((order) => order.status)).toEqual(['failed', 'pending']);
    });

    it('fails the next orders when they are due, with failures set', async () => {
      expect((await control('POST', '/failures', { times: 1 })).body).toEqual({
        failures: { remaining: 1, reason: null },
      });
      await ordered(APARTMENT, 'floorplan:schematic');
      await ordered(HOUSE, 'floorplan:schematic');
      expect((await control('GET', '/failures')).body).toEqual({ failures: null });

      expect((await bundleOf(APARTMENT, 'floorplan:schematic')).processing!.status).toBe('pending');
      clock += MATTERPORT_BUNDLE_PROCESSING_MS;
      expect((await bundleOf(APARTMENT, 'floorplan:schematic')).processing).toEqual(
        expect.objectContaining({
          status: 'failed',
          failureReason: 'The floor plan team could not draw a plan of this space.',
        }),
      );
      expect((await bundleOf(HOUSE, 'floorplan:schematic')).processing!.status).toBe('completed');

      await control('POST', '/failures', { times: 5, reason: 'Out of draughtsmen' });
      expect((await control('DELETE', '/failures')).body).toEqual({ failures: null });
    });

    it('sets the processing delay (0: delivered in the mutation answer); a reset restores the default', async () => {
      expect((await control('GET', '/delay')).body).toEqual({ ms: MATTERPORT_BUNDLE_PROCESSING_MS });
      expect((await control('POST', '/delay', { ms: 0 })).body).toEqual({ ms: 0 });

      const bundle = await ordered(APARTMENT, 'floorplan:schematic');
      expect(bundle.processing!.status).toBe('completed');
      expect(bundle.assets.map((asset) => asset.format)).toEqual(['png', 'jpg', 'svg']);

      await fetch(`${emulators.url}/_emulator/reset`, { method: 'POST' });
      expect((await control('GET', '/delay')).body).toEqual({ ms: MATTERPORT_BUNDLE_PROCESSING_MS });
      expect(await orders()).toEqual([]);
      expect((await bundleOf(APARTMENT, 'floorplan:schematic')).availability).toBe('gated');
    });

    it('refuses what it cannot do: 400 for a malformed body, 404 for no order', async () => {
      for (const [route, body] of [
        ['/complete', { modelId: APARTMENT }],
        ['/complete', { modelId: APARTMENT, bundleId: 'floorplan:schematic', reason: 'no' }],
        ['/fail', { modelId: APARTMENT, bundleId: 'mp:e57' }],
        ['/delay', { ms: -1 }],
        ['/delay', { ms: '5' }],
        ['/failures', { times: 0 }],
      ] as const) {
        const answer = await control('POST', route, body);
        expect([route, answer.status]).toEqual([route, 400]);
        expect(answer.body).toEqual({ error: { message: expect.stringMatching(/^Expected /) } });
      }
      expect(await control('POST', '/fail', { modelId: APARTMENT, bundleId: 'mp:matterpak' })).toEqual({
        status: 404,
        body: { error: { message: `No order of mp:matterpak for model ${APARTMENT}` } },
      });
    });
  });
});

describe('matterport emulator: add-on orders across a restart (stateDir)', () => {
  let stateDir: string;
  let running: RunningEmulators | undefined;

  beforeEach(async () => {
    stateDir = await mkdtemp(path.join(tmpdir(), 'tourly-emulator-bundles-'));
  });
  afterEach(async () => {
    await running?.close();
    running = undefined;
    await rm(stateDir, { recursive: true, force: true });
  });

  async function graph(url: string, query: string, variables: Record<string, unknown>) {
    const response = await fetch(`${url}/matterport/api/models/graph`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: basic(DEMO_TOKEN) },
      body: JSON.stringify({ query, variables }),
    });
    return (await response.json()) as { data: Record<string, { bundle?: Bundle } & Bundle> };
  }

  it('keeps the orders, their progress and their signed links', async () => {
    const first = await startEmulators({ port: 0, stateDir, matterport: { bundleProcessingMs: 0 } });
    running = first;
    const bought = await graph(first.url, UNLOCK, { modelId: APARTMENT, bundleId: 'floorplan:schematic' });
    const link = bought.data.unlockModelBundle!.assets[0]!.url;
    await graph(first.url, UNLOCK, { modelId: HOUSE, bundleId: 'mp:matterpak' });
    await first.close();

    const second = await startEmulators({ port: 0, stateDir });
    running = second;
    const kept = await graph(second.url, BUNDLE, { id: APARTMENT, bundleId: 'floorplan:schematic' });
    expect(kept.data.model!.bundle!.availability).toBe('unlocked');
    expect(kept.data.model!.bundle!.processing!.status).toBe('completed');
    const orders = (await (await fetch(`${second.url}/matterport/_emulator/bundles/orders`)).json()) as {
      orders: Order[];
    };
    expect(orders.orders.map((order) => [order.modelId, order.bundleId])).toEqual([
      [APARTMENT, 'floorplan:schematic'],
      [HOUSE, 'mp:matterpak'],
    ]);
    // The link was made for the first server's port; the same path and query work on the second.
    const before = new URL(link);
    const response = await fetch(`${second.url}${before.pathname}${before.search}`);
    expect([response.status, response.headers.get('content-type')]).toEqual([200, 'image/png']);
  });
});
