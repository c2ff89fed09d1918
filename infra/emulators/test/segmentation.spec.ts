import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import {
  createSegmentationVendor,
  SEGMENTATION_LABELS,
  SEGMENTATION_REQUEST_LOG_LIMIT,
  startEmulators,
  type RunningEmulators,
  type Segmentation,
  type SegmentationErrorBody,
  type SegmentationLabel,
  type SegmentationRefusalCode,
} from '@tourly/emulators';
import { SegmentationEmulation } from '../src/vendors/segmentation/emulation';

type Rgb = readonly [number, number, number];
/** Parameters refused, and the refusal. */
type ParameterCase = [Record<string, unknown>, SegmentationErrorBody];

/** A rectangle of a panorama, in a label's colour or any other. */
interface Patch {
  paint: SegmentationLabel | Rgb;
  x: number;
  y: number;
  width: number;
  height: number;
}

const colourOf = (paint: SegmentationLabel | Rgb): Rgb =>
  typeof paint === 'string' ? SEGMENTATION_LABELS.find((entry) => entry.label === paint)!.rgb : paint;

/** An image painted patch over patch, in the order given. */
async function aPanorama(
  patches: Patch[],
  {
    width = 1024,
    height = 512,
    format = 'png',
  }: { width?: number; height?: number; format?: 'png' | 'jpeg' } = {},
): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (const { paint, x, y, width: w, height: h } of patches) {
    const rgb = colourOf(paint);
    for (let row = y; row < y + h; row += 1) {
      for (let column = x; column < x + w; column += 1) pixels.set(rgb, (row * width + column) * 3);
    }
  }
  const image = sharp(pixels, { raw: { width, height, channels: 3 } });
  return (format === 'png' ? image.png() : image.jpeg({ quality: 90 })).toBuffer();
}

// A 1024x512 room: ceiling over the top third, a wall with a window, the floor; edges on multiples of 4, so each
// patch is whole in the quarter-size mask.
const CEILING: Patch = { paint: 'ceiling', x: 0, y: 0, width: 1024, height: 168 };
const WALL: Patch = { paint: 'wall', x: 0, y: 168, width: 1024, height: 176 };
const FLOOR: Patch = { paint: 'floor', x: 0, y: 344, width: 1024, height: 168 };
const WINDOW: Patch = { paint: 'window', x: 256, y: 200, width: 256, height: 96 };
/** A colour no label is near: unlabelled. */
const PAINTING: Patch = { paint: [255, 0, 255], x: 32, y: 200, width: 64, height: 64 };
const BED: Patch = { paint: 'bed', x: 640, y: 360, width: 256, height: 96 };
const EMPTY_ROOM = [CEILING, WALL, FLOOR, WINDOW, PAINTING];
const PIXELS = 1024 * 512;

describe('segmentation emulator (panorama segmentation engine)', () => {
  let emulators: RunningEmulators;
  let images: Server;
  let imagesUrl: string;
  /** What the image server answers, by path; any other path is 404. */
  const served = new Map<string, { type: string; body: Buffer; chunked?: boolean }>();

  beforeAll(async () => {
    emulators = await startEmulators({ port: 0, vendors: [createSegmentationVendor()] });
    images = createServer((request, response) => {
      const file = served.get(request.url ?? '');
      if (!file) {
        response.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found');
        return;
      }
      response.setHeader('content-type', file.type);
      if (file.chunked) response.write(file.body);
      response.end(file.chunked ? undefined : file.body);
    });
    imagesUrl = await listen(images);
  });
  afterAll(async () => {
    await emulators.close();
    await new Promise((resolve) => images.close(resolve));
  });
  beforeEach(async () => {
    served.clear();
    await fetch(`${emulators.url}/_emulator/reset`, { method: 'POST' });
  });

  /** Serves the bytes from the test's image server; answers their URL. */
  function serve(path: string, body: Buffer, type = 'image/png', chunked = false): string {
    served.set(path, { type, body, chunked });
    return `${imagesUrl}${path}`;
  }

  async function segment(
    body: unknown,
    { key = 'sk_test', raw }: { key?: string | null; raw?: string } = {},
  ): Promise<{ status: number; headers: Headers; text: string; body: unknown }> {
    const response = await fetch(`${emulators.url}/segmentation/v1/segmentations`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(key === null ? {} : { authorization: `Bearer ${key}` }),
      },
      body: raw ?? JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, text, body: JSON.parse(text) };
  }

  async function segmented(imageUrl: string): Promise<Segmentation> {
    const { status, body } = await segment({ image_url: imageUrl, mask_format: 'png' });
    expect(status).toBe(200);
    return body as Segmentation;
  }

  const control = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${emulators.url}/_emulator/segmentation${path}`, {
      method,
      ...(body === undefined
        ? {}
        : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as unknown };
  };

  /** The labels found, in order, each share within 0.005 and each side of its box within 4 pixels. */
  function expectLabels(
    found: Segmentation['labels'],
    expected: Array<{ label: SegmentationLabel; share: number; bbox: [number, number, number, number] }>,
  ) {
    expect(found.map(({ label }) => label)).toEqual(expected.map(({ label }) => label));
    expected.forEach(({ label, share, bbox }, index) => {
      const entry = SEGMENTATION_LABELS.findIndex((candidate) => candidate.label === label);
      const answer = found[index]!;
      expect(answer.kind).toBe(SEGMENTATION_LABELS[entry]!.kind);
      expect(answer.value).toBe(entry + 1);
      expect(answer.pixel_share).toBeCloseTo(share, 2);
      expect(Math.round(answer.pixel_share * 10_000) / 10_000).toBe(answer.pixel_share);
      answer.bbox.forEach((side, at) => expect(Math.abs(side - bbox[at]!)).toBeLessThanOrEqual(4));
    });
  }

  async function maskPixels(answer: Segmentation): Promise<{ at(x: number, y: number): number }> {
    const { data, info } = await sharp(Buffer.from(answer.mask.data, 'base64'))
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { at: (x, y) => data[(y * info.width + x) * info.channels]! };
  }

  describe('segmenting', () => {
    it('answers the labels of an empty room, largest first, with their shares and boxes in the image', async () => {
      const answer = await segmented(serve('/empty.png', await aPanorama(EMPTY_ROOM)));

      expect(answer).toMatchObject({
        id: expect.stringMatching(/^seg_[0-9a-f]{24}$/),
        object: 'segmentation',
        width: 1024,
        height: 512,
        model: 'emulated-equi-seg-1',
        empty_room: true,
        mask: { format: 'png', width: 256, height: 128, data: expect.any(String) },
      });
      expect(Object.keys(answer)).toEqual([
        'id',
        'object',
        'width',
        'height',
        'model',
        'labels',
        'empty_room',
        'mask',
      ]);
      expectLabels(answer.labels, [
        { label: 'ceiling', share: (1024 * 168) / PIXELS, bbox: [0, 0, 1024, 168] },
        { label: 'floor', share: (1024 * 168) / PIXELS, bbox: [0, 344, 1024, 168] },
        { label: 'wall', share: (1024 * 176 - 256 * 96 - 64 * 64) / PIXELS, bbox: [0, 168, 1024, 176] },
        { label: 'window', share: (256 * 96) / PIXELS, bbox: [256, 200, 256, 96] },
      ]);
    });

    it('finds furniture: a room with a bed is not empty', async () => {
      const answer = await segmented(serve('/bed.png', await aPanorama([...EMPTY_ROOM, BED])));

      expect(answer.empty_room).toBe(false);
      expectLabels(answer.labels, [
        { label: 'ceiling', share: (1024 * 168) / PIXELS, bbox: [0, 0, 1024, 168] },
        { label: 'wall', share: (1024 * 176 - 256 * 96 - 64 * 64) / PIXELS, bbox: [0, 168, 1024, 176] },
        { label: 'floor', share: (1024 * 168 - 256 * 96) / PIXELS, bbox: [0, 344, 1024, 168] },
        // As large as the bed: the lower value first.
        { label: 'window', share: (256 * 96) / PIXELS, bbox: [256, 200, 256, 96] },
        { label: 'bed', share: (256 * 96) / PIXELS, bbox: [640, 360, 256, 96] },
      ]);
    });

    it('answers the mask as a one-channel PNG a quarter of the image on each side, valued by label', async () => {
      const answer = await segmented(serve('/bed.png', await aPanorama([...EMPTY_ROOM, BED])));
      const png = Buffer.from(answer.mask.data, 'base64');

      expect(await sharp(png).metadata()).toMatchObject({
        format: 'png',
        width: 256,
        height: 128,
        channels: 1,
      });
      const mask = await maskPixels(answer);
      expect(mask.at(10, 10)).toBe(1); // ceiling
      expect(mask.at(200, 60)).toBe(2); // wall
      expect(mask.at(10, 120)).toBe(3); // floor
      expect(mask.at(96, 62)).toBe(4); // window
      expect(mask.at(192, 100)).toBe(8); // bed
      expect(mask.at(16, 57)).toBe(0); // the painting: no label's colour
    });

    it('labels a pixel only near enough a label’s colour, and leaves out labels of 0.2% of the pixels or less', async () => {
      const near: Patch = { paint: [214 + 30, 196 - 30, 160 + 30], x: 0, y: 0, width: 1024, height: 256 }; // wall
      const far: Patch = { paint: [122 - 45, 86 + 45, 58 - 45], x: 0, y: 256, width: 1024, height: 256 }; // not floor
      const speck: Patch = { paint: 'sofa', x: 0, y: 256, width: 32, height: 32 }; // 0.195%
      const table: Patch = { paint: 'table', x: 512, y: 256, width: 32, height: 36 }; // 0.22%
      const answer = await segmented(serve('/threshold.png', await aPanorama([near, far, speck, table])));

      expectLabels(answer.labels, [
        { label: 'wall', share: 0.5, bbox: [0, 0, 1024, 256] },
        { label: 'table', share: (32 * 36) / PIXELS, bbox: [512, 256, 32, 36] },
      ]);
      expect(answer.empty_room).toBe(false);
      const mask = await maskPixels(answer);
      expect(mask.at(100, 100)).toBe(0);
      expect(mask.at(4, 68)).toBe(6); // the sofa's speck stays in the mask
    });

    it('segments a JPEG as it does the PNG of the same pixels', async () => {
      const png = await segmented(serve('/room.png', await aPanorama([...EMPTY_ROOM, BED])));
      const jpeg = await segmented(
        serve('/room.jpg', await aPanorama([...EMPTY_ROOM, BED], { format: 'jpeg' }), 'image/jpeg'),
      );

      expect(jpeg.id).not.toBe(png.id);
      expect(jpeg.labels.map(({ label }) => label)).toEqual(png.labels.map(({ label }) => label));
      jpeg.labels.forEach((found, index) => {
        expect(found.pixel_share).toBeCloseTo(png.labels[index]!.pixel_share, 2);
      });
    });

    it('answers the same image the same, byte for byte, under an id from its bytes', async () => {
      const bytes = await aPanorama([...EMPTY_ROOM, BED]);
      const url = serve('/same.png', bytes);

      const first = await segment({ image_url: url });
      const again = await segment({ image_url: url });
      const elsewhere = await segment({ image_url: serve('/copy.png', bytes), mask_format: 'png' });
      const other = await segment({ image_url: serve('/other.png', await aPanorama(EMPTY_ROOM)) });

      expect(again.text).toBe(first.text);
      expect(elsewhere.text).toBe(first.text);
      expect((first.body as Segmentation).id).toBe(
        `seg_${createHash('sha256').update(bytes).digest('hex').slice(0, 24)}`,
      );
      expect((other.body as Segmentation).id).not.toBe((first.body as Segmentation).id);
    });
  });

  describe('refusals', () => {
    const invalid = (code: SegmentationRefusalCode, message: string): SegmentationErrorBody => ({
      error: { type: 'invalid_request_error', code, message },
    });

    it('refuses a request without a key, or with the revoked key, 401', async () => {
      const url = serve('/room.png', await aPanorama(EMPTY_ROOM));

      for (const key of [null, '', 'revoked-key']) {
        const { status, headers, body } = await segment({ image_url: url }, { key });
        expect(status).toBe(401);
        expect(headers.get('www-authenticate')).toBe('Bearer');
        expect(body).toEqual({
          error: {
            type: 'authentication_error',
            message:
              key === 'revoked-key'
                ? 'The API key has been revoked.'
                : 'No API key provided: send it as `Authorization: Bearer <key>`.',
          },
        });
      }
    });

    it.each<ParameterCase>([
      [{}, invalid('parameter_missing', 'Missing required parameter: image_url.')],
      [{ image_url: '' }, invalid('parameter_missing', 'Missing required parameter: image_url.')],
      ...[
        '/relative.png',
        'not a url',
        'ftp://example.com/room.png',
        'http://user:pw@example.com/a.png',
        42,
      ].map((imageUrl): ParameterCase => [
        { image_url: imageUrl },
        invalid(
          'parameter_invalid',
          'Invalid image_url: an absolute http or https URL without credentials is required.',
        ),
      ]),
      [
        { image_url: 'http://example.com/room.png', mask_format: 'jpeg' },
        invalid('parameter_invalid', 'Invalid mask_format: "jpeg". The only mask format is "png".'),
      ],
      [
        { image_url: 'http://example.com/room.png', callback_url: 'http://example.com/' },
        invalid('parameter_unknown', 'Received unknown parameter: callback_url.'),
      ],
    ])('refuses the parameters %j, 400', async (parameters, expected) => {
      const { status, body } = await segment(parameters);

      expect(status).toBe(400);
      expect(body).toEqual(expected);
    });

    it.each(['{not json', '[{"image_url":"http://example.com/a.png"}]', '"http://example.com/a.png"'])(
      'refuses a body that is not a JSON object (%s), 400',
      async (raw) => {
        const { status, body } = await segment(undefined, { raw });

        expect(status).toBe(400);
        expect(body).toEqual(invalid('invalid_json', 'The request body must be a JSON object.'));
      },
    );

    it('refuses an image the URL does not answer, 422 image_unreachable', async () => {
      const missing = await segment({ image_url: `${imagesUrl}/nothing-here.png` });
      const closed = createServer();
      const closedUrl = await listen(closed);
      await new Promise((resolve) => closed.close(resolve));
      const refused = await segment({ image_url: `${closedUrl}/room.png` });

      expect(missing.status).toBe(422);
      expect(missing.body).toEqual(
        invalid('image_unreachable', 'The image could not be downloaded: the image URL answered 404.'),
      );
      expect(refused.status).toBe(422);
      expect(refused.body).toEqual(
        invalid(
          'image_unreachable',
          'The image could not be downloaded: the connection failed (ECONNREFUSED).',
        ),
      );
    });

    it('refuses what is not an image, 422 image_unreadable', async () => {
      const url = serve('/notes.txt', Buffer.from('a panorama, honest\n'), 'text/plain');

      const { status, body } = await segment({ image_url: url });

      expect(status).toBe(422);
      expect(body).toEqual(
        invalid('image_unreadable', 'The image could not be decoded as a JPEG, PNG or WebP.'),
      );
    });

    it('refuses an image not twice as wide as high, 422 not_equirectangular', async () => {
      const url = serve('/square.png', await aPanorama([WALL], { width: 512, height: 512 }));

      const { status, body } = await segment({ image_url: url });

      expect(status).toBe(422);
      expect(body).toEqual(
        invalid(
          'not_equirectangular',
          'The image is 512x512; an equirectangular panorama is exactly twice as wide as it is high.',
        ),
      );
    });

    it('refuses an image over 8192 pixels wide, 413 image_too_large', async () => {
      const wide = await sharp({
        create: { width: 8200, height: 4100, channels: 3, background: { r: 214, g: 196, b: 160 } },
      })
        .png()
        .toBuffer();

      const { status, body } = await segment({ image_url: serve('/wide.png', wide) });

      expect(status).toBe(413);
      expect(body).toEqual(
        invalid(
          'image_too_large',
          'The image is 8200 pixels wide; the engine takes panoramas up to 8192 pixels wide.',
        ),
      );
    });

    it('refuses a file over 20 MB, 413 image_too_large, whether or not its length is announced', async () => {
      const large = Buffer.alloc(20 * 1024 * 1024 + 1);
      const expected = invalid(
        'image_too_large',
        'The image is larger than 20 MB, the most the engine takes.',
      );

      const announced = await segment({ image_url: serve('/large.png', large) });
      const streamed = await segment({ image_url: serve('/streamed.png', large, 'image/png', true) });

      expect(announced.status).toBe(413);
      expect(announced.body).toEqual(expected);
      expect(streamed.status).toBe(413);
      expect(streamed.body).toEqual(expected);
    });
  });

  describe('emulator controls', () => {
    it('fails the next requests with the status asked, then answers again', async () => {
      const url = serve('/room.png', await aPanorama(EMPTY_ROOM));

      expect(await control('POST', '/failures', { status: 503, times: 2 })).toEqual({
        status: 200,
        body: { failures: [{ status: 503, remaining: 2 }] },
      });
      for (let attempt = 0; attempt < 2; attempt += 1) {
        const failed = await segment({ image_url: url });
        expect(failed.status).toBe(503);
        expect(failed.body).toEqual({
          error: { type: 'api_error', message: 'The engine is temporarily unavailable' },
        });
      }
      expect((await segment({ image_url: url })).status).toBe(200);
      expect(await control('GET', '/failures')).toEqual({ status: 200, body: { failures: [] } });
    });

    it('answers 429 with retry-after, 500 as an api_error, queued in order; DELETE clears them', async () => {
      const url = serve('/room.png', await aPanorama(EMPTY_ROOM));
      await control('POST', '/failures', { status: 429, times: 1 });
      await control('POST', '/failures', { status: 500, times: 1 });

      const limited = await segment({ image_url: url });
      const broken = await segment({ image_url: url });

      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).toBe('1');
      expect(limited.body).toEqual({
        error: { type: 'rate_limit_error', message: 'The engine is temporarily unavailable' },
      });
      expect(broken.status).toBe(500);
      expect(broken.body).toEqual({
        error: { type: 'api_error', message: 'The engine is temporarily unavailable' },
      });

      await control('POST', '/failures', { status: 503, times: 5 });
      expect(await control('DELETE', '/failures')).toEqual({ status: 200, body: { failures: [] } });
      expect((await segment({ image_url: url })).status).toBe(200);
    });

    it('refuses a failure or latency it cannot apply, 400', async () => {
      for (const body of [{ status: 404, times: 1 }, { status: 503, times: 0 }, { status: 503 }]) {
        expect((await control('POST', '/failures', body)).status).toBe(400);
      }
      for (const body of [{ ms: -1 }, { ms: 1.5 }, { ms: '100' }, {}]) {
        expect((await control('POST', '/latency', body)).status).toBe(400);
      }
    });

    it('waits the latency set before answering each request, until it is set to 0', async () => {
      const url = serve('/room.png', await aPanorama(EMPTY_ROOM));
      expect(await control('POST', '/latency', { ms: 200 })).toEqual({ status: 200, body: { ms: 200 } });

      const started = performance.now();
      const refused = await segment({ image_url: url }, { key: null });
      const slowed = performance.now() - started;
      await control('POST', '/latency', { ms: 0 });
      const again = performance.now();
      await segment({ image_url: url });
      const quick = performance.now() - again;

      expect(refused.status).toBe(401);
      expect(slowed).toBeGreaterThanOrEqual(200);
      expect(quick).toBeLessThan(200);
      expect(await control('GET', '/latency')).toEqual({ status: 200, body: { ms: 0 } });
    });

    it('lists the requests answered, oldest first, and forgets everything at a reset', async () => {
      const url = serve('/room.png', await aPanorama(EMPTY_ROOM));
      const before = Date.now();
      await segment({ image_url: url });
      await segment({ image_url: url }, { key: 'revoked-key' });
      await segment(undefined, { raw: '{not json' });
      await control('POST', '/failures', { status: 503, times: 1 });
      await segment({ image_url: `${imagesUrl}/gone.png` });

      const { body } = (await control('GET', '/requests')) as {
        body: { requests: Array<{ image_url: string | null; status: number; at: string }> };
      };
      expect(body.requests.map(({ image_url, status }) => ({ image_url, status }))).toEqual([
        { image_url: url, status: 200 },
        { image_url: url, status: 401 },
        { image_url: null, status: 400 },
        { image_url: `${imagesUrl}/gone.png`, status: 503 },
      ]);
      const times = body.requests.map(({ at }) => Date.parse(at));
      expect(body.requests.every(({ at }) => new Date(at).toISOString() === at)).toBe(true);
      expect(times[0]).toBeGreaterThanOrEqual(before - 1);
      expect([...times].sort((a, b) => a - b)).toEqual(times);

      await control('POST', '/failures', { status: 503, times: 3 });
      await control('POST', '/latency', { ms: 50 });
      expect((await fetch(`${emulators.url}/_emulator/reset`, { method: 'POST' })).status).toBe(200);

      expect(await control('GET', '/requests')).toEqual({ status: 200, body: { requests: [] } });
      expect(await control('GET', '/failures')).toEqual({ status: 200, body: { failures: [] } });
      expect(await control('GET', '/latency')).toEqual({ status: 200, body: { ms: 0 } });
      expect((await segment({ image_url: url })).status).toBe(200);
    });

    it('keeps the latest 10,000 requests in its log', () => {
      const emulation = new SegmentationEmulation();
      for (let index = 0; index <= SEGMENTATION_REQUEST_LOG_LIMIT; index += 1) {
        emulation.record({
          image_url: `http://example.com/${index}.png`,
          status: 200,
          at: '2025-01-01T00:00:00.000Z',
        });
      }
      const log = emulation.loggedRequests();

      expect(log).toHaveLength(10_000);
      expect(log[0]!.image_url).toBe('http://example.com/1.png');
      expect(log.at(-1)!.image_url).toBe('http://example.com/10000.png');
    });
  });
});

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
