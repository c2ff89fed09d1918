import { describe, expect, it } from '@jest/globals';
import { duplicateIds, unknownJourneyEnd, wayfindingLayerOf, type WayfindingLayer } from './wayfinding.rules';

const point = (id: string) => ({ id, name: id, sweep: `s-${id}`, rotation: null });
const journey = (id: string, from: string, to: string) => ({ id, name: id, from, to });

describe('duplicateIds', () => {
  it.each([
    [[], []],
    [[{ id: 'a' }, { id: 'b' }], []],
    [[{ id: 'a' }, { id: 'b' }, { id: 'a' }, { id: 'a' }], ['a']],
    [[{ id: 1 }, { id: 1 }, null, 'text'], []],
  ])('%j: %j', (items, expected) => {
    expect(duplicateIds(items)).toEqual(expected);
  });
});

describe('unknownJourneyEnd', () => {
  const layer = (journeys: WayfindingLayer['journeys']): WayfindingLayer => ({
    points: [point('hall'), point('kitchen')],
    journeys,
  });
  it.each([
    ['no journeys', [], null],
    ['between known points', [journey('j', 'hall', 'kitchen')], null],
    ['an unknown start', [journey('j', 'attic', 'kitchen')], 'journeys.0.from'],
    [
      'an unknown end, second journey',
      [journey('j', 'hall', 'kitchen'), journey('k', 'hall', 'attic')],
      'journeys.1.to',
    ],
  ])('%s', (_name, journeys, expected) => {
    expect(unknownJourneyEnd(layer(journeys))).toBe(expected);
  });
});

describe('wayfindingLayerOf', () => {
  it('keeps what was sent, in its order, and nothing else', () => {
    const sent = {
      points: [{ ...point('b'), rotation: { x: 1, y: 2, z: 3 }, extra: true }, point('a')],
      journeys: [{ ...journey('j', 'b', 'a'), extra: 1 }],
    } as unknown as WayfindingLayer;
    expect(wayfindingLayerOf(sent)).toEqual({
      points: [{ id: 'b', name: 'b', sweep: 's-b', rotation: { x: 1, y: 2 } }, point('a')],
      journeys: [journey('j', 'b', 'a')],
    });
  });
});
