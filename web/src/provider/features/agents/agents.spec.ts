import { describe, expect, it } from '@jest/globals';
import { movedUp, withAdded, without } from './agents';

describe("the property's agents in their order", () => {
  it('moves an agent one place up, the first staying first', () => {
    expect(movedUp(['a', 'b', 'c'], 'c')).toEqual(['a', 'c', 'b']);
    expect(movedUp(['a', 'b', 'c'], 'a')).toEqual(['a', 'b', 'c']);
    expect(movedUp(['a', 'b'], 'x')).toEqual(['a', 'b']);
  });

  it('adds an agent last, once, and removes one', () => {
    expect(withAdded(['a'], 'b')).toEqual(['a', 'b']);
    expect(withAdded(['a', 'b'], 'a')).toEqual(['a', 'b']);
    expect(without(['a', 'b', 'c'], 'b')).toEqual(['a', 'c']);
  });
});
