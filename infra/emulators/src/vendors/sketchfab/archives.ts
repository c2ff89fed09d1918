import { Document, NodeIO } from '@gltf-transform/core';
import { strToU8, zipSync } from 'fflate';
import { fileStem, viewerUrl, type CatalogueModel, type Shape } from './catalogue';

/** The formats the Download API offers, as Sketchfab names them in its answer. */
export const ARCHIVE_FORMATS = ['gltf', 'glb', 'usdz'] as const;
export type ArchiveFormat = (typeof ARCHIVE_FORMATS)[number];

export interface Archive {
  fileName: string;
  contentType: string;
  bytes: Uint8Array;
}

/** Every file of an archive carries this time, so the same model gives the same bytes on every run. */
const ARCHIVE_TIME = new Date(Date.UTC(2025, 0, 1));

/**
 * The model's downloadable files, built with glTF-Transform: a GLB (`model/gltf-binary`), and the glTF flavour as
 * Sketchfab ships it, a zip of `scene.gltf`, `scene.bin` and `license.txt`. The mesh is the furniture's boxes in
 * metres, Y up, in one material of its colour; the scene, node, mesh and material carry the model's name. The
 * USDZ is the same mesh in USD's text form (`scene.usda`), packaged as the USDZ format asks (stored, 64-byte aligned).
 */
export async function buildArchives(model: CatalogueModel): Promise<Record<ArchiveFormat, Archive>> {
  const document = furnitureDocument(model);
  const io = new NodeIO();
  const glb = await io.writeBinary(document);
  const { json, resources } = await io.writeJSON(document, { basename: 'scene' });
  const files: Record<string, Uint8Array> = {
    'scene.gltf': strToU8(JSON.stringify(json, null, 2)),
    'license.txt': strToU8(licenseText(model)),
  };
  for (const [name, bytes] of Object.entries(resources)) files[name] = bytes;
  const zip = zipSync(files, { mtime: ARCHIVE_TIME, level: 6 });
  const base = fileStem(model.name);
  return {
    glb: { fileName: `${base}.glb`, contentType: 'model/gltf-binary', bytes: glb },
    gltf: { fileName: `${base}.zip`, contentType: 'application/zip', bytes: zip },
    usdz: { fileName: `${base}.usdz`, contentType: 'model/vnd.usdz+zip', bytes: usdzPackage(model) },
  };
}

function furnitureDocument(model: CatalogueModel): Document {
  const document = new Document();
  document.getRoot().getAsset().copyright = `${model.author.displayName} (${model.license.label})`;
  const buffer = document.createBuffer();
  const { positions, normals, indices } = boxes(model.shape);
  const [red, green, blue] = model.colour.map((channel) => channel / 255) as [number, number, number];
  const material = document
    .createMaterial(model.name)
    .setBaseColorFactor([red, green, blue, 1])
    .setRoughnessFactor(0.8)
    .setMetallicFactor(0);
  const primitive = document
    .createPrimitive()
    .setAttribute('POSITION', document.createAccessor().setType('VEC3').setArray(positions).setBuffer(buffer))
    .setAttribute('NORMAL', document.createAccessor().setType('VEC3').setArray(normals).setBuffer(buffer))
    .setIndices(document.createAccessor().setType('SCALAR').setArray(indices).setBuffer(buffer))
    .setMaterial(material);
  const mesh = document.createMesh(model.name).addPrimitive(primitive);
  const node = document.createNode(model.name).setMesh(mesh);
  document.createScene(model.name).addChild(node);
  document.getRoot().setDefaultScene(document.getRoot().listScenes()[0]!);
  return document;
}

/** The six faces of each box, four vertices a face (so each face keeps its own normal), two triangles a face. */
function boxes(shape: Shape): { positions: Float32Array; normals: Float32Array; indices: Uint16Array } {
  const positions: number[] = [];
  const normals: number[] = [];
  const indices: number[] = [];
  for (const [x, y, z, width, height, depth] of shape) {
    const half = [width / 2, height / 2, depth / 2] as const;
    for (const axis of [0, 1, 2] as const) {
      for (const sign of [1, -1] as const) {
        const normal = [0, 0, 0];
        normal[axis] = sign;
        // The two other axes, ordered so the corners run counter-clockwise seen from outside.
        const [u, v] = sign > 0 ? [(axis + 1) % 3, (axis + 2) % 3] : [(axis + 2) % 3, (axis + 1) % 3];
        const first = positions.length / 3;
        for (const [su, sv] of [
          [-1, -1],
          [1, -1],
          [1, 1],
          [-1, 1],
        ] as const) {
          const corner = [x, y, z];
          corner[axis]! += sign * half[axis];
          corner[u]! += su * half[u];
          corner[v]! += sv * half[v];
          positions.push(...corner);
          normals.push(...normal);
        }
        indices.push(first, first + 1, first + 2, first, first + 2, first + 3);
      }
    }
  }
  return {
    positions: new Float32Array(positions),
    normals: new Float32Array(normals),
    indices: new Uint16Array(indices),
  };
}

/** USDZ's own name for the padding of a local file header's extra field (any id works; this is Pixar's). */
const USDZ_PADDING_FIELD = 0x1986;

/**
 * A USDZ package: an uncompressed zip whose one file, the stage, starts at a multiple of 64 bytes (the USDZ
 * specification), padded with an extra field in its local header. The stage is the furniture's boxes as one mesh
 * of quads, with its colour as the display colour.
 */
function usdzPackage(model: CatalogueModel): Uint8Array {
  const name = 'scene.usda';
  const headerEnd = 30 + name.length + 4; // local header, the name, the padding field's own id and length
  const padding = (64 - (headerEnd % 64)) % 64;
  return zipSync(
    {
      [name]: [strToU8(usda(model)), { level: 0, extra: { [USDZ_PADDING_FIELD]: new Uint8Array(padding) } }],
    },
    { mtime: ARCHIVE_TIME },
  );
}

function usda(model: CatalogueModel): string {
  const { positions, normals } = boxes(model.shape);
  const triples = (values: Float32Array) =>
    Array.from(
      { length: values.length / 3 },
      (_, index) =>
        `(${[...values.slice(index * 3, index * 3 + 3)].map((value) => Number(value.toFixed(4))).join(', ')})`,
    ).join(', ');
  const vertexCount = positions.length / 3;
  const [red, green, blue] = model.colour.map((channel) => Number((channel / 255).toFixed(4)));
  return `#usda 1.0
(
    defaultPrim = "Model"
    doc = ${JSON.stringify(`${model.name} by ${model.author.displayName} (${model.license.label})`)}
    metersPerUnit = 1
    upAxis = "Y"
)

def Xform "Model" (
    kind = "component"
)
{
    def Mesh "Mesh"
    {
        int[] faceVertexCounts = [${Array.from({ length: vertexCount / 4 }, () => 4).join(', ')}]
        int[] faceVertexIndices = [${Array.from({ length: vertexCount }, (_, index) => index).join(', ')}]
        normal3f[] normals = [${triples(normals)}] (
            interpolation = "vertex"
        )
        point3f[] points = [${triples(positions)}]
        color3f[] primvars:displayColor = [(${red}, ${green}, ${blue})]
        uniform token subdivisionScheme = "none"
    }
}
`;
}

/** What Sketchfab puts beside the model in its archives: the credit the licence asks for. */
function licenseText(model: CatalogueModel): string {
  return [
    `Model Information:`,
    `* title:\t${model.name}`,
    `* source:\t${viewerUrl(model)}`,
    `* author:\t${model.author.displayName} (https://sketchfab.com/${model.author.username})`,
    ``,
    `Model License:`,
    `* license type:\t${model.license.fullName} (${model.license.url})`,
    `* requirements:\t${model.license.requirements}`,
    ``,
  ].join('\n');
}
