import { describe, expect, it } from '@jest/globals';
import { entered, OPEN_GATE, type GateCount } from './lead-gate';

const walk = (sweeps: number, path: string[]): GateCount =>
  path.reduce((count, sweep) => entered(count, sweep, sweeps), OPEN_GATE);

describe('the lead gate’s count', () => {
  it.each([
    ['nowhere yet', 2, [], { seen: [], closed: false }],
    ['the start only', 2, ['a'], { seen: ['a'], closed: false }],
    ['as many as the gate shows', 2, ['a', 'b'], { seen: ['a', 'b'], closed: false }],
    ['back and forth among them', 2, ['a', 'b', 'a', 'b', 'a'], { seen: ['a', 'b'], closed: false }],
    ['one more', 2, ['a', 'b', 'c'], { seen: ['a', 'b'], closed: true }],
    ['one more, then back to one seen', 2, ['a', 'b', 'c', 'a'], { seen: ['a', 'b'], closed: true }],
    ['a gate of one: the second position', 1, ['a', 'a', 'b'], { seen: ['a'], closed: true }],
    ['a gate of 50, after 50', 50, Array.from({ length: 50 }, (_, i) => `s${i}`), { closed: false }],
    ['a gate of 50, at the 51st', 50, Array.from({ length: 51 }, (_, i) => `s${i}`), { closed: true }],
  ])('%s (gate of %i)', (_case, sweeps, path, expected) => {
    expect(walk(sweeps, path)).toMatchObject(expected);
  });

  it('answers the same count when nothing changes, so the page does not redraw', () => {
    const count = walk(2, ['a', 'b']);
    expect(entered(count, 'a', 2)).toBe(count);
    const closed = entered(count, 'c', 2);
    expect(entered(closed, 'd', 2)).toBe(closed);
  });
});
