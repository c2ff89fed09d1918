import { describe, expect, it } from '@jest/globals';
import type { SpacePose } from '../../../../tour/space';
import { moved, stopAt } from './stops';

describe('the guided stops editor', () => {
  const pose = (sweep: string | null, mode: SpacePose['mode'] = 'inside'): SpacePose => ({
    sweep,
    rotation: { x: -12.345, y: 181.27 },
    mode,
  });

  it('adds a stop where the camera stands and looks', () => {
    expect(stopAt(pose('kitchen'), 2, 'k')).toEqual({
      key: 'k',
      sweepId: 'kitchen',
      rotation: { x: -12.3, y: 181.3 },
      title: 'Stop 3',
      text: '',
      audioFileId: null,
    });
  });

  it.each([[pose(null, 'transitioning')], [pose('kitchen', 'dollhouse')], [pose('kitchen', 'floorplan')]])(
    'adds none away from a sweep (%j)',
    (given) => {
      expect(stopAt(given, 0, 'k')).toBeNull();
    },
  );

  it.each([
    [1, -1, ['b', 'a', 'c']],
    [1, 1, ['a', 'c', 'b']],
    [0, -1, ['a', 'b', 'c']],
    [2, 1, ['a', 'b', 'c']],
    [5, 1, ['a', 'b', 'c']],
  ] as const)('moves item %s by %s', (index, step, order) => {
    expect(moved(['a', 'b', 'c'], index, step)).toEqual(order);
  });
});
