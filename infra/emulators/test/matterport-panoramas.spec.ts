import {
  MATTERPORT_PANORAMA_RESOLUTIONS,
  MATTERPORT_PANORAMA_URL_TTL_S,
  matterportDemoModelId,
  matterportDemoModelSpace,
  matterportPanoramaLabels,
  matterportShowcaseSpace,
  startEmulators,
  type RunningEmulators,
} from '@tourly/emulators';
import sharp from 'sharp';
import { SEGMENTATION_LABELS } from '../src/vendors/segmentation/labels';

/** The query the platform sends for a model's panoramas (with its rooms, to tell which panorama is which room's). */
const PANORAMAS = `query panoramas($id: ID!, $resolution: String) {
  model(id: $id) {
    id
    rooms { id label }
    panoLocations {
      id
      label
      position { x y z }
      image(format: equirectangular, resolution: $resolution) { id format resolution url validUntil }
    }
  }
}`;

/** The launcher's token id: its models are the Demo Scans account's, whose rooms Showcase walks. */
const DEMO_TOKEN = 'emulator-token-id';
/** The demo house (7 Riverside Drive): two floors, nine rooms. */
const HOUSE = matterportDemoModelId(DEMO_TOKEN, 3);

interface PanoramicImage {
  id: string;
  format: string;
  resolution: string;
  url: string;
  validUntil: string;
}

interface PanoLocation {
  id: string;
  label: string;
  position: { x: number; y: number; z: number };
  image: PanoramicImage | null;
}

interface PanoramasAnswer {
  status: number;
  body: {
    data?: {
      model: {
        id: string;
        rooms: Array<{ id: string; label: string }>;
        panoLocations: PanoLocation[];
      } | null;
    } | null;
    errors?: Array<{ message: string; path?: Array<string | number>; extensions?: Record<string, unknown> }>;
  };
}

const basic = (id: string) => `Basic ${Buffer.from(`${id}:secret`).toString('base64')}`;

const colourOf = (label: string) => SEGMENTATION_LABELS.find((entry) => entry.label === label)!.rgb;

describe('matterport emulator: panoramas (panoLocations and their signed images)', () => {
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

  async function panoramas(
    id: string,
    variables: Record<string, unknown> = {},
    token = DEMO_TOKEN,
    query = PANORAMAS,
  ): Promise<PanoramasAnswer> {
    const response = await fetch(`${emulators.url}/matterport/api/models/graph`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: basic(token) },
      body: JSON.stringify({ query, variables: { id, ...variables } }),
    });
    return { status: response.status, body: (await response.json()) as PanoramasAnswer['body'] };
  }

  async function locationsOf(id: string, resolution?: string, token = DEMO_TOKEN): Promise<PanoLocation[]> {
    const { status, body } = await panoramas(id, resolution === undefined ? {} : { resolution }, token);
    expect(status).toBe(200);
    expect(body.errors).toBeUndefined();
    return body.data!.model!.panoLocations;
  }

  /** The mean colour of the rows from `from` to `to` (fractions of the height), across the whole width. */
  async function meanColour(jpeg: Buffer, from: number, to: number): Promise<number[]> {
    const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
    const sums = [0, 0, 0];
    const first = Math.floor(from * info.height);
    const last = Math.floor(to * info.height);
    for (let row = first; row < last; row += 1) {
      for (let column = 0; column < info.width; column += 1) {
        const offset = (row * info.width + column) * info.channels;
        for (let channel = 0; channel < 3; channel += 1) sums[channel]! += data[offset + channel]!;
      }
    }
    return sums.map((sum) => sum / ((last - first) * info.width));
  }

  /** The share of the picture's pixels within 24 (per channel) of each label's colour. */
  async function coverage(jpeg: Buffer): Promise<Map<string, number>> {
    const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
    const shares = new Map<string, number>(SEGMENTATION_LABELS.map(({ label }) => [label, 0]));
    const pixels = info.width * info.height;
    for (let offset = 0; offset < data.length; offset += info.channels) {
      for (const { label, rgb } of SEGMENTATION_LABELS) {
        if (rgb.every((channel, index) => Math.abs(data[offset + index]! - channel) <= 24)) {
          shares.set(label, shares.get(label)! + 1 / pixels);
        }
      }
    }
    return shares;
  }

  async function download(url: string): Promise<{ status: number; type: string | null; body: Buffer }> {
    const response = await fetch(url);
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      body: Buffer.from(await response.arrayBuffer()),
    };
  }

  describe('panoLocations', () => {
    it('lists one panorama per room of the model, its id the sweep id Showcase gives, its label the room', async () => {
      const { body } = await panoramas(HOUSE);
      const model = body.data!.model!;
      const { sweeps } = matterportShowcaseSpace(HOUSE);
      expect(model.panoLocations.map((location) => location.id)).toEqual(sweeps.map((sweep) => sweep.sid));
      expect(model.panoLocations.map((location) => location.label)).toEqual(
        model.rooms.map((room) => room.label),
      );
      expect(model.panoLocations.map((location) => location.label)).toEqual([
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
      expect(model.panoLocations.map((location) => location.position)).toEqual(
        sweeps.map((sweep) => sweep.position),
      );
      for (const location of model.panoLocations) expect(location.id).toMatch(/^[a-z0-9]{25}$/);
    });

    it("follows the model's own rooms for any token id", async () => {
      // showcaseSpace picks another layout by the id for most models of a test's own token id; panoLocations
      // answer the rooms the same answer lists.
      for (const index of [0, 3, 6, 12]) {
        const id = matterportDemoModelId('test-token-id', index);
        const { body } = await panoramas(id, {}, 'test-token-id');
        const model = body.data!.model!;
        expect(model.panoLocations.map((location) => location.label)).toEqual(
          model.rooms.map((room) => room.label),
        );
        expect(model.panoLocations.map((location) => location.id)).toEqual(
          matterportDemoModelSpace('test-token-id', index).sweeps.map((sweep) => sweep.sid),
        );
      }
      expect(matterportDemoModelSpace(DEMO_TOKEN, 3)).toEqual(matterportShowcaseSpace(HOUSE));
    });

    it('gives each an equirectangular image at 512 by default, a link signed to expire an hour later', async () => {
      clock = Date.UTC(2025, 5, 1, 12, 0, 0, 400);
      const locations = await locationsOf(HOUSE);
      for (const location of locations) {
        const expires = Date.UTC(2025, 5, 1, 13, 0, 0) / 1000;
        expect(location.image).toEqual({
          id: `${location.id}-equirectangular-512`,
          format: 'equirectangular',
          resolution: '512',
          url: expect.stringMatching(
            new RegExp(
              `^${emulators.url}/matterport/panoramas/${HOUSE}/${location.id}/512\\.jpg\\?expires=${expires}&signature=[0-9a-f]{64}$`,
            ),
          ) as string,
          validUntil: '2025-06-01T13:00:00Z',
        });
      }
      expect(MATTERPORT_PANORAMA_URL_TTL_S).toBe(3600);
    });

    it('refuses a resolution it does not have and the skybox format, as errors on the field', async () => {
      const unknown = await panoramas(HOUSE, { resolution: '4k' });
      expect(unknown.status).toBe(200);
      const count = unknown.body.data!.model!.panoLocations.length;
      expect(unknown.body.data!.model!.panoLocations.every((location) => location.image === null)).toBe(true);
      expect(unknown.body.errors).toHaveLength(count);
      expect(unknown.body.errors![0]).toMatchObject({
        message: 'request.invalid: resolution 4k is not available',
        path: ['model', 'panoLocations', 0, 'image'],
        extensions: { code: 'request.invalid' },
      });

      const skybox = await panoramas(HOUSE, {}, DEMO_TOKEN, PANORAMAS.replace('equirectangular', 'skybox'));
      expect(skybox.status).toBe(200);
      expect(skybox.body.data!.model!.panoLocations[2]).toMatchObject({ label: 'Kitchen', image: null });
      expect(skybox.body.errors).toHaveLength(count);
      expect(new Set(skybox.body.errors!.map((error) => error.message))).toEqual(
        new Set(['request.invalid: format skybox is not available for this panorama']),
      );
    });

    it("answers no panoramas of another account's model", async () => {
      const { status, body } = await panoramas(HOUSE, {}, 'token-b');
      expect(status).toBe(200);
      expect(body.data).toEqual({ model: null });
      expect(body.errors).toMatchObject([{ message: 'Model not found', extensions: { code: 'not.found' } }]);
    });
  });

  describe('the images', () => {
    it('serves the 512 panorama as a 1024x512 JPEG: ceiling on top, floor at the bottom, the room between', async () => {
      const living = (await locationsOf(HOUSE)).find((location) => location.label === 'Living room')!;
      const { status, type, body } = await download(living.image!.url);
      expect(status).toBe(200);
      expect(type).toBe('image/jpeg');
      expect(await sharp(body).metadata()).toMatchObject({ format: 'jpeg', width: 1024, height: 512 });
      expect(MATTERPORT_PANORAMA_RESOLUTIONS['512']).toEqual({ width: 1024, height: 512 });

      const near = (mean: number[], rgb: readonly number[]) =>
        mean.forEach((channel, index) => expect(Math.abs(channel - rgb[index]!)).toBeLessThanOrEqual(4));
      near(await meanColour(body, 0, 0.05), colourOf('ceiling'));
      near(await meanColour(body, 0.95, 1), colourOf('floor'));

      // Painted in the segmentation colours alone: a living room's sofa and table are there, no bed or cabinet.
      expect(matterportPanoramaLabels('Living room')).toEqual([
        'ceiling',
        'wall',
        'floor',
        'window',
        'door',
        'sofa',
        'table',
      ]);
      const shares = await coverage(body);
      for (const label of matterportPanoramaLabels('Living room'))
        expect(shares.get(label)).toBeGreaterThan(0.005);
      expect(shares.get('bed')).toBeLessThan(0.001);
      expect(shares.get('cabinet')).toBeLessThan(0.001);
    });

    it('paints the furniture by the room, and no furniture in the other rooms', async () => {
      expect(matterportPanoramaLabels('Main bedroom')).toContain('bed');
      expect(matterportPanoramaLabels('Kitchenette')).toEqual(
        expect.arrayContaining(['cabinet', 'table']) as string[],
      );
      expect(matterportPanoramaLabels('Dining room')).toContain('table');
      expect(matterportPanoramaLabels('Study')).toContain('table');
      expect(matterportPanoramaLabels('Family LOUNGE')).toEqual(
        expect.arrayContaining(['sofa', 'table']) as string[],
      );
      for (const empty of ['Hallway', 'Bathroom', 'Garage', 'Entry']) {
        expect(matterportPanoramaLabels(empty)).toEqual(['ceiling', 'wall', 'floor', 'window', 'door']);
      }

      const bathroom = (await locationsOf(HOUSE)).find((location) => location.label === 'Bathroom')!;
      const shares = await coverage((await download(bathroom.image!.url)).body);
      for (const furniture of ['sofa', 'table', 'bed', 'cabinet']) {
        expect(shares.get(furniture)).toBeLessThan(0.001);
      }
      expect(shares.get('door')).toBeGreaterThan(0.005);
    });

    it('draws the same picture on every request, another for another sweep', async () => {
      const [first, second] = await locationsOf(HOUSE);
      clock += 1000;
      const [again] = await locationsOf(HOUSE);
      expect(again!.image!.url).not.toBe(first!.image!.url);
      const [a, b, c] = await Promise.all(
        [first!, again!, second!].map(async (location) => (await download(location.image!.url)).body),
      );
      expect(b!.equals(a!)).toBe(true);
      expect(c!.equals(a!)).toBe(false);
    });

    it('serves 2k as 2048x1024', async () => {
      const [location] = await locationsOf(HOUSE, '2k');
      expect(location!.image).toMatchObject({ resolution: '2k', id: `${location!.id}-equirectangular-2k` });
      expect(location!.image!.url).toContain(`/${location!.id}/2k.jpg?`);
      const { status, body } = await download(location!.image!.url);
      expect(status).toBe(200);
      expect(await sharp(body).metadata()).toMatchObject({ format: 'jpeg', width: 2048, height: 1024 });
    });

    it('refuses a link whose signature is not its own with 403, as a storage bucket does', async () => {
      const [location, other] = await locationsOf(HOUSE);
      const url = new URL(location!.image!.url);
      const signature = url.searchParams.get('signature')!;
      const tampered = [
        url.href.replace(signature, `${signature[0] === 'a' ? 'b' : 'a'}${signature.slice(1)}`),
        url.href.replace(
          `expires=${url.searchParams.get('expires')}`,
          `expires=${Number(url.searchParams.get('expires')) + 3600}`,
        ),
        url.href.replace(`/512.jpg`, '/2k.jpg'),
        url.href.replace(`/${location!.id}/`, `/${other!.id}/`),
        `${url.origin}${url.pathname}`,
        `${url.origin}${url.pathname}?expires=${url.searchParams.get('expires')}`,
      ];
      for (const href of tampered) {
        const response = await fetch(href);
        expect([href, response.status]).toEqual([href, 403]);
        expect(response.headers.get('content-type')).toBe('application/xml');
        expect(await response.text()).toBe(
          '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>AccessDenied</Code><Message>Invalid signature</Message></Error>',
        );
      }
    });

    it('serves a link until its expiry, and refuses it with 403 after', async () => {
      const [location] = await locationsOf(HOUSE);
      const expires = Number(new URL(location!.image!.url).searchParams.get('expires'));
      clock = expires * 1000 + 999;
      expect((await download(location!.image!.url)).status).toBe(200);
      clock = (expires + 1) * 1000;
      const response = await fetch(location!.image!.url);
      expect(response.status).toBe(403);
      expect(await response.text()).toBe(
        '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>AccessDenied</Code><Message>Request has expired</Message></Error>',
      );
    });

    it('answers 404 for a model, sweep or resolution there is no panorama of', async () => {
      const [location] = await locationsOf(HOUSE);
      const url = new URL(location!.image!.url);
      for (const pathname of [
        url.pathname.replace(`/${location!.id}/`, '/aaaaaaaaaaaaaaaaaaaaaaaaa/'),
        url.pathname.replace(`/${HOUSE}/`, '/NoSuchModel/'),
        url.pathname.replace('/512.jpg', '/4k.jpg'),
        url.pathname.replace('/512.jpg', '/512.png'),
      ]) {
        const response = await fetch(`${url.origin}${pathname}${url.search}`);
        expect([pathname, response.status]).toEqual([pathname, 404]);
        expect(await response.text()).toContain('<Code>NoSuchKey</Code>');
      }
    });
  });
});
