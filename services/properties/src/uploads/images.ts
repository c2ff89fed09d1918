import type { Readable } from 'node:stream';
import sharp from 'sharp';
import { LIMITS } from '@tourly/contracts';

// One image at a time per process and no pixel cache: thumbnails are a side job, memory stays bounded.
sharp.cache(false);
sharp.concurrency(1);

/**
 * Images larger than this get no thumbnail and no dimensions (libvips would hold the whole input): the
 * original is shown instead. Photos from cameras and phones are well below it.
 */
export const THUMBNAIL_MAX_BYTES = 25 * 1024 * 1024;
/** The longest side of a thumbnail, in pixels. */
export const THUMBNAIL_SIZE = 480;

export interface ImageFacts {
  width: number;
  height: number;
  /** 001 §9: square if the aspect ratio is within 0.2 of 1. */
  square: boolean;
  /** A JPEG at most THUMBNAIL_SIZE on its longest side. */
  thumbnail: Buffer;
}

/** Images described at once per process: each holds its bytes (up to THUMBNAIL_MAX_BYTES) and its pixels. */
const IMAGE_SLOTS = 2;
let busySlots = 0;
const waiting: Array<() => void> = [];

/** Runs `work` when one of the process's image slots is free, so memory stays bounded under load. */
export async function inImageSlot<T>(work: () => Promise<T>): Promise<T> {
  if (busySlots >= IMAGE_SLOTS) await new Promise<void>((resolve) => waiting.push(resolve));
  else busySlots += 1;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else busySlots -= 1;
  }
}

export const isSquare = (width: number, height: number): boolean =>
  width > 0 && height > 0 && Math.abs(width / height - 1) <= LIMITS.squareAspectTolerance;

/**
 * Dimensions (as displayed: EXIF orientation applied), the square flag and a thumbnail of an image. Null when
 * the bytes do not decode as an image.
 */
export async function describeImage(bytes: Buffer): Promise<ImageFacts | null> {
  try {
    const image = sharp(bytes, { failOn: 'error', limitInputPixels: 100_000_000 });
    const [metadata, thumbnail] = await Promise.all([
      image.metadata(),
      image
        .clone()
        .rotate()
        .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
        .jpeg({ quality: 80, mozjpeg: true })
        .toBuffer(),
    ]);
    const rotated = (metadata.orientation ?? 1) >= 5;
    const width = (rotated ? metadata.height : metadata.width) ?? 0;
    const height = (rotated ? metadata.width : metadata.height) ?? 0;
    return { width, height, square: isSquare(width, height), thumbnail };
  } catch {
    return null;
  }
}

/** The side of a person's picture, in pixels: a square cut from the middle of their image's thumbnail. */
export const AVATAR_SIZE = 256;

/** A square JPEG of `size` cut from the middle of an image (a thumbnail: small already). */
export function squareJpeg(bytes: Buffer, size: number): Promise<Buffer> {
  return sharp(bytes, { failOn: 'error' })
    .resize(size, size, { fit: 'cover', position: 'centre' })
    .jpeg({ quality: 80, mozjpeg: true })
    .toBuffer();
}

/** A stream's bytes, or null once it passes `limit` (the rest is not read). */
export async function readUpTo(source: Readable, limit: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of source) {
    length += (chunk as Buffer).length;
    if (length > limit) {
      source.destroy();
      return null;
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks, length);
}
