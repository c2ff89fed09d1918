/** A point in the scan's space, metres, y up (Showcase's coordinates). */
export interface SpaceVector {
  x: number;
  y: number;
  z: number;
}

/** A model placed in the scan, as the editor holds it and `POST …/vt_staging/scene` takes it. */
export interface Placement {
  id: string;
  assetId: string;
  position: SpaceVector;
  /** degrees about the up axis, counter-clockwise seen from above, 0 to under 360 */
  yaw: number;
  /** uniform; 1 the model's own size */
  scale: number;
  /** Matterport's floor index it stands on */
  floor: number;
}

/** `creator_studio_props`' limits. */
export interface SceneLimits {
  placements: number;
  /** metres from the scan's origin, each axis, either way */
  position: number;
  scaleMin: number;
  scaleMax: number;
  floors: number;
}

/** Where a click met the scan (the SDK's Pointer intersection). */
export interface FloorPick {
  position: SpaceVector;
  normal: SpaceVector;
  floor: number | null;
}

/**
 * A surface whose normal leans less than about 45° from straight up is floor (a rug, a step); a wall or a ceiling is
 * not, and a piece dropped there would float or sink.
 */
const FLOOR_NORMAL_MIN_Y = 0.7;

const round = (value: number, places: number) => {
  const factor = 10 ** places;
  return Math.round(value * factor) / factor;
};
const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/** Any angle as the scene keeps it: 0 to under 360, to a hundredth of a degree. */
export function normalizedYaw(degrees: number): number {
  const turned = ((round(degrees, 2) % 360) + 360) % 360;
  return turned === 360 ? 0 : round(turned, 2);
}

/** A scale within the scene's limits, to a hundredth. */
export const clampedScale = (scale: number, limits: SceneLimits) =>
  round(clamp(scale, limits.scaleMin, limits.scaleMax), 2);

/** A position within the scene's bounds on each axis, to the millimetre. */
export const clampedPosition = (position: SpaceVector, limits: SceneLimits): SpaceVector => ({
  x: round(clamp(position.x, -limits.position, limits.position), 3),
  y: round(clamp(position.y, -limits.position, limits.position), 3),
  z: round(clamp(position.z, -limits.position, limits.position), 3),
});

/**
 * Where a click on the scan puts a piece: on the floor where it met it (its height the floor's, so the piece stands
 * on it), or null when the click met a wall or a ceiling.
 */
export function floorSpot(
  pick: FloorPick,
  limits: SceneLimits,
): { position: SpaceVector; floor: number } | null {
  if (pick.normal.y < FLOOR_NORMAL_MIN_Y) return null;
  return {
    position: clampedPosition(pick.position, limits),
    floor: clamp(Math.round(pick.floor ?? 0), 0, limits.floors),
  };
}

/** Moved across the floor (x and z); it stays at the floor's height. */
export const movedTo = (placement: Placement, x: number, z: number, limits: SceneLimits): Placement => ({
  ...placement,
  position: clampedPosition({ x, y: placement.position.y, z }, limits),
});

export const movedBy = (placement: Placement, dx: number, dz: number, limits: SceneLimits): Placement =>
  movedTo(placement, placement.position.x + dx, placement.position.z + dz, limits);

export const turnedBy = (placement: Placement, degrees: number): Placement => ({
  ...placement,
  yaw: normalizedYaw(placement.yaw + degrees),
});

export const scaledTo = (placement: Placement, scale: number, limits: SceneLimits): Placement => ({
  ...placement,
  scale: clampedScale(scale, limits),
});

/** What a key does to the selected piece (arrows move it, Q/E turn it, +/- scale it); Shift makes the step finer. */
export type Nudge =
  | { kind: 'move'; dx: number; dz: number }
  | { kind: 'turn'; degrees: number }
  | { kind: 'scale'; factor: number };

export function nudgeFor(key: string, fine: boolean): Nudge | null {
  const step = fine ? 0.01 : 0.1;
  const moves: Record<string, [number, number]> = {
    ArrowLeft: [-step, 0],
    ArrowRight: [step, 0],
    ArrowUp: [0, -step],
    ArrowDown: [0, step],
  };
  const move = moves[key];
  if (move) return { kind: 'move', dx: move[0], dz: move[1] };
  const degrees = fine ? 1 : 15;
  if (key === 'q' || key === 'Q') return { kind: 'turn', degrees };
  if (key === 'e' || key === 'E') return { kind: 'turn', degrees: -degrees };
  if (key === '+' || key === '=') return { kind: 'scale', factor: fine ? 1.01 : 1.1 };
  if (key === '-' || key === '_') return { kind: 'scale', factor: fine ? 1 / 1.01 : 1 / 1.1 };
  return null;
}

export function nudged(placement: Placement, nudge: Nudge, limits: SceneLimits): Placement {
  if (nudge.kind === 'move') return movedBy(placement, nudge.dx, nudge.dz, limits);
  if (nudge.kind === 'turn') return turnedBy(placement, nudge.degrees);
  return scaledTo(placement, placement.scale * nudge.factor, limits);
}

/** An id for a new placement: 1-40 letters, digits, `-` and `_`, unique in the scene. */
export function newPlacementId(taken: readonly Placement[], random: () => number = Math.random): string {
  for (;;) {
    const id = `piece-${Math.floor(random() * 36 ** 8)
      .toString(36)
      .padStart(8, '0')}`;
    if (!taken.some((placement) => placement.id === id)) return id;
  }
}

/** Why another piece cannot be placed, in the server's words, or null. */
export const placementRefusal = (count: number, limits: SceneLimits): string | null =>
  count >= limits.placements
    ? `A staged scene may place at most ${limits.placements} pieces: remove one before adding another.`
    : null;
