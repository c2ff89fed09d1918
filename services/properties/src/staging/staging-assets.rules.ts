import { getBounds, NodeIO, Primitive, type Document } from '@gltf-transform/core';

/**
 * The asset library's limits (issue 36; the spec shows none): a model a phone's browser loads and draws beside
 * others in one scanned room. A furnished room holds ten to twenty pieces, so a piece is kept to 25 MB and 150,000
 * triangles (a detailed sofa is 20,000-60,000).
 */
export const STAGING_LIMITS = {
  maxModelBytes: 25 * 1024 * 1024,
  maxTriangles: 150_000,
  name: 120,
  search: 200,
  creditText: 200,
  url: 2_000,
} as const;

export const STAGING_MESSAGES = {
  assetNotFound: 'Asset not found',
  modelTooLarge: 'A 3D model must be at most 25 MB',
  unreadableModel: 'is not a readable glTF binary (GLB) model',
  oversizedData: 'declares more geometry data than a model may hold',
  noGeometry: 'holds no triangles to show: export the model with its meshes',
  notACategory: 'is not a category of the asset library',
  tooManyTriangles: (triangles: number) =>
    `has ${triangles.toLocaleString('en-US')} triangles; a model may have at most ` +
    `${STAGING_LIMITS.maxTriangles.toLocaleString('en-US')}`,
  unsupportedExtension: (names: string[]) =>
    `needs ${names.join(', ')}, which the player cannot read: export it without compression extensions`,
} as const;

/** What reading a GLB showed: its triangles and the size of the box around it, in metres (glTF's unit). */
export interface ModelFacts {
  triangleCount: number;
  widthM: number;
  heightM: number;
  depthM: number;
}

/** Why a file is not a model the library takes, in the words the field's error carries. */
export type ModelRefusal = { refused: string };

/**
 * Reads a GLB with glTF Transform (the whole file: its JSON, its binary chunk, its accessors) and measures it. A file
 * that does not parse, needs an extension the reader does not have (Draco, meshopt: their geometry cannot be counted
 * or drawn without a decoder), or holds no triangles is refused; so is one over the triangle budget.
 */
export async function readModel(bytes: Uint8Array): Promise<ModelFacts | ModelRefusal> {
  // The reader allocates what the accessors declare (a sparse one holds little and declares much): measured first.
  const declared = declaredAccessorBytes(bytes);
  if (declared === null) return { refused: STAGING_MESSAGES.unreadableModel };
  if (declared > MAX_DECLARED_BYTES) return { refused: STAGING_MESSAGES.oversizedData };
  let document: Document;
  try {
    document = await new NodeIO().readBinary(bytes);
  } catch (error) {
    // glTF Transform's words for it: 'Missing required extension, "KHR_draco_mesh_compression".'
    const required = /Missing required extension/i.test(String((error as Error).message));
    if (required)
      return { refused: STAGING_MESSAGES.unsupportedExtension(quotedIn(String((error as Error).message))) };
    return { refused: STAGING_MESSAGES.unreadableModel };
  }
  const triangles = countTriangles(document);
  if (triangles === 0) return { refused: STAGING_MESSAGES.noGeometry };
  if (triangles > STAGING_LIMITS.maxTriangles)
    return { refused: STAGING_MESSAGES.tooManyTriangles(triangles) };
  const size = boxOf(document);
  return { triangleCount: triangles, ...size };
}

/** Triangles drawn by every mesh primitive that is used in a scene or not (the file's cost, not one view's). */
export function countTriangles(document: Document): number {
  let total = 0;
  for (const mesh of document.getRoot().listMeshes()) {
    for (const primitive of mesh.listPrimitives()) {
      const vertices =
        primitive.getIndices()?.getCount() ?? primitive.getAttribute('POSITION')?.getCount() ?? 0;
      total += trianglesOf(primitive.getMode(), vertices);
    }
  }
  return total;
}

/** Triangles of one primitive by its drawing mode (glTF 2.0 §3.7.2.1); points and lines draw none. */
export function trianglesOf(mode: number, vertices: number): number {
  switch (mode) {
    case Primitive.Mode.TRIANGLES:
      return Math.floor(vertices / 3);
    case Primitive.Mode.TRIANGLE_STRIP:
    case Primitive.Mode.TRIANGLE_FAN:
      return Math.max(0, vertices - 2);
    default:
      return 0;
  }
}

/** The world-space box around the default scene (else the first), width along x, height y (up), depth z. */
function boxOf(document: Document): Pick<ModelFacts, 'widthM' | 'heightM' | 'depthM'> {
  const root = document.getRoot();
  const scene = root.getDefaultScene() ?? root.listScenes()[0];
  if (!scene) return { widthM: 0, heightM: 0, depthM: 0 };
  const { min, max } = getBounds(scene);
  const extent = (axis: 0 | 1 | 2) => {
    const size = max[axis] - min[axis];
    return Number.isFinite(size) && size > 0 ? Math.round(size * 1000) / 1000 : 0;
  };
  return { widthM: extent(0), heightM: extent(1), depthM: extent(2) };
}

function quotedIn(message: string): string[] {
  const names = [...message.matchAll(/"([^"]+)"/g)].map((match) => match[1]!);
  return names.length > 0 ? names : ['an extension'];
}

/** What the accessors of an accepted model may declare in all: a few times the file (its data is in the file). */
export const MAX_DECLARED_BYTES = 4 * STAGING_LIMITS.maxModelBytes;

const COMPONENTS: Record<string, number> = {
  SCALAR: 1,
  VEC2: 2,
  VEC3: 3,
  VEC4: 4,
  MAT2: 4,
  MAT3: 9,
  MAT4: 16,
};
const COMPONENT_BYTES: Record<number, number> = { 5120: 1, 5121: 1, 5122: 2, 5123: 2, 5125: 4, 5126: 4 };

/**
 * The bytes the GLB's accessors declare (count x components x component size), read from its JSON chunk alone; null
 * when the file has no JSON chunk that parses (glTF 2.0 §4.4: a 12-byte header, then the JSON chunk). Values the
 * reader would refuse anyway (unknown types, odd counts) count as nothing here.
 */
export function declaredAccessorBytes(bytes: Uint8Array): number | null {
  const glb = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (glb.length < 20 || glb.toString('latin1', 16, 20) !== 'JSON') return null;
  const length = glb.readUInt32LE(12);
  if (20 + length > glb.length) return null;
  let json: unknown;
  try {
    json = JSON.parse(glb.toString('utf8', 20, 20 + length));
  } catch {
    return null;
  }
  return accessorBytesOf(json);
}

/** The bytes a glTF document's accessors declare (its JSON, from a GLB's chunk or a .gltf file). */
export function accessorBytesOf(json: unknown): number {
  const accessors = (json as { accessors?: unknown } | null)?.accessors;
  if (!Array.isArray(accessors)) return 0;
  let total = 0;
  for (const accessor of accessors as Array<Record<string, unknown>>) {
    const count = typeof accessor?.count === 'number' && accessor.count > 0 ? accessor.count : 0;
    const components = COMPONENTS[String(accessor?.type)] ?? 0;
    const size = COMPONENT_BYTES[Number(accessor?.componentType)] ?? 0;
    total += count * components * size;
  }
  return total;
}

/** A model's file name from its name (an import's, which has no file name of its own): letters, digits and dashes. */
export function modelFileName(name: string): string {
  const stem = name
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  return `${stem || 'model'}.glb`;
}
