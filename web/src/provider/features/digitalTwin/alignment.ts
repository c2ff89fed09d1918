import type { SpaceModel, SpacePoint } from '../../../tour/space';
import type { AlignmentAnswer, AlignmentPair, DigitalTwin } from './api';

/** The API's bounds on a fit's pairs (properties' README, "Digital twins"). */
export const MIN_PAIRS = 3;
export const MAX_PAIRS = 20;

/** The model point as typed: metres in the model's own frame, each axis a text field. */
export interface TypedPoint {
  x: string;
  y: string;
  z: string;
}

/** A pair on the page: the point picked in the scan (null until picked) and the model point typed beside it. */
export interface DraftPair {
  key: number;
  scan: SpacePoint | null;
  model: TypedPoint;
}

export const AXES = ['x', 'y', 'z'] as const;

const EMPTY: TypedPoint = { x: '', y: '', z: '' };

/** A typed coordinate as a number (a decimal point or comma, an exponent); null for empty or not a number. */
export function typedNumber(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (!/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(trimmed)) return null;
  return Number(trimmed);
}

/** The model point of a pair once all three coordinates are numbers. */
export function modelPoint(typed: TypedPoint): SpacePoint | null {
  const [x, y, z] = AXES.map((axis) => typedNumber(typed[axis]));
  return x === null || x === undefined || y === null || y === undefined || z === null || z === undefined
    ? null
    : { x, y, z };
}

/** The pairs to send, in order, or null while any is incomplete (a scan point not picked, a coordinate missing). */
export function completePairs(pairs: DraftPair[]): AlignmentPair[] | null {
  const complete: AlignmentPair[] = [];
  for (const pair of pairs) {
    const model = pair.scan && modelPoint(pair.model);
    if (!pair.scan || !model) return null;
    complete.push({ scan: { ...pair.scan }, model });
  }
  return complete;
}

/** Why Align cannot be pressed yet, null when it can. */
export function alignBlocker(pairs: DraftPair[]): string | null {
  if (pairs.length < MIN_PAIRS) {
    const missing = MIN_PAIRS - pairs.length;
    return `Add ${missing} more pair${missing === 1 ? '' : 's'}: the fit needs at least ${MIN_PAIRS}.`;
  }
  if (!completePairs(pairs)) return 'Type the model point of every pair (x, y and z), or remove the pair.';
  return null;
}

/** What identifies a set of pairs: residuals answered for one set are shown only while the pairs are that set. */
export const pairsSignature = (pairs: AlignmentPair[]): string =>
  JSON.stringify(pairs.map(({ scan, model }) => [scan.x, scan.y, scan.z, model.x, model.y, model.z]));

/** The pairs the API keeps, as the page edits them (keys from 1). */
export const draftPairs = (answer: AlignmentAnswer): DraftPair[] =>
  answer.alignmentPoints.map(({ scan, model }, index) => ({
    key: index + 1,
    scan: { x: scan.x, y: scan.y, z: scan.z },
    model: { x: String(model.x), y: String(model.y), z: String(model.z) },
  }));

/** A new pair at a point picked in the scan, its model point still to type. */
export function pairAt(pairs: DraftPair[], scan: SpacePoint): DraftPair {
  const key = pairs.reduce((highest, pair) => Math.max(highest, pair.key), 0) + 1;
  return { key, scan: { x: scan.x, y: scan.y, z: scan.z }, model: { ...EMPTY } };
}

/** Metres as whole centimetres: `0.042` -> `4 cm`. */
export const centimetres = (metres: number): string => `${Math.round(metres * 100) + 0} cm`;

/** A point for reading: `1.23, 0.00, -2.10 m`. */
export const pointText = ({ x, y, z }: SpacePoint): string =>
  `${[x, y, z].map((value) => (Math.round(value * 100) / 100 + 0).toFixed(2)).join(', ')} m`;

/** A pair's residual: its centimetres, and the warning when it is over what an aligned twin allows. */
export function residualText(residual: number, maxError: number): { text: string; off: boolean } {
  const off = residual > maxError;
  return {
    text: `Residual ${centimetres(residual)}${off ? ': this pair is off: check both points' : ''}`,
    off,
  };
}

/** The fit's verdict in words, from its answer (null before any fit). */
export function verdict(answer: AlignmentAnswer, visible: boolean): string | null {
  if (answer.rmsError === null) return null;
  if (answer.alignment === 'aligned') {
    return `Aligned (error ${centimetres(answer.rmsError)}): ${
      visible ? 'visitors see the exterior' : 'visitors see the exterior once you tick “Show to visitors”'
    }`;
  }
  return `Not aligned: the error is ${centimetres(answer.rmsError)}, over ${centimetres(
    answer.maxError,
  )}; check the pairs with the largest residual`;
}

/** The twin's state as its summary says it. */
export const twinState = (twin: Pick<DigitalTwin, 'alignment' | 'rmsError'>): string =>
  twin.alignment === 'aligned' && twin.rmsError !== null
    ? `Aligned, error ${centimetres(twin.rmsError)}`
    : 'Pending alignment';

/** The twin's model placed in the space where its alignment puts it; null until aligned, or without its model. */
export function placedModel(twin: DigitalTwin): SpaceModel | null {
  const { asset, transform } = twin;
  if (twin.alignment !== 'aligned' || !asset || !transform) return null;
  const { translation, quaternion } = transform;
  return {
    id: `digital-twin-${twin.id}`,
    name: asset.name,
    url: asset.url,
    position: { x: translation.x, y: translation.y, z: translation.z },
    yaw: 0,
    rotation: { x: quaternion.x, y: quaternion.y, z: quaternion.z, w: quaternion.w },
    scale: transform.scale,
  };
}
