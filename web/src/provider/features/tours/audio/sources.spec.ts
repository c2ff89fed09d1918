import { describe, expect, it } from '@jest/globals';
import type { SpaceSweep } from '../../../../tour/space';
import { roomsOf, soundPlaceAt } from './sources';

const sweeps: SpaceSweep[] = [
  { sid: 'a', position: { x: 1, y: 0, z: 2 }, floor: 0, room: 'Lounge', neighbors: [] },
  { sid: 'b', position: { x: 3, y: 0, z: 2 }, floor: 0, room: 'Kitchen', neighbors: [] },
  { sid: 'c', position: { x: 5, y: 0, z: 2 }, floor: 0, room: 'Kitchen', neighbors: [] },
  { sid: 'd', position: { x: 7, y: 0, z: 2 }, floor: 0, room: null, neighbors: [] },
];

describe('the audio tour editor', () => {
  it('offers each room of the space once', () => {
    expect(roomsOf(sweeps)).toEqual(['Kitchen', 'Lounge']);
    expect(roomsOf([])).toEqual([]);
  });

  it.each([
    ['b', 'inside', { x: 3, y: 0, z: 2 }],
    ['b', 'dollhouse', null],
    [null, 'transitioning', null],
    ['zz', 'inside', null],
  ] as const)('places a sound at sweep %s (%s) at %j', (sweep, mode, place) => {
    expect(soundPlaceAt({ sweep, mode, rotation: { x: 0, y: 0 } }, sweeps)).toEqual(place);
  });
});
