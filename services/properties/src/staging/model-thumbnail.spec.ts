import { Document, NodeIO } from '@gltf-transform/core';
import sharp from 'sharp';
import { modelThumbnail, THUMBNAIL_SIZE } from './model-thumbnail';

/** A GLB of one box `size` metres, in one material of `colour` (linear RGB), standing `at` in the world. */
async function box(size: [number, number, number], colour: [number, number, number], at = [0, 0, 0]) {
  const document = new Document();
  const buffer = document.createBuffer();
  const [x, y, z] = size;
  const corners = [0, 1].flatMap((i) => [0, 1].flatMap((j) => [0, 1].flatMap((k) => [i * x, j * y, k * z])));
  // The twelve triangles of the six faces, over the corners numbered i*4 + j*2 + k.
  const faces = [
    [0, 1, 3, 0, 3, 2],
    [4, 6, 7, 4, 7, 5],
    [0, 4, 5, 0, 5, 1],
    [2, 3, 7, 2, 7, 6],
    [0, 2, 6, 0, 6, 4],
    [1, 5, 7, 1, 7, 3],
  ].flat();
  const primitive = document
    .createPrimitive()
    .setAttribute(
      'POSITION',
      document.createAccessor().setType('VEC3').setArray(new Float32Array(corners)).setBuffer(buffer),
    )
    .setIndices(
      document.createAccessor().setType('SCALAR').setArray(new Uint16Array(faces)).setBuffer(buffer),
    )
    .setMaterial(document.createMaterial('paint').setBaseColorFactor([...colour, 1]));
  const node = document
    .createNode('box')
    .setMesh(document.createMesh('box').addPrimitive(primitive))
    .setTranslation(at as [number, number, number]);
  document.createScene('scene').addChild(node);
  return new NodeIO().writeBinary(document);
}

async function pixels(image: Buffer) {
  const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number) => [
    ...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3),
  ];
  return { info, at };
}

describe('a staging model’s thumbnail', () => {
  it('is a square WebP with the model filling its middle, in its own colour, on a light background', async () => {
    const image = await modelThumbnail(await box([1, 1, 1], [0.8, 0.05, 0.05]));
    const { info, at } = await pixels(image);
    expect([(await sharp(image).metadata()).format, info.width, info.height]).toEqual([
      'webp',
      THUMBNAIL_SIZE,
      THUMBNAIL_SIZE,
    ]);
    const [red, green, blue] = at(THUMBNAIL_SIZE / 2, THUMBNAIL_SIZE / 2);
    expect(red).toBeGreaterThan(green! + 60);
    expect(red).toBeGreaterThan(blue! + 60);
    // The corners are the background.
    for (const [x, y] of [
      [2, 2],
      [THUMBNAIL_SIZE - 3, THUMBNAIL_SIZE - 3],
    ]) {
      expect(at(x!, y!).every((channel) => channel > 230)).toBe(true);
    }
  });

  it('fits a model of any size and place: a long low bench far from the origin spans the width', async () => {
    const { at } = await pixels(
      await modelThumbnail(await box([40, 0.5, 4], [0.1, 0.1, 0.7], [500, 2, -300])),
    );
    const columns = Array.from({ length: THUMBNAIL_SIZE }, (_, x) => x).filter((x) =>
      Array.from({ length: THUMBNAIL_SIZE }, (_, y) => at(x, y)).some(([red, , blue]) => blue! > red! + 40),
    );
    // Within the 16 px margins, edge to edge.
    expect(Math.abs(columns[0]! - 16)).toBeLessThanOrEqual(2);
    expect(Math.abs(columns.at(-1)! - (THUMBNAIL_SIZE - 17))).toBeLessThanOrEqual(2);
  });

  it('shades the faces it sees differently, so the shape reads', async () => {
    const { at } = await pixels(await modelThumbnail(await box([1, 1, 1], [0.7, 0.7, 0.7])));
    const seen = new Set(
      [
        [128, 60],
        [90, 150],
        [170, 150],
      ].map(([x, y]) => at(x!, y!)[0]),
    );
    expect(seen.size).toBe(3);
  });

  it('leaves out a face turned away unless it is double-sided, or unless nothing faces the viewer', async () => {
    /** Red: a triangle turned away (clockwise as seen from the front-left, above); blue: one facing the viewer. */
    const drawn = async (parts: { away: boolean; facing: boolean; doubleSided?: boolean }) => {
      const document = new Document();
      const buffer = document.createBuffer();
      const mesh = document.createMesh();
      const triangle = (corners: number[], colour: [number, number, number], doubleSided = false) =>
        mesh.addPrimitive(
          document
            .createPrimitive()
            .setAttribute(
              'POSITION',
              document.createAccessor().setType('VEC3').setArray(new Float32Array(corners)).setBuffer(buffer),
            )
            .setMaterial(
              document
                .createMaterial()
                .setBaseColorFactor([...colour, 1])
                .setDoubleSided(doubleSided),
            ),
        );
      if (parts.away) triangle([0, 0, 0, 0, 1, 0, 1, 0, 0], [0.9, 0.05, 0.05], parts.doubleSided);
      if (parts.facing) triangle([0, 0, 2, 1, 0, 2, 0, 1, 2], [0.05, 0.05, 0.9]);
      document.createScene().addChild(document.createNode().setMesh(mesh));
      const { at } = await pixels(await modelThumbnail(await new NodeIO().writeBinary(document)));
      const all = Array.from({ length: THUMBNAIL_SIZE ** 2 }, (_, index) =>
        at(index % THUMBNAIL_SIZE, Math.floor(index / THUMBNAIL_SIZE)),
      );
      const count = (test: (pixel: number[]) => boolean) => all.filter(test).length > 500;
      return {
        red: count(([red, green, blue]) => red! > green! + 60 && red! > blue! + 60),
        blue: count(([red, green, blue]) => blue! > red! + 60 && blue! > green! + 60),
      };
    };
    expect(await drawn({ away: true, facing: true })).toEqual({ red: false, blue: true });
    expect(await drawn({ away: true, facing: true, doubleSided: true })).toEqual({ red: true, blue: true });
    expect(await drawn({ away: true, facing: false })).toEqual({ red: true, blue: false });
  });
});
