import sharp from 'sharp';

/** The deepest zoom a tile server offers (OpenStreetMap's standard layer stops at 19). */
export const MAX_TILE_ZOOM = 19;
const TILE_SIZE = 256;

/** Whether z/x/y name a tile of the world: 0 <= z <= 19, and x and y within the 2^z tiles of that zoom. */
export function isTile(z: number, x: number, y: number): boolean {
  if (![z, x, y].every(Number.isInteger) || z < 0 || z > MAX_TILE_ZOOM) return false;
  const side = 2 ** z;
  return x >= 0 && x < side && y >= 0 && y < side;
}

/**
 * A 256x256 PNG for a tile: a pale land colour that differs a little per tile, with a darker grid line on its top
 * and left edges, so a map of them shows where each tile lies. Deterministic: the same tile is the same bytes.
 */
export function tileImage(z: number, x: number, y: number): Promise<Buffer> {
  const shade = (x * 7 + y * 13 + z * 3) % 24;
  const background = { r: 226 - shade, g: 236 - shade, b: 214 - shade };
  const grid = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${TILE_SIZE}" height="${TILE_SIZE}">` +
      `<path d="M0 0H${TILE_SIZE}M0 0V${TILE_SIZE}" stroke="#9aa88f" stroke-width="2"/></svg>`,
  );
  return sharp({ create: { width: TILE_SIZE, height: TILE_SIZE, channels: 3, background } })
    .composite([{ input: grid }])
    .png()
    .toBuffer();
}
