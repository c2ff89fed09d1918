import { describe, expect, it } from '@jest/globals';
import {
  clampedPosition,
  clampedScale,
  floorSpot,
  movedBy,
  newPlacementId,
  normalizedYaw,
  nudgeFor,
  nudged,
  placementRefusal,
  turnedBy,
  type Placement,
  type SceneLimits,
} from './placements';

const LIMITS: SceneLimits = { placements: 3, position: 500, scaleMin: 0.1, scaleMax: 10, floors: 50 };
const SOFA: Placement = {
  id: 'sofa',
  assetId: 'a1',
  position: { x: 1, y: -1.5, z: 2 },
  yaw: 350,
  scale: 1,
  floor: 0,
};

describe('placements', () => {
  it('keeps the yaw from 0 to under 360 degrees, to a hundredth', () => {
    expect(normalizedYaw(370)).toBe(10);
    expect(normalizedYaw(-15)).toBe(345);
    expect(normalizedYaw(360)).toBe(0);
    expect(normalizedYaw(-0.001)).toBe(0);
    expect(normalizedYaw(12.3456)).toBe(12.35);
    expect(turnedBy(SOFA, 15).yaw).toBe(5);
  });

  it('keeps the scale and the position within the scene’s limits', () => {
    expect(clampedScale(0.01, LIMITS)).toBe(0.1);
    expect(clampedScale(12, LIMITS)).toBe(10);
    expect(clampedScale(1.234, LIMITS)).toBe(1.23);
    expect(clampedPosition({ x: 600, y: -1.23456, z: -501 }, LIMITS)).toEqual({ x: 500, y: -1.235, z: -500 });
  });

  it('drops a piece on the floor where the click met it, never on a wall', () => {
    const floor = { position: { x: 1.2, y: -1.5, z: 3 }, normal: { x: 0, y: 1, z: 0 }, floor: 1 };
    expect(floorSpot(floor, LIMITS)).toEqual({ position: { x: 1.2, y: -1.5, z: 3 }, floor: 1 });
    expect(floorSpot({ ...floor, floor: null }, LIMITS)?.floor).toBe(0);
    expect(floorSpot({ ...floor, normal: { x: 1, y: 0, z: 0 } }, LIMITS)).toBeNull();
    expect(floorSpot({ ...floor, normal: { x: 0, y: -1, z: 0 } }, LIMITS)).toBeNull();
  });

  it('moves a piece across the floor at the floor’s height', () => {
    expect(movedBy(SOFA, 0.5, -0.25, LIMITS).position).toEqual({ x: 1.5, y: -1.5, z: 1.75 });
  });

  it('reads the keyboard’s nudges: arrows move, Q and E turn, + and - scale, Shift finer', () => {
    expect(nudgeFor('ArrowRight', false)).toEqual({ kind: 'move', dx: 0.1, dz: 0 });
    expect(nudgeFor('ArrowUp', true)).toEqual({ kind: 'move', dx: 0, dz: -0.01 });
    expect(nudgeFor('q', false)).toEqual({ kind: 'turn', degrees: 15 });
    expect(nudgeFor('E', true)).toEqual({ kind: 'turn', degrees: -1 });
    expect(nudgeFor('x', false)).toBeNull();
    expect(nudged(SOFA, nudgeFor('+', false)!, LIMITS).scale).toBe(1.1);
    expect(nudged({ ...SOFA, scale: 0.1 }, nudgeFor('-', false)!, LIMITS).scale).toBe(0.1);
    expect(nudged(SOFA, nudgeFor('e', false)!, LIMITS).yaw).toBe(335);
  });

  it('makes ids the server takes, unique in the scene', () => {
    const values = [0.5, 0.5, 0.25];
    const first = newPlacementId([], () => values[0]!);
    expect(first).toMatch(/^[A-Za-z0-9_-]{1,40}$/);
    const second = newPlacementId([{ ...SOFA, id: first }], () => values.shift()!);
    expect(second).not.toBe(first);
  });

  it('refuses a piece beyond the scene’s limit', () => {
    expect(placementRefusal(2, LIMITS)).toBeNull();
    expect(placementRefusal(3, LIMITS)).toBe(
      'A staged scene may place at most 3 pieces: remove one before adding another.',
    );
  });
});
