import { Matrix, SingularValueDecomposition, determinant } from 'ml-matrix';

/**
 * A digital twin's alignment: the provider picks pairs of matching points, one in the scan (through Showcase's SDK)
 * and one on the twin's model, and the twin is placed in the scan's space by the similarity transform (a rotation,
 * a uniform scale, then a translation) that brings the model's points nearest to the scan's in the least-squares
 * sense (Umeyama, 1991: the SVD of the two point sets' cross-covariance, with the reflection it may hide turned back
 * into a rotation). Coordinates are metres, as Showcase reports them.
 */
export interface Point {
  x: number;
  y: number;
  z: number;
}

export interface AlignmentPair {
  scan: Point;
  model: Point;
}

export interface Alignment {
  /** model point -> scan point: scan = scale * rotation * model + translation. */
  scale: number;
  /** Row-major 3 x 3, a proper rotation (determinant 1). */
  rotation: number[][];
  /** The same rotation as a unit quaternion (x, y, z, w), as three.js and Showcase take it. */
  quaternion: { x: number; y: number; z: number; w: number };
  translation: Point;
  /** Per pair, in the order given: how far the transformed model point lands from its scan point, in metres. */
  residuals: number[];
  /** The residuals' root mean square, in metres. */
  rmsError: number;
  /** Whether the error is under ALIGNMENT_MAX_ERROR_M: only then does the twin move to aligned. */
  aligned: boolean;
}

export const MIN_ALIGNMENT_PAIRS = 3;
export const MAX_ALIGNMENT_PAIRS = 20;
/**
 * The largest root-mean-square error a twin is aligned under. Picking a point by a click in a 3D view is good to
 * a few centimetres; 15 cm on average is a twin that visibly fits its scan, a pair picked on the wrong corner is not.
 */
export const ALIGNMENT_MAX_ERROR_M = 0.15;

export const ALIGNMENT_MESSAGES = {
  tooFew: `must have at least ${MIN_ALIGNMENT_PAIRS} pairs of points`,
  tooMany: `must have at most ${MAX_ALIGNMENT_PAIRS} pairs of points`,
  modelOnALine: 'the points on the model are all on one line: pick at least three that are not',
  scanOnALine: 'the points in the scan are all on one line: pick at least three that are not',
} as const;

/**
 * A spread this small against the largest, in the points' second direction, is a line (or one point): the
 * rotation about that line is then anything at all.
 */
const FLATNESS = 1e-6;

/** The alignment of `pairs`, or the refusal in words when no single transform follows from them. */
export function align(pairs: readonly AlignmentPair[]): Alignment | { error: string } {
  if (pairs.length < MIN_ALIGNMENT_PAIRS) return { error: ALIGNMENT_MESSAGES.tooFew };
  if (pairs.length > MAX_ALIGNMENT_PAIRS) return { error: ALIGNMENT_MESSAGES.tooMany };
  const model = centred(pairs.map((pair) => pair.model));
  const scan = centred(pairs.map((pair) => pair.scan));
  if (onALine(model.points)) return { error: ALIGNMENT_MESSAGES.modelOnALine };
  if (onALine(scan.points)) return { error: ALIGNMENT_MESSAGES.scanOnALine };

  const n = pairs.length;
  // Cross-covariance of the scan's points against the model's (3 x 3), and the model's variance.
  const covariance = scan.points.transpose().mmul(model.points).div(n);
  const modelVariance = model.points.to1DArray().reduce((sum, value) => sum + value * value, 0) / n;
  const svd = new SingularValueDecomposition(covariance);
  const u = svd.leftSingularVectors;
  const v = svd.rightSingularVectors;
  // A reflection is the best fit of the SVD when the two sets are mirror images (or nearly, with noise): the
  // smallest singular direction is turned back so that the rotation stays one.
  const sign = determinant(u) * determinant(v) < 0 ? -1 : 1;
  const s = Matrix.diag([1, 1, sign]);
  const rotation = u.mmul(s).mmul(v.transpose());
  const [d1, d2, d3] = svd.diagonal as [number, number, number];
  const scale = (d1 + d2 + sign * d3) / modelVariance;
  const rotatedModelMean = rotation.mmul(Matrix.columnVector(model.mean)).to1DArray();
  const translation = scan.mean.map((value, axis) => value - scale * rotatedModelMean[axis]!);

  const residuals = pairs.map(({ model: point, scan: target }) => {
    const moved = rotation.mmul(Matrix.columnVector([point.x, point.y, point.z])).to1DArray();
    return Math.hypot(
      scale * moved[0]! + translation[0]! - target.x,
      scale * moved[1]! + translation[1]! - target.y,
      scale * moved[2]! + translation[2]! - target.z,
    );
  });
  const rmsError = Math.sqrt(residuals.reduce((sum, r) => sum + r * r, 0) / n);
  const rows = rotation.to2DArray();
  return {
    scale,
    rotation: rows,
    quaternion: quaternionOf(rows),
    translation: { x: translation[0]!, y: translation[1]!, z: translation[2]! },
    residuals,
    rmsError,
    aligned: rmsError <= ALIGNMENT_MAX_ERROR_M,
  };
}

/** The points as the rows of an n x 3 matrix, less their mean, and the mean. */
function centred(points: Point[]): { points: Matrix; mean: [number, number, number] } {
  const rows = points.map((p) => [p.x, p.y, p.z]);
  const mean = [0, 1, 2].map((axis) => rows.reduce((sum, row) => sum + row[axis]!, 0) / rows.length) as [
    number,
    number,
    number,
  ];
  return { points: new Matrix(rows.map((row) => row.map((value, axis) => value - mean[axis]!))), mean };
}

/** Whether centred points spread in fewer than two directions: their second singular value is next to nothing. */
function onALine(points: Matrix): boolean {
  const [first = 0, second = 0] = new SingularValueDecomposition(points, {
    computeLeftSingularVectors: false,
    computeRightSingularVectors: false,
  }).diagonal;
  return first === 0 || second / first < FLATNESS;
}

/** A rotation matrix's unit quaternion (Shepperd's method: from its largest diagonal term, for precision). */
function quaternionOf(m: number[][]): { x: number; y: number; z: number; w: number } {
  const [[m00, m01, m02], [m10, m11, m12], [m20, m21, m22]] = m as [
    [number, number, number],
    [number, number, number],
    [number, number, number],
  ];
  const trace = m00 + m11 + m22;
  let q: { x: number; y: number; z: number; w: number };
  if (trace > 0) {
    const k = 0.5 / Math.sqrt(trace + 1);
    q = { w: 0.25 / k, x: (m21 - m12) * k, y: (m02 - m20) * k, z: (m10 - m01) * k };
  } else if (m00 > m11 && m00 > m22) {
    const k = 2 * Math.sqrt(1 + m00 - m11 - m22);
    q = { w: (m21 - m12) / k, x: 0.25 * k, y: (m01 + m10) / k, z: (m02 + m20) / k };
  } else if (m11 > m22) {
    const k = 2 * Math.sqrt(1 + m11 - m00 - m22);
    q = { w: (m02 - m20) / k, x: (m01 + m10) / k, y: 0.25 * k, z: (m12 + m21) / k };
  } else {
    const k = 2 * Math.sqrt(1 + m22 - m00 - m11);
    q = { w: (m10 - m01) / k, x: (m02 + m20) / k, y: (m12 + m21) / k, z: 0.25 * k };
  }
  // One of the two quaternions of a rotation: the one with w >= 0, so equal rotations compare equal.
  return q.w < 0 ? { x: -q.x, y: -q.y, z: -q.z, w: -q.w } : q;
}
