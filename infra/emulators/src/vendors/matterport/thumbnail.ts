import { createHash } from 'node:crypto';
import sharp from 'sharp';

/** Width and height of every emulated thumbnail (4:3, like Matterport's default snapshots). */
export const THUMBNAIL_SIZE = { width: 160, height: 120 } as const;

/** Soft interior colours; a model's thumbnail takes one by its id. */
const PALETTE: ReadonlyArray<readonly [number, number, number]> = [
  [176, 196, 222],
  [205, 183, 158],
  [143, 188, 143],
  [216, 191, 216],
  [240, 200, 140],
  [160, 180, 200],
  [200, 160, 150],
  [170, 200, 190],
];

/**
 * A small baseline JPEG: a vertical gradient from a light tint at the top to the model's colour at the bottom
 * (`size`: Matterport's 160x120 unless another vendor's thumbnails are another size).
 */
export function thumbnailJpeg(
  id: string,
  size: { width: number; height: number } = THUMBNAIL_SIZE,
): Promise<Buffer> {
  const base = PALETTE[createHash('sha256').update(id).digest()[0]! % PALETTE.length]!;
  const { width, height } = size;
  const pixels = Buffer.alloc(width * height * 3);
  for (let row = 0; row < height; row += 1) {
    const shade = 0.35 + (0.65 * row) / (height - 1);
    const rgb = base.map((channel) => Math.round(255 - (255 - channel) * shade));
    for (let column = 0; column < width; column += 1) pixels.set(rgb, (row * width + column) * 3);
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 80 })
    .toBuffer();
}
