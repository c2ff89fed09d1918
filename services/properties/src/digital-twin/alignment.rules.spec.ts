import {
  ALIGNMENT_MAX_ERROR_M,
  ALIGNMENT_MESSAGES,
  align,
  type Alignment,
  type AlignmentPair,
  type Point,
} from './alignment.rules';

/** A rotation by `degrees` about a unit axis, as a row-major matrix (Rodrigues). */
function rotationAbout(axis: Point, degrees: number): number[][] {
  const length = Math.hypot(axis.x, axis.y, axis.z);
  const [x, y, z] = [axis.x / length, axis.y / length, axis.z / length];
  const angle = (degrees * Math.PI) / 180;
  const [c, s, t] = [Math.cos(angle), Math.sin(angle), 1 - Math.cos(angle)];
  return [
    [t * x * x + c, t * x * y - s * z, t * x * z + s * y],
    [t * x * y + s * z, t * y * y + c, t * y * z - s * x],
    [t * x * z - s * y, t * y * z + s * x, t * z * z + c],
  ];
}

function moved(point: Point, scale: number, rotation: number[][], translation: Point): Point {
  const [x, y, z] = rotation.map((row) => row[0]! * point.x + row[1]! * point.y + row[2]! * point.z) as [
    number,
    number,
    number,
  ];
  return {
    x: scale * x + translation.x,
    y: scale * y + translation.y,
    z: scale * z + translation.z,
  };
}

/** A repeatable stream of numbers in [0, 1) (mulberry32), so a noisy case is the same every run. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The corners and a few more points of a house-sized model, in its own metres. */
const HOUSE: Point[] = [
  { x: 0, y: 0, z: 0 },
  { x: 12, y: 0, z: 0 },
  { x: 12, y: 0, z: 9 },
  { x: 0, y: 0, z: 9 },
  { x: 6, y: 7.5, z: 4.5 },
  { x: 3, y: 2.8, z: 0 },
];

const cases: Array<{
  name: string;
  scale: number;
  rotation: number[][];
  translation: Point;
  points: Point[];
  /** Each scan point moved by up to this much on each axis, as a click would place it. */
  noise: number;
}> = [
  {
    name: 'the identity',
    scale: 1,
    rotation: rotationAbout({ x: 0, y: 1, z: 0 }, 0),
    translation: { x: 0, y: 0, z: 0 },
    points: HOUSE.slice(0, 3),
    noise: 0,
  },
  {
    name: 'a quarter turn about the vertical and a move, from three points',
    scale: 1,
    rotation: rotationAbout({ x: 0, y: 1, z: 0 }, 90),
    translation: { x: 4, y: -1.5, z: 20 },
    points: HOUSE.slice(0, 3),
    noise: 0,
  },
  {
    name: 'a model drawn in centimetres, turned about a slanted axis',
    scale: 0.01,
    rotation: rotationAbout({ x: 1, y: 2, z: -0.5 }, 137),
    translation: { x: -3, y: 0.2, z: 7 },
    points: HOUSE.map((p) => ({ x: p.x * 100, y: p.y * 100, z: p.z * 100 })),
    noise: 0,
  },
  {
    name: 'a half turn (the trace is negative)',
    scale: 2.5,
    rotation: rotationAbout({ x: 0, y: 0, z: 1 }, 180),
    translation: { x: 1, y: 1, z: 1 },
    points: HOUSE,
    noise: 0,
  },
  {
    name: 'six points clicked within 5 cm',
    scale: 1,
    rotation: rotationAbout({ x: 0.1, y: 1, z: 0 }, -33),
    translation: { x: 15, y: 0, z: -8 },
    points: HOUSE,
    noise: 0.05,
  },
];

describe('aligning a digital twin to its scan', () => {
  it.each(cases)('finds $name', ({ scale, rotation, translation, points, noise }) => {
    const random = seeded(7);
    const jitter = () => (random() * 2 - 1) * noise;
    const pairs: AlignmentPair[] = points.map((model) => {
      const exact = moved(model, scale, rotation, translation);
      return { model, scan: { x: exact.x + jitter(), y: exact.y + jitter(), z: exact.z + jitter() } };
    });

    const found = align(pairs) as Alignment;

    const within = noise === 0 ? 1e-9 : noise * 2;
    expect(found.aligned).toBe(true);
    expect(Math.abs(found.scale - scale) / scale).toBeLessThan(noise === 0 ? 1e-9 : 0.01);
    found.rotation
      .flat()
      .forEach((value, i) => expect(value).toBeCloseTo(rotation.flat()[i]!, noise ? 1 : 9));
    // Where the transform puts each model point, against where the true one does.
    for (const model of points) {
      const expected = moved(model, scale, rotation, translation);
      const actual = moved(model, found.scale, found.rotation, found.translation);
      expect(Math.hypot(actual.x - expected.x, actual.y - expected.y, actual.z - expected.z)).toBeLessThan(
        within,
      );
    }
    // The residuals are the distances the fit leaves, one per pair, and their mean square is the error.
    expect(found.residuals).toHaveLength(points.length);
    found.residuals.forEach((residual, i) => {
      const landed = moved(pairs[i]!.model, found.scale, found.rotation, found.translation);
      const target = pairs[i]!.scan;
      expect(residual).toBeCloseTo(
        Math.hypot(landed.x - target.x, landed.y - target.y, landed.z - target.z),
        9,
      );
    });
    if (noise === 0) expect(found.rmsError).toBeLessThan(1e-9);
    else expect(found.rmsError).toBeGreaterThan(0);
    expect(found.rmsError).toBeLessThan(Math.sqrt(3) * noise + 1e-9);
    // The quaternion is the same rotation: a unit vector that turns (1, 0, 0) as the matrix does.
    const { x, y, z, w } = found.quaternion;
    expect(Math.hypot(x, y, z, w)).toBeCloseTo(1, 9);
    expect(w).toBeGreaterThanOrEqual(0);
    expect(1 - 2 * (y * y + z * z)).toBeCloseTo(found.rotation[0]![0]!, 9);
    expect(2 * (x * y + z * w)).toBeCloseTo(found.rotation[1]![0]!, 9);
    expect(2 * (x * z - y * w)).toBeCloseTo(found.rotation[2]![0]!, 9);
  });

  it('keeps a rotation when the scan is the model’s mirror image, and says the fit is poor', () => {
    const pairs = HOUSE.map((model) => ({ model, scan: { x: -model.x, y: model.y, z: model.z } }));
    const found = align(pairs) as Alignment;
    const r = found.rotation;
    const det =
      r[0]![0]! * (r[1]![1]! * r[2]![2]! - r[1]![2]! * r[2]![1]!) -
      r[0]![1]! * (r[1]![0]! * r[2]![2]! - r[1]![2]! * r[2]![0]!) +
      r[0]![2]! * (r[1]![0]! * r[2]![1]! - r[1]![1]! * r[2]![0]!);
    expect(det).toBeCloseTo(1, 9);
    expect(found.rmsError).toBeGreaterThan(ALIGNMENT_MAX_ERROR_M);
    expect(found.aligned).toBe(false);
  });

  it('reports the pair picked on the wrong corner by its residual, and does not align', () => {
    const rotation = rotationAbout({ x: 0, y: 1, z: 0 }, 20);
    const pairs = HOUSE.map((model) => ({ model, scan: moved(model, 1, rotation, { x: 2, y: 0, z: 3 }) }));
    pairs[2] = { ...pairs[2]!, scan: moved(HOUSE[3]!, 1, rotation, { x: 2, y: 0, z: 3 }) };
    const found = align(pairs) as Alignment;
    expect(found.aligned).toBe(false);
    const worst = found.residuals.indexOf(Math.max(...found.residuals));
    expect(worst).toBe(2);
  });

  it.each([
    ['two pairs', HOUSE.slice(0, 2).map((p) => ({ model: p, scan: p })), ALIGNMENT_MESSAGES.tooFew],
    [
      'twenty-one pairs',
      Array.from({ length: 21 }, (_, i) => ({ model: HOUSE[i % 6]!, scan: HOUSE[i % 6]! })),
      ALIGNMENT_MESSAGES.tooMany,
    ],
    [
      'model points on one line',
      [0, 1, 2, 3].map((i) => ({ model: { x: i, y: 2 * i, z: -i }, scan: HOUSE[i]! })),
      ALIGNMENT_MESSAGES.modelOnALine,
    ],
    [
      'one model point picked three times',
      [0, 1, 2].map((i) => ({ model: { x: 1, y: 1, z: 1 }, scan: HOUSE[i]! })),
      ALIGNMENT_MESSAGES.modelOnALine,
    ],
    [
      'scan points on one line',
      [0, 1, 2].map((i) => ({ model: HOUSE[i]!, scan: { x: 5, y: 1.5, z: i * 0.3 } })),
      ALIGNMENT_MESSAGES.scanOnALine,
    ],
  ])('refuses %s in words', (_name, pairs, error) => {
    expect(align(pairs)).toEqual({ error });
  });
});
