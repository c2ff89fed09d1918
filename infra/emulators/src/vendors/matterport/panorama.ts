import { createHash } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import sharp from 'sharp';
import { SEGMENTATION_LABELS, type SegmentationLabel } from '../segmentation/labels';
import { modelSpace, sweepRoom, type AccountModel, type Sweep } from './models';
import {
  checkSignedLink,
  isoSeconds,
  refuseSignedLink,
  requestInvalid,
  s3Error,
  signedQuery,
} from './signed-links';

/** The resolutions the emulated Model API serves a panorama at (`image(resolution)`), as pixels. */
export const PANORAMA_RESOLUTIONS = {
  '512': { width: 1024, height: 512 },
  '2k': { width: 2048, height: 1024 },
} as const satisfies Record<string, { width: number; height: number }>;

export type PanoramaResolution = keyof typeof PANORAMA_RESOLUTIONS;

export function isPanoramaResolution(value: string): value is PanoramaResolution {
  return Object.hasOwn(PANORAMA_RESOLUTIONS, value);
}

/** The furniture a room holds, by a word of its label (case-insensitive); a room matching none is empty. */
const FURNITURE: ReadonlyArray<readonly [words: readonly string[], furniture: readonly SegmentationLabel[]]> =
  [
    [['bed'], ['bed']],
    [
      ['living', 'lounge', 'family'],
      ['sofa', 'table'],
    ],
    [['kitchen'], ['cabinet', 'table']],
    [['dining'], ['table']],
    [['office', 'study'], ['table']],
  ];

/** Where the bands of the picture end, as fractions of its height: ceiling above, floor below, wall between. */
const CEILING_END = 0.22;
const FLOOR_START = 0.75;

/** The picture's width is cut into this many slots; each window, door and piece of furniture takes its own. */
const SLOTS = 8;

/** Rows (fractions of the height) of each thing painted over the bands: all clear of the top and bottom rows. */
const ROWS: Partial<Record<SegmentationLabel, readonly [top: number, bottom: number]>> = {
  window: [0.3, 0.55],
  door: [0.34, FLOOR_START],
  sofa: [0.58, 0.8],
  table: [0.62, 0.78],
  bed: [0.56, 0.84],
  cabinet: [0.4, 0.75],
};

/** How far the noise moves each channel of each pixel, either way. */
const NOISE = 6;

const COLOURS = new Map<SegmentationLabel, readonly number[]>(
  SEGMENTATION_LABELS.map(({ label, rgb }) => [label, rgb]),
);

/** The furniture of a room by its label, in SEGMENTATION_LABELS' order. */
function furnitureOf(roomLabel: string): SegmentationLabel[] {
  const label = roomLabel.toLowerCase();
  const wanted = new Set(
    FURNITURE.filter(([words]) => words.some((word) => label.includes(word))).flatMap(
      ([, furniture]) => furniture,
    ),
  );
  return SEGMENTATION_LABELS.map((entry) => entry.label).filter((name) => wanted.has(name));
}

/**
 * What a room's panorama shows, in SEGMENTATION_LABELS' order: ceiling, wall, floor, window, door, and the room's
 * furniture ("bed": a bed; "living", "lounge", "family": a sofa and a table; "kitchen": a cabinet and a table;
 * "dining", "office", "study": a table; any other room is empty). The same for every sweep of that label.
 */
export function panoramaLabels(roomLabel: string): SegmentationLabel[] {
  const painted = new Set<SegmentationLabel>([
    'ceiling',
    'wall',
    'floor',
    'window',
    'door',
    ...furnitureOf(roomLabel),
  ]);
  return SEGMENTATION_LABELS.map((entry) => entry.label).filter((name) => painted.has(name));
}

/** xorshift32 seeded from the SHA-256 of `seed`: the same numbers for a seed on every run. */
function prng(seed: string): () => number {
  let state = createHash('sha256').update(seed).digest().readUInt32LE(0) || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return state >>> 0;
  };
}

/**
 * A sweep's equirectangular panorama as a JPEG of `resolution` (2:1): the room painted only in the colours of
 * SEGMENTATION_LABELS, plus up to ±6 of noise per channel, so that the segmentation engine names its pixels back.
 * The top 22% is ceiling, the bottom 25% floor, wall between; one or two windows and one door in the wall, and the
 * room's furniture (`panoramaLabels`) standing on the floor line. Where each thing stands, the number of windows
 * and the noise derive from the model id, the sweep id and the room's label: the same picture on every run.
 */
export function panoramaJpeg(
  modelId: string,
  sweepId: string,
  roomLabel: string,
  resolution: PanoramaResolution = '512',
): Promise<Buffer> {
  const { width, height } = PANORAMA_RESOLUTIONS[resolution];
  const random = prng(`matterport-panorama/${modelId}/${sweepId}/${roomLabel}`);
  const pixels = Buffer.alloc(width * height * 3);
  const paint = (label: SegmentationLabel, left: number, top: number, right: number, bottom: number) => {
    const colour = Buffer.from(COLOURS.get(label)!);
    for (let row = top; row < bottom; row += 1) {
      pixels.fill(colour, (row * width + left) * 3, (row * width + right) * 3);
    }
  };
  const row = (fraction: number) => Math.round(fraction * height);

  paint('ceiling', 0, 0, width, row(CEILING_END));
  paint('wall', 0, row(CEILING_END), width, row(FLOOR_START));
  paint('floor', 0, row(FLOOR_START), width, height);

  // Slots in an order drawn from the ids (Fisher-Yates): windows, the door, then the furniture take them in turn.
  const slots = Array.from({ length: SLOTS }, (_, index) => index);
  for (let index = SLOTS - 1; index > 0; index -= 1) {
    const other = random() % (index + 1);
    [slots[index], slots[other]] = [slots[other]!, slots[index]!];
  }
  const windows: SegmentationLabel[] = random() % 2 === 0 ? ['window'] : ['window', 'window'];
  const things: SegmentationLabel[] = [...windows, 'door', ...furnitureOf(roomLabel)];
  const slotWidth = width / SLOTS;
  things.forEach((label, index) => {
    // Each thing is 50% to 90% of its slot wide, somewhere within it.
    const thingWidth = Math.round(slotWidth * (0.5 + (random() % 41) / 100));
    const left =
      Math.round(slots[index]! * slotWidth) + (random() % (Math.floor(slotWidth) - thingWidth + 1));
    const [top, bottom] = ROWS[label]!;
    paint(label, left, row(top), left + thingWidth, row(bottom));
  });

  // Noise: one draw of 32 bits per pixel, a byte of it per channel.
  const span = 2 * NOISE + 1;
  for (let offset = 0; offset < pixels.length; offset += 3) {
    const bits = random();
    pixels[offset] = clamp(pixels[offset]! + ((bits & 0xff) % span) - NOISE);
    pixels[offset + 1] = clamp(pixels[offset + 1]! + (((bits >>> 8) & 0xff) % span) - NOISE);
    pixels[offset + 2] = clamp(pixels[offset + 2]! + (((bits >>> 16) & 0xff) % span) - NOISE);
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

function clamp(value: number): number {
  return value < 0 ? 0 : value > 255 ? 255 : value;
}

/** How long a panorama's signed link is good for (`validUntil`), in seconds. */
export const PANORAMA_URL_TTL_S = 3600;

/** The key panorama links are signed with (`signedQuery`: a constant, so a link outlives a restart). */
const SIGNING_KEY = 'tourly-emulators/matterport/panorama-links';

/** A panorama's location as the Model API answers `panoLocations { id label position image(...) {...} }`. */
export interface PanoramicImageLocation {
  /** The sweep's id. */
  id: string;
  /** The label of the sweep's room. */
  label: string;
  position: Sweep['position'];
  /** Resolved by `graphql` with the field's arguments, only when selected. */
  image(args: { format: string; resolution?: string | null }): PanoramicImage;
}

export interface PanoramicImage {
  id: string;
  format: 'equirectangular';
  resolution: PanoramaResolution;
  /** `<base>/panoramas/<model id>/<sweep id>/<resolution>.jpg?expires=<unix seconds>&signature=<hex>`. */
  url: string;
  /** When `url` expires: ISO 8601, UTC, to the second. */
  validUntil: string;
}

/**
 * A model's panoramas, one per sweep (`modelSpace`: one sweep per room of the model, in the order of its `rooms`,
 * with the ids the Showcase SDK gives for the models `npm start` shows), each `image` a link under `base` (the
 * vendor's absolute URL) signed to expire PANORAMA_URL_TTL_S after `now()`. Only `equirectangular` is served, at 512
 * (the default) or 2k; any other format or resolution is an error on the field, worded as Matterport's.
 */
export function panoramaLocations(
  model: AccountModel,
  base: string,
  now: () => number,
): PanoramicImageLocation[] {
  const modelId = model.id;
  return modelSpace(modelId, model.rooms).sweeps.map((sweep) => ({
    id: sweep.sid,
    label: sweep.room.label,
    position: sweep.position,
    image: ({ format, resolution }) => {
      if (format !== 'equirectangular') {
        throw requestInvalid(`format ${format} is not available for this panorama`);
      }
      const size = resolution ?? '512';
      if (!isPanoramaResolution(size)) throw requestInvalid(`resolution ${size} is not available`);
      const expires = Math.floor(now() / 1000) + PANORAMA_URL_TTL_S;
      const path = panoramaPath(modelId, sweep.sid, size);
      return {
        id: `${sweep.sid}-${format}-${size}`,
        format,
        resolution: size,
        url: `${base}${path}?${signedQuery(SIGNING_KEY, path, expires)}`,
        validUntil: isoSeconds(expires),
      };
    },
  }));
}

function panoramaPath(modelId: string, sweepId: string, resolution: PanoramaResolution): string {
  return `/panoramas/${modelId}/${sweepId}/${resolution}.jpg`;
}

/**
 * `GET /panoramas/<model id>/<sweep id>/<resolution>.jpg?expires&signature`, the links `panoramaLocations` signs,
 * answered as a storage bucket answers a presigned URL: the JPEG; `404` and S3's NoSuchKey for a model, sweep or
 * resolution there is no panorama of; `403` and S3's AccessDenied for a signature that is missing or not the
 * link's ("Invalid signature"), then for a link past its `expires` by the vendor's clock ("Request has expired").
 */
export function panoramaRoutes(now: () => number): FastifyPluginAsync {
  return async (app) => {
    app.get<{
      Params: { modelId: string; sweepId: string; file: string };
      Querystring: Record<string, unknown>;
    }>('/panoramas/:modelId/:sweepId/:file', async (request, reply) => {
      const { modelId, sweepId, file } = request.params;
      const resolution = /^(.+)\.jpg$/.exec(file)?.[1] ?? '';
      const room = /^[A-Za-z0-9]{1,64}$/.test(modelId) ? sweepRoom(modelId, sweepId) : undefined;
      if (!room || !isPanoramaResolution(resolution)) {
        return s3Error(reply, 404, 'NoSuchKey', 'The specified key does not exist.');
      }
      const path = panoramaPath(modelId, sweepId, resolution);
      const refused = refuseSignedLink(reply, checkSignedLink(SIGNING_KEY, path, request.query, now()));
      if (refused) return refused;
      return reply.type('image/jpeg').send(await panoramaJpeg(modelId, sweepId, room.label, resolution));
    });
  };
}
