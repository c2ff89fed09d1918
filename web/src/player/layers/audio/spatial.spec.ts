import { describe, expect, it } from '@jest/globals';
import type { SpacePose, SpaceSweep } from '../../../tour/space';
import { cameraPosition, cameraRoom, distance, narrationFor, sourceLevels, spatialVolume } from './spatial';

describe('spatial audio', () => {
  it.each([
    // metres, radius, volume -> level
    [0, 4, 100, 1],
    [0, 4, 50, 0.5],
    [1, 4, 100, 0.563],
    [2, 4, 100, 0.25],
    [3, 4, 80, 0.05],
    [4, 4, 100, 0],
    [10, 4, 100, 0],
    [2, 4, 0, 0],
    [2, 4, 150, 0.25],
    [-1, 4, 100, 0],
    [Number.NaN, 4, 100, 0],
    [Number.POSITIVE_INFINITY, 4, 100, 0],
    [1, 0, 100, 0],
  ])('%s m from a source of radius %s at %s%% plays at %s', (metres, radius, volume, level) => {
    expect(spatialVolume(metres, { radius, volume })).toBe(level);
  });

  it('measures in three dimensions', () => {
    expect(distance({ x: 0, y: 0, z: 0 }, { x: 3, y: 4, z: 12 })).toBe(13);
  });

  const sweeps: SpaceSweep[] = [
    { sid: 'hall', position: { x: 0, y: 0, z: 0 }, floor: 0, room: 'Hall', neighbors: ['kitchen'] },
    { sid: 'kitchen', position: { x: 2, y: 0, z: 0 }, floor: 0, room: 'Kitchen', neighbors: ['hall'] },
    { sid: 'garden', position: { x: 9, y: 0, z: 0 }, floor: 0, room: null, neighbors: [] },
  ];
  const pose = (sweep: string | null, mode: SpacePose['mode'] = 'inside'): SpacePose => ({
    sweep,
    rotation: { x: 0, y: 0 },
    mode,
  });

  it.each([
    [pose('kitchen'), { x: 2, y: 0, z: 0 }, 'Kitchen'],
    [pose('garden'), { x: 9, y: 0, z: 0 }, null],
    [pose('kitchen', 'dollhouse'), null, null],
    [pose(null, 'transitioning'), null, null],
    [pose('nowhere'), null, null],
  ])('the camera at %j stands at %j in %s', (given, position, room) => {
    expect(cameraPosition(given, sweeps)).toEqual(position);
    expect(cameraRoom(given, sweeps)).toBe(room);
  });

  it('levels every source where the camera is, silence when it is nowhere', () => {
    const sources = [
      { position: { x: 2, y: 0, z: 0 }, radius: 4, volume: 100 },
      { position: { x: 9, y: 0, z: 0 }, radius: 3, volume: 100 },
    ];
    expect(sourceLevels({ x: 0, y: 0, z: 0 }, sources)).toEqual([0.25, 0]);
    expect(sourceLevels(null, sources)).toEqual([0, 0]);
  });

  it('finds a room’s narration by its label, any case', () => {
    const narrations = [{ room: 'Kitchen', url: 'k.mp3' }];
    expect(narrationFor(' kitchen', narrations)).toEqual(narrations[0]);
    expect(narrationFor('Hall', narrations)).toBeNull();
    expect(narrationFor(null, narrations)).toBeNull();
  });
});
