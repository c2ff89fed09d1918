import { describe, expect, it } from '@jest/globals';
import { canRedo, canUndo, historyOf, HISTORY_LIMIT, pushed, redone, replaced, undone } from './history';

describe('the editor’s history', () => {
  it('undoes and redoes steps in order, and a new step drops what was undone', () => {
    let history = pushed(pushed(historyOf('a'), 'b'), 'c');
    expect(canUndo(history)).toBe(true);
    expect(canRedo(history)).toBe(false);
    history = undone(history);
    expect(history.present).toBe('b');
    history = undone(history);
    expect(history.present).toBe('a');
    expect(canUndo(history)).toBe(false);
    expect(undone(history)).toBe(history);
    history = redone(history);
    expect(history.present).toBe('b');
    expect(canRedo(history)).toBe(true);
    history = pushed(history, 'd');
    expect(history).toEqual({ past: ['a', 'b'], present: 'd', future: [] });
    expect(redone(history)).toBe(history);
  });

  it('keeps a drag as one step: replace changes the present without a step', () => {
    let history = pushed(historyOf(0), 1);
    history = replaced(history, 2);
    history = replaced(history, 3);
    expect(history).toEqual({ past: [0], present: 3, future: [] });
    expect(undone(history).present).toBe(0);
  });

  it('does not count the same state as a step, and lets the oldest steps go past the limit', () => {
    const start = historyOf('same');
    expect(pushed(start, 'same')).toBe(start);
    let history = historyOf(0);
    for (let step = 1; step <= HISTORY_LIMIT + 5; step++) history = pushed(history, step);
    expect(history.past).toHaveLength(HISTORY_LIMIT);
    expect(history.past[0]).toBe(5);
  });
});
