import { NodeIO, Primitive, type Document } from '@gltf-transform/core';
import sharp from 'sharp';

/** The thumbnail's side in pixels, and the margin around the model. */
export const THUMBNAIL_SIZE = 256;
const MARGIN = 16;
/** The triangles drawn: the largest as seen, which make the silhouette; a library card needs no more. */
const MAX_DRAWN = 20_000;
/** Seen from the front-left corner, a little above: how a piece of furniture is photographed for a catalogue. */
const YAW = (-35 * Math.PI) / 180;
const PITCH = (25 * Math.PI) / 180;
/** Light from above, behind the viewer's left shoulder (in the view's space), and what lights the shadows. */
const LIGHT = normalised([-0.35, 0.85, 0.4]);
const AMBIENT = 0.38;
const BACKGROUND = { r: 243, g: 244, b: 246 };
const DEFAULT_COLOUR: Colour = [0.78, 0.78, 0.8];

type Vec3 = [number, number, number];
type Colour = [number, number, number];
interface Triangle {
  corners: [Vec3, Vec3, Vec3];
  colour: Colour;
  /** Its material is seen from both sides; otherwise its back (glTF: corners clockwise as seen) is not drawn. */
  doubleSided: boolean;
}

/**
 * A catalogue picture of a model (issue 36, "make a thumbnail"): its triangles seen from the front-left and above,
 * flat-shaded in their materials' base colours, drawn far to near (painter's order) as SVG and rasterised by sharp, as
 * a WebP on a light background. No GPU and no browser: a library card needs the shape and the colours, not textures.
 */
export async function modelThumbnail(bytes: Uint8Array): Promise<Buffer> {
  return renderThumbnail(await new NodeIO().readBinary(bytes));
}

export async function renderThumbnail(document: Document): Promise<Buffer> {
  const seen = largestSeen(viewTriangles(document), MAX_DRAWN);
  const svg = drawing(seen);
  return sharp(Buffer.from(svg)).flatten({ background: BACKGROUND }).webp({ quality: 80 }).toBuffer();
}

/**
 * Every triangle of the default scene's meshes that faces the viewer (or is double-sided; every one when none does),
 * in the world, turned into the view's space (x right, y up, z near).
 */
function viewTriangles(document: Document): Triangle[] {
  const root = document.getRoot();
  const scene = root.getDefaultScene() ?? root.listScenes()[0];
  const triangles: Triangle[] = [];
  const turnedAway: Triangle[] = [];
  scene?.traverse((node) => {
    const mesh = node.getMesh();
    if (!mesh) return;
    const world = node.getWorldMatrix();
    for (const primitive of mesh.listPrimitives()) {
      if (primitive.getMode() !== Primitive.Mode.TRIANGLES) continue;
      const positions = primitive.getAttribute('POSITION');
      if (!positions) continue;
      const material = primitive.getMaterial();
      const factor = material?.getBaseColorFactor() ?? [...DEFAULT_COLOUR, 1];
      const colour: Colour = [factor[0], factor[1], factor[2]];
      const doubleSided = material?.getDoubleSided() ?? false;
      const indices = primitive.getIndices();
      const count = indices ? indices.getCount() : positions.getCount();
      const corner = (index: number): Vec3 => {
        const vertex = indices ? indices.getScalar(index) : index;
        return toView(transformed(world, positions.getElement(vertex, [0, 0, 0]) as Vec3));
      };
      for (let index = 0; index + 2 < count; index += 3) {
        const triangle: Triangle = {
          corners: [corner(index), corner(index + 1), corner(index + 2)],
          colour,
          doubleSided,
        };
        (doubleSided || screenArea(triangle) > 0 ? triangles : turnedAway).push(triangle);
      }
    }
  });
  // A model whose faces all turn away (wound the other way round, or seen from below) is drawn whole: a picture of
  // it beats an empty card.
  return triangles.length > 0 ? triangles : turnedAway;
}

function transformed(m: ArrayLike<number>, [x, y, z]: Vec3): Vec3 {
  return [
    m[0]! * x + m[4]! * y + m[8]! * z + m[12]!,
    m[1]! * x + m[5]! * y + m[9]! * z + m[13]!,
    m[2]! * x + m[6]! * y + m[10]! * z + m[14]!,
  ];
}

/** Turned by YAW about the up axis, then tilted by PITCH towards the viewer, who looks down -z. */
function toView([x, y, z]: Vec3): Vec3 {
  const x1 = Math.cos(YAW) * x + Math.sin(YAW) * z;
  const z1 = -Math.sin(YAW) * x + Math.cos(YAW) * z;
  return [x1, Math.cos(PITCH) * y - Math.sin(PITCH) * z1, Math.sin(PITCH) * y + Math.cos(PITCH) * z1];
}

/** The `limit` triangles that cover most of the picture. */
function largestSeen(triangles: Triangle[], limit: number): Triangle[] {
  if (triangles.length <= limit) return triangles;
  return triangles
    .map((triangle) => ({ triangle, area: Math.abs(screenArea(triangle)) }))
    .sort((a, b) => b.area - a.area)
    .slice(0, limit)
    .map(({ triangle }) => triangle);
}

function screenArea({ corners: [a, b, c] }: Triangle): number {
  return ((b[0] - a[0]) * (c[1] - a[1]) - (c[0] - a[0]) * (b[1] - a[1])) / 2;
}

/** The SVG: the model fitted in the square, its triangles far to near, each shaded by how it faces the light. */
function drawing(triangles: Triangle[]): string {
  const side = THUMBNAIL_SIZE;
  const open = `<svg xmlns="http://www.w3.org/2000/svg" width="${side}" height="${side}" viewBox="0 0 ${side} ${side}">`;
  if (triangles.length === 0) return `${open}</svg>`;
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const { corners } of triangles) {
    for (const [x, y] of corners) {
      [minX, maxX, minY, maxY] = [Math.min(minX, x), Math.max(maxX, x), Math.min(minY, y), Math.max(maxY, y)];
    }
  }
  const scale = (side - 2 * MARGIN) / Math.max(maxX - minX, maxY - minY, 1e-6);
  const offsetX = (side - (maxX - minX) * scale) / 2;
  const offsetY = (side - (maxY - minY) * scale) / 2;
  const point = ([x, y]: Vec3) =>
    `${((x - minX) * scale + offsetX).toFixed(1)},${((maxY - y) * scale + offsetY).toFixed(1)}`;
  const depth = ({ corners: [a, b, c] }: Triangle) => a[2] + b[2] + c[2];
  const polygons = [...triangles]
    .sort((a, b) => depth(a) - depth(b))
    .map((triangle) => {
      const fill = hex(shaded(triangle));
      // The stroke in the same colour closes the hairline gaps between neighbours that anti-aliasing leaves.
      return `<polygon points="${triangle.corners.map(point).join(' ')}" fill="${fill}" stroke="${fill}" stroke-width="0.6"/>`;
    });
  return `${open}${polygons.join('')}</svg>`;
}

/** The base colour lit by LIGHT over AMBIENT, whichever way the triangle's corners wind. */
function shaded({ corners: [a, b, c], colour }: Triangle): Colour {
  const normal = normalised(cross(minus(b, a), minus(c, a)));
  const facing = normal[2] < 0 ? normal.map((value) => -value) : normal;
  const light = AMBIENT + (1 - AMBIENT) * Math.max(0, dot(facing as Vec3, LIGHT));
  return colour.map((value) => value * light) as Colour;
}

/** Linear colour as sRGB hex. */
function hex(colour: Colour): string {
  return `#${colour
    .map((value) =>
      Math.round(255 * Math.min(1, Math.max(0, value)) ** (1 / 2.2))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

function minus(a: Vec3, b: Vec3): Vec3 {
  return [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
}

function cross(a: Vec3, b: Vec3): Vec3 {
  return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
}

function dot(a: Vec3, b: Vec3): number {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

function normalised(vector: number[]): Vec3 {
  const length = Math.hypot(...vector) || 1;
  return [vector[0]! / length, vector[1]! / length, vector[2]! / length];
}
