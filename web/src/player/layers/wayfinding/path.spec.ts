import { describe, expect, it } from '@jest/globals';
import { findPath } from './path';
import { sweepsOf as space } from './spaceDouble';

//   a - b - c - d        e (alone)
//        \     /
//         f - g
const HOUSE = space({
  a: ['b'],
  b: ['a', 'c', 'f'],
  c: ['b', 'd'],
  d: ['c', 'g'],
  e: [],
  f: ['b', 'g'],
  g: ['f', 'd'],
});

describe('findPath', () => {
  it.each([
    ['the same sweep', HOUSE, 'a', 'a', ['a']],
    ['a neighbour', HOUSE, 'a', 'b', ['a', 'b']],
    ['the fewest moves', HOUSE, 'a', 'd', ['a', 'b', 'c', 'd']],
    ['the other way round', HOUSE, 'g', 'a', ['g', 'f', 'b', 'a']],
    ['a sweep nothing links', HOUSE, 'a', 'e', null],
    ['an end the space does not have', HOUSE, 'a', 'zz', null],
    ['a start the space does not have', HOUSE, 'zz', 'a', null],
    ['a link listed on one side only', space({ a: ['b'], b: [], c: ['b'] }), 'a', 'c', ['a', 'b', 'c']],
    ['a neighbour that is no sweep', space({ a: ['ghost'], ghost2: [] }), 'a', 'ghost2', null],
    ['an empty space', [], 'a', 'b', null],
  ])('%s', (_name, sweeps, from, to, expected) => {
    expect(findPath(sweeps, from, to)).toEqual(expected);
  });
});
