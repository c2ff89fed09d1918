import { createHash } from 'node:crypto';
import { strToU8, zipSync } from 'fflate';
import sharp from 'sharp';
import type { AccountModel, Room } from './models';

/** The languages a schematic floor plan is lettered in (its `language` option). */
export const FLOORPLAN_LANGUAGES = ['en', 'de', 'fr', 'es', 'it'] as const;
export type FloorplanLanguage = (typeof FLOORPLAN_LANGUAGES)[number];

/** How a schematic floor plan is drawn: the ordering options that change the drawing. */
export interface FloorplanStyle {
  /** Rooms filled with colour rather than left white. */
  color: boolean;
  /** No dimensions under the room names. */
  hideDimensions: boolean;
  /** No total internal area under the plan. */
  hideInternalArea: boolean;
  language: FloorplanLanguage;
  unitType: 'imperial' | 'metric' | 'both';
  /** Walls six inches thick rather than four. */
  sixInchWalls: boolean;
}

/** A room as the plan places it: metres from its floor's top-left corner. */
export interface PlacedRoom {
  room: Room;
  x: number;
  y: number;
  width: number;
  depth: number;
}

/** A floor as the plan draws it: its rooms tile a rectangle of `width` by `depth` metres. */
export interface PlacedFloor {
  label: string;
  width: number;
  depth: number;
  rooms: PlacedRoom[];
}

/** Rooms side by side in a row of the plan, at most. */
const ROOMS_PER_ROW = 3;

/**
 * A model's floors as its schematic plan draws them, lowest first: each floor's rooms in rows of up to three, in the
 * order of `rooms`; a room's own size (2.6 to 6 m wide, 2.4 to 5 m deep) derives from its id, then each row is stretched
 * to the floor's widest row and to its deepest room, so the rooms tile the floor without gaps. The same plan for a
 * model on every run; dimensions to the decimetre.
 */
export function floorLayout(model: AccountModel): PlacedFloor[] {
  const floors: Array<{ label: string; rooms: Room[] }> = [];
  for (const room of model.rooms) {
    const floor = floors.find((candidate) => candidate.label === room.floor.label);
    if (floor) floor.rooms.push(room);
    else floors.push({ label: room.floor.label, rooms: [room] });
  }
  return floors.map(({ label, rooms }) => {
    // As few rows as hold them, the rooms shared out evenly (four rooms: two rows of two, not three and one).
    const rowCount = Math.ceil(rooms.length / ROOMS_PER_ROW);
    const rows: Room[][] = [];
    for (let row = 0, start = 0; row < rowCount; row += 1) {
      const size = Math.floor(rooms.length / rowCount) + (row < rooms.length % rowCount ? 1 : 0);
      rows.push(rooms.slice(start, start + size));
      start += size;
    }
    const natural = (room: Room) => {
      const digest = createHash('sha256').update(`matterport-floorplan/${room.id}`).digest();
      return { width: 2.6 + (digest[0]! % 35) / 10, depth: 2.4 + (digest[1]! % 27) / 10 };
    };
    const rowWidth = (row: Room[]) => row.reduce((sum, room) => sum + natural(room).width, 0);
    const width = decimetres(Math.max(...rows.map(rowWidth)));
    const placed: PlacedRoom[] = [];
    let y = 0;
    for (const row of rows) {
      const depth = decimetres(Math.max(...row.map((room) => natural(room).depth)));
      const stretch = width / rowWidth(row);
      let x = 0;
      row.forEach((room, index) => {
        // The last room takes what rounding left, so the row ends exactly at the floor's edge.
        const roomWidth =
          index === row.length - 1 ? decimetres(width - x) : decimetres(natural(room).width * stretch);
        placed.push({ room, x, y, width: roomWidth, depth });
        x = decimetres(x + roomWidth);
      });
      y = decimetres(y + depth);
    }
    return { label, width, depth: y, rooms: placed };
  });
}

/** Pixels per metre of the drawing. */
const SCALE = 50;
const MARGIN = 40;
const TITLE_HEIGHT = 44;
const FLOOR_LABEL_HEIGHT = 28;
const FOOTER_HEIGHT = 36;
const FLOOR_GAP = 60;
/** Wall thickness in pixels: four inches (0.1 m) or six (0.15 m). */
const WALL = { thin: 5, thick: 8 } as const;

/** Pale fills of a coloured plan, room after room. */
const FILLS = ['#f3e3c3', '#d9e8d2', '#d6e2f0', '#f0d9d9', '#e6dcef', '#f5ecc8', '#d4ece8'];

const TOTAL_AREA: Record<FloorplanLanguage, string> = {
  en: 'Total internal area',
  de: 'Gesamtwohnfläche',
  fr: 'Surface intérieure totale',
  es: 'Superficie interior total',
  it: 'Superficie interna totale',
};

/**
 * The model's schematic floor plan as an SVG document: the model's name, then each floor (lowest first, left to
 * right) under its label, its rooms as rectangles with their names and, unless hidden, their dimensions; under the
 * plan the total internal area, unless hidden, in the plan's language. The one drawing behind the PNG and the JPG.
 */
export function floorplanSvg(model: AccountModel, style: FloorplanStyle): string {
  const floors = floorLayout(model);
  const wall = style.sixInchWalls ? WALL.thick : WALL.thin;
  const planTop = MARGIN + TITLE_HEIGHT + FLOOR_LABEL_HEIGHT;
  const width =
    2 * MARGIN +
    floors.reduce((sum, floor) => sum + floor.width * SCALE, 0) +
    FLOOR_GAP * (floors.length - 1);
  const height = planTop + Math.max(...floors.map((floor) => floor.depth * SCALE)) + FOOTER_HEIGHT + MARGIN;
  const parts: string[] = [
    `<rect x="0" y="0" width="${px(width)}" height="${px(height)}" fill="#ffffff"/>`,
    text(MARGIN, MARGIN + 22, model.name, 22, 'bold'),
  ];
  let left = MARGIN;
  let fill = 0;
  for (const floor of floors) {
    parts.push(text(left, planTop - 10, floor.label, 15, 'bold'));
    for (const placed of floor.rooms) {
      const x = left + placed.x * SCALE;
      const y = planTop + placed.y * SCALE;
      const colour = style.color ? FILLS[fill++ % FILLS.length]! : '#ffffff';
      parts.push(
        `<rect x="${px(x)}" y="${px(y)}" width="${px(placed.width * SCALE)}" height="${px(placed.depth * SCALE)}" ` +
          `fill="${colour}" stroke="#222222" stroke-width="${wall}"/>`,
      );
      const centre = x + (placed.width * SCALE) / 2;
      const middle = y + (placed.depth * SCALE) / 2;
      const lines = style.hideDimensions ? [] : dimensionLines(placed.width, placed.depth, style.unitType);
      parts.push(text(centre, middle - (lines.length * 7 - 5), placed.room.label, 14, 'bold', 'middle'));
      lines.forEach((line, index) =>
        parts.push(text(centre, middle + 12 + index * 14, line, 11, '', 'middle')),
      );
    }
    left += floor.width * SCALE + FLOOR_GAP;
  }
  if (!style.hideInternalArea) {
    const area = floors.reduce(
      (sum, floor) => sum + floor.rooms.reduce((rooms, room) => rooms + room.width * room.depth, 0),
      0,
    );
    parts.push(
      text(MARGIN, height - MARGIN, `${TOTAL_AREA[style.language]}: ${areaText(area, style.unitType)}`, 14),
    );
  }
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<svg xmlns="http://www.w3.org/2000/svg" width="${px(width)}" height="${px(height)}" ` +
    `viewBox="0 0 ${px(width)} ${px(height)}" font-family="DejaVu Sans, Helvetica, Arial, sans-serif">\n` +
    `${parts.join('\n')}\n</svg>\n`
  );
}

/** The plan rasterised by sharp (librsvg): a PNG, or a JPEG on white. */
export function floorplanImage(
  model: AccountModel,
  style: FloorplanStyle,
  format: 'png' | 'jpg',
): Promise<Buffer> {
  const image = sharp(Buffer.from(floorplanSvg(model, style)));
  return format === 'png'
    ? image.png().toBuffer()
    : image.flatten({ background: '#ffffff' }).jpeg({ quality: 90 }).toBuffer();
}

/**
 * A Matterpak as a zip: `<model id>.obj` (each room a floor slab, floors 3 m apart, in metres, y up) with its
 * `<model id>.mtl`, and `colorplan.jpg` (the model's plan, coloured). Matterport's holds the textured mesh, a point
 * cloud and ceiling plans besides; a file the platform opens is all the emulator needs.
 */
export async function matterpakZip(model: AccountModel): Promise<Buffer> {
  const vertices: string[] = [];
  const faces: string[] = [];
  floorLayout(model).forEach((floor, level) => {
    for (const { x, y, width, depth } of floor.rooms) {
      const first = vertices.length + 1;
      for (const [cornerX, cornerZ] of [
        [x, y],
        [x + width, y],
        [x + width, y + depth],
        [x, y + depth],
      ] as const) {
        vertices.push(`v ${cornerX.toFixed(2)} ${(level * 3).toFixed(2)} ${cornerZ.toFixed(2)}`);
      }
      faces.push(`f ${first} ${first + 3} ${first + 2} ${first + 1}`);
    }
  });
  const obj = [`mtllib ${model.id}.mtl`, `usemtl floor`, ...vertices, ...faces, ''].join('\n');
  const mtl = ['newmtl floor', 'Kd 0.8 0.8 0.8', ''].join('\n');
  const colorplan = await floorplanImage(model, MATTERPAK_PLAN_STYLE, 'jpg');
  return Buffer.from(
    zipSync({
      [`${model.id}.obj`]: strToU8(obj),
      [`${model.id}.mtl`]: strToU8(mtl),
      'colorplan.jpg': new Uint8Array(colorplan),
    }),
  );
}

const MATTERPAK_PLAN_STYLE: FloorplanStyle = {
  color: true,
  hideDimensions: true,
  hideInternalArea: true,
  language: 'en',
  unitType: 'metric',
  sixInchWalls: false,
};

/** A room's width by depth in the plan's units: one line, or a metric then an imperial line. */
function dimensionLines(width: number, depth: number, unitType: FloorplanStyle['unitType']): string[] {
  const metric = `${width.toFixed(1)} m × ${depth.toFixed(1)} m`;
  const imperial = `${feetAndInches(width)} × ${feetAndInches(depth)}`;
  if (unitType === 'metric') return [metric];
  if (unitType === 'imperial') return [imperial];
  return [metric, imperial];
}

function areaText(squareMetres: number, unitType: FloorplanStyle['unitType']): string {
  const metric = `${squareMetres.toFixed(1)} m²`;
  const imperial = `${Math.round(squareMetres / 0.09290304)} sq ft`;
  if (unitType === 'metric') return metric;
  if (unitType === 'imperial') return imperial;
  return `${metric} (${imperial})`;
}

/** Metres as feet and inches (`13'9"`). */
function feetAndInches(metres: number): string {
  const inches = Math.round(metres / 0.0254);
  return `${Math.floor(inches / 12)}'${inches % 12}"`;
}

function text(
  x: number,
  y: number,
  content: string,
  size: number,
  weight: 'bold' | '' = '',
  anchor: 'start' | 'middle' = 'start',
): string {
  const attributes = `x="${px(x)}" y="${px(y)}" font-size="${size}" fill="#222222"`;
  const extra = `${weight ? ` font-weight="${weight}"` : ''}${anchor === 'middle' ? ' text-anchor="middle"' : ''}`;
  return `<text ${attributes}${extra}>${escapeXml(content)}</text>`;
}

/** Text content escaped for XML (it is never put in an attribute, so quotes, as in 13'9", stay as they are). */
function escapeXml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function px(value: number): string {
  return String(Math.round(value * 10) / 10);
}

function decimetres(metres: number): number {
  return Math.round(metres * 10) / 10;
}
