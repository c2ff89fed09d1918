import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { SegmentationRefusal } from './errors';
import { SEGMENTATION_LABELS, type SegmentationLabel, type SegmentationLabelKind } from './labels';

/** The model the emulated engine names in its answers. */
export const SEGMENTATION_MODEL = 'emulated-equi-seg-1';
/** The widest image the engine takes, in pixels. */
export const MAX_IMAGE_WIDTH = 8192;
/** The mask is the image scaled down by this factor on each side. */
const MASK_SCALE = 4;
/** A pixel is labelled only when its colour is nearer the label's than this (squared RGB distance: 40 per channel). */
const MAX_DISTANCE_SQUARED = 40 ** 2 * 3;
/** A label below this share of the pixels is left out of the answer (it stays in the mask). */
const MIN_PIXEL_SHARE = 0.002;
const DECODED_FORMATS = new Set(['jpeg', 'png', 'webp']);

/** One label found in a panorama. `bbox` is `[x, y, width, height]` in the full image's pixels. */
export interface SegmentedLabel {
  label: SegmentationLabel;
  kind: SegmentationLabelKind;
  value: number;
  pixel_share: number;
  bbox: [number, number, number, number];
}

/** The engine's answer to `POST /v1/segmentations`. */
export interface Segmentation {
  id: string;
  object: 'segmentation';
  width: number;
  height: number;
  model: typeof SEGMENTATION_MODEL;
  labels: SegmentedLabel[];
  empty_room: boolean;
  mask: { format: 'png'; width: number; height: number; data: string };
}

/** Each label's colour, flat (r, g, b of value 1, then of value 2...), for the per-pixel loop. */
const LABEL_COLOURS = Int32Array.from(SEGMENTATION_LABELS.flatMap((entry) => [...entry.rgb]));

/**
 * Segments an equirectangular panorama: the image scaled down to a quarter on each side, each pixel given the label
 * whose colour is nearest, if near enough. Deterministic: the same bytes give the same answer. Refuses an image sharp
 * cannot decode (or that is not a JPEG, PNG or WebP), wider than 8192 pixels, or not twice as wide as it is high.
 */
export async function segmentPanorama(image: Buffer): Promise<Segmentation> {
  const { width, height } = await dimensionsOf(image);
  if (width > MAX_IMAGE_WIDTH) {
    throw new SegmentationRefusal(
      413,
      'image_too_large',
      `The image is ${width} pixels wide; the engine takes panoramas up to ${MAX_IMAGE_WIDTH} pixels wide.`,
    );
  }
  if (width !== 2 * height) {
    throw new SegmentationRefusal(
      422,
      'not_equirectangular',
      `The image is ${width}x${height}; an equirectangular panorama is exactly twice as wide as it is high.`,
    );
  }
  const maskHeight = Math.max(1, Math.round(height / MASK_SCALE));
  const maskWidth = 2 * maskHeight;
  const pixels = await scaledPixels(image, maskWidth, maskHeight);
  const { mask, labels } = labelPixels(pixels, maskWidth, maskHeight, width / maskWidth, height / maskHeight);
  const maskPng = await sharp(mask, { raw: { width: maskWidth, height: maskHeight, channels: 1 } })
    .toColourspace('b-w')
    .png()
    .toBuffer();
  return {
    id: `seg_${createHash('sha256').update(image).digest('hex').slice(0, 24)}`,
    object: 'segmentation',
    width,
    height,
    model: SEGMENTATION_MODEL,
    labels,
    empty_room: !labels.some((found) => found.kind === 'furniture'),
    mask: { format: 'png', width: maskWidth, height: maskHeight, data: maskPng.toString('base64') },
  };
}

async function dimensionsOf(image: Buffer): Promise<{ width: number; height: number }> {
  try {
    const { format, width, height } = await sharp(image).metadata();
    if (DECODED_FORMATS.has(format ?? '') && width && height) return { width, height };
  } catch {
    // Not an image sharp knows: refused below.
  }
  throw unreadable();
}

/**
 * The image scaled to the mask's size, 8-bit RGB, alpha dropped, each pixel one of the image's own (nearest
 * neighbour, also for a JPEG, which is not shrunk while decoded): a blend of two labels' colours along an edge can
 * land near a third label's, which would outline a sofa in cabinet.
 */
async function scaledPixels(image: Buffer, width: number, height: number): Promise<Buffer> {
  try {
    const { data, info } = await sharp(image)
      .resize(width, height, { fit: 'fill', kernel: 'nearest', fastShrinkOnLoad: false })
      .removeAlpha()
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    if (info.channels === 3 && info.width === width && info.height === height) return data;
  } catch {
    // A truncated or corrupt file: its header read, its pixels not.
  }
  throw unreadable();
}

function unreadable(): SegmentationRefusal {
  return new SegmentationRefusal(
    422,
    'image_unreadable',
    'The image could not be decoded as a JPEG, PNG or WebP.',
  );
}

/**
 * The mask (one byte a pixel: the label's value, 0 unlabelled) and the labels above the minimum share, largest
 * first, with their bounding boxes scaled back to the image (`scaleX`, `scaleY`: image pixels per mask pixel).
 */
function labelPixels(
  rgb: Buffer,
  width: number,
  height: number,
  scaleX: number,
  scaleY: number,
): { mask: Buffer; labels: SegmentedLabel[] } {
  const values = SEGMENTATION_LABELS.length + 1;
  const counts = new Uint32Array(values);
  const minX = new Int32Array(values).fill(width);
  const minY = new Int32Array(values).fill(height);
  const maxX = new Int32Array(values).fill(-1);
  const maxY = new Int32Array(values).fill(-1);
  const mask = Buffer.alloc(width * height);
  for (let y = 0, pixel = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1, pixel += 1) {
      const r = rgb[pixel * 3];
      const g = rgb[pixel * 3 + 1];
      const b = rgb[pixel * 3 + 2];
      let value = 0;
      let nearest = MAX_DISTANCE_SQUARED;
      for (let label = 0, c = 0; label < values - 1; label += 1, c += 3) {
        const dr = r - LABEL_COLOURS[c];
        const dg = g - LABEL_COLOURS[c + 1];
        const db = b - LABEL_COLOURS[c + 2];
        const distance = dr * dr + dg * dg + db * db;
        if (distance < nearest) {
          nearest = distance;
          value = label + 1;
        }
      }
      if (value === 0) continue;
      mask[pixel] = value;
      counts[value] += 1;
      if (x < minX[value]) minX[value] = x;
      if (x > maxX[value]) maxX[value] = x;
      if (y < minY[value]) minY[value] = y;
      maxY[value] = y;
    }
  }

  const total = width * height;
  const labels: SegmentedLabel[] = [];
  SEGMENTATION_LABELS.forEach(({ label, kind }, index) => {
    const value = index + 1;
    const share = counts[value] / total;
    if (share <= MIN_PIXEL_SHARE) return;
    const [x0, x1] = [Math.round(minX[value] * scaleX), Math.round((maxX[value] + 1) * scaleX)];
    const [y0, y1] = [Math.round(minY[value] * scaleY), Math.round((maxY[value] + 1) * scaleY)];
    const pixel_share = Math.round(share * 10_000) / 10_000;
    labels.push({ label, kind, value, pixel_share, bbox: [x0, y0, x1 - x0, y1 - y0] });
  });
  // Largest first; equal shares by value, so the order never depends on anything but the pixels.
  labels.sort((a, b) => b.pixel_share - a.pixel_share || a.value - b.value);
  return { mask, labels };
}
