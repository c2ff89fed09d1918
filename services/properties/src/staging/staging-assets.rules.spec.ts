import { Document, NodeIO, Primitive, type GLTF } from '@gltf-transform/core';
import { declaredAccessorBytes, readModel, STAGING_LIMITS, trianglesOf } from './staging-assets.rules';

/** A GLB of one primitive drawn in `mode` over `vertices` vertices (unindexed), written by glTF Transform. */
async function model(
  mode: GLTF.MeshPrimitiveMode,
  vertices: number,
  extensionsRequired: string[] = [],
): Promise<Uint8Array> {
  const document = new Document();
  const buffer = document.createBuffer();
  const positions = new Float32Array(vertices * 3);
  positions.set([0, 0, 0, 1, 2, 0, 0, 0, 3].slice(0, Math.min(9, vertices * 3)));
  const position = document.createAccessor().setType('VEC3').setArray(positions).setBuffer(buffer);
  const primitive = document.createPrimitive().setMode(mode).setAttribute('POSITION', position);
  document
    .createScene()
    .addChild(document.createNode().setMesh(document.createMesh().addPrimitive(primitive)));
  const binary = await new NodeIO().writeBinary(document);
  return extensionsRequired.length === 0 ? binary : requiring(binary, extensionsRequired);
}

/**
 * The GLB with extensions marked required in its JSON chunk, set by hand: glTF Transform writes only extensions it
 * has registered.
 */
function requiring(binary: Uint8Array, extensions: string[]): Buffer {
  return withJson(binary, (json) => ({
    ...json,
    extensionsUsed: extensions,
    extensionsRequired: extensions,
  }));
}

/** The GLB with its JSON chunk rewritten by `edit`, its binary chunk as it was. */
function withJson(
  binary: Uint8Array,
  edit: (json: Record<string, unknown>) => Record<string, unknown>,
): Buffer {
  const glb = Buffer.from(binary);
  const jsonLength = glb.readUInt32LE(12);
  const json = JSON.parse(glb.subarray(20, 20 + jsonLength).toString('utf8'));
  let text = JSON.stringify(edit(json));
  while (text.length % 4 !== 0) text += ' ';
  const rest = glb.subarray(20 + jsonLength);
  const header = Buffer.alloc(20);
  header.write('glTF', 0, 'latin1');
  header.writeUInt32LE(2, 4);
  header.writeUInt32LE(20 + text.length + rest.length, 8);
  header.writeUInt32LE(text.length, 12);
  header.write('JSON', 16, 'latin1');
  return Buffer.concat([header, Buffer.from(text), rest]);
}

describe('staging models', () => {
  it.each([
    ['triangles', Primitive.Mode.TRIANGLES, 9, 3],
    ['triangles, a stray vertex left over', Primitive.Mode.TRIANGLES, 10, 3],
    ['a strip', Primitive.Mode.TRIANGLE_STRIP, 6, 4],
    ['a fan', Primitive.Mode.TRIANGLE_FAN, 5, 3],
    ['a strip too short for one', Primitive.Mode.TRIANGLE_STRIP, 2, 0],
    ['lines', Primitive.Mode.LINES, 10, 0],
    ['points', Primitive.Mode.POINTS, 10, 0],
  ])('counts %s', (_name, mode, vertices, triangles) => {
    expect(trianglesOf(mode, vertices)).toBe(triangles);
  });

  it('measures a model: its triangles and its box in metres', async () => {
    expect(await readModel(await model(Primitive.Mode.TRIANGLES, 6))).toEqual({
      triangleCount: 2,
      widthM: 1,
      heightM: 2,
      depthM: 3,
    });
  });

  it('refuses what draws no triangle, what is not a GLB, what is over the budget', async () => {
    expect(await readModel(await model(Primitive.Mode.LINES, 6))).toEqual({
      refused: 'holds no triangles to show: export the model with its meshes',
    });
    expect(await readModel(Buffer.from('glTF but nothing else'))).toEqual({
      refused: 'is not a readable glTF binary (GLB) model',
    });
    const budget = STAGING_LIMITS.maxTriangles;
    expect(await readModel(await model(Primitive.Mode.TRIANGLE_STRIP, budget + 3))).toEqual({
      refused: 'has 150,001 triangles; a model may have at most 150,000',
    });
  });

  it('refuses a model that needs a decoder the player lacks', async () => {
    expect(await readModel(await model(Primitive.Mode.TRIANGLES, 3, ['KHR_draco_mesh_compression']))).toEqual(
      {
        refused:
          'needs KHR_draco_mesh_compression, which the player cannot read: export it without compression extensions',
      },
    );
  });

  it('refuses a model whose accessors declare far more than it holds, before reading it', async () => {
    const source = await model(Primitive.Mode.TRIANGLES, 3);
    expect(declaredAccessorBytes(source)).toBe(36);
    const inflated = withJson(source, (json) => ({
      ...json,
      accessors: [
        ...(json.accessors as object[]),
        { type: 'VEC4', componentType: 5126, count: 50_000_000, sparse: { count: 0 } },
      ],
    }));
    expect(declaredAccessorBytes(inflated)).toBe(36 + 800_000_000);
    expect(await readModel(inflated)).toEqual({
      refused: 'declares more geometry data than a model may hold',
    });
    expect(declaredAccessorBytes(Buffer.from('glTF\x02\0\0\0 no JSON chunk here'))).toBeNull();
  });
});
