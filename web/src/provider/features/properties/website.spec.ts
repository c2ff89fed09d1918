import { describe, expect, it } from '@jest/globals';
import type { Media } from './api';
import { isColour } from '../../../shared/colour';
import { changedKeys, moved, numberOrText, orderPhotos } from './website';

const photo = (id: string) => ({ id }) as Media;
const ids = (photos: Media[]) => photos.map(({ id }) => id);

describe('website rules', () => {
  it.each([
    ['#fff', true],
    ['#0b6e69', true],
    ['rgb(11, 110, 105)', true],
    ['rgba(11, 110, 105, 0.5)', true],
    ['#ffff', false],
    ['teal', false],
    ['0b6e69', false],
    ['', false],
  ])('isColour(%j) is %s', (value, colour) => {
    expect(isColour(value)).toBe(colour);
  });

  it.each<[string, Record<string, unknown>, Record<string, unknown>, Record<string, unknown>]>([
    ['nothing changed', { headline: 'Hi', showMap: true }, { headline: 'Hi', showMap: true }, {}],
    [
      'a changed text',
      { headline: 'New', showMap: true },
      { headline: 'Old', showMap: true },
      { headline: 'New' },
    ],
    ['an emptied text is null, the saved null', { headline: null }, { headline: null }, {}],
    ['a key the saved value lacks counts as null', { description: null }, {}, {}],
    ['a new value where none was saved', { description: 'Text' }, {}, { description: 'Text' }],
    [
      'lists item by item',
      { features: ['Pool', 'Garden'] },
      { features: ['Pool'] },
      { features: ['Pool', 'Garden'] },
    ],
    ['the same list', { features: ['Pool'] }, { features: ['Pool'] }, {}],
  ])('changedKeys: %s', (_, next, saved, changes) => {
    expect(changedKeys(next, saved)).toEqual(changes);
  });

  it.each<[string, number | string | null]>([
    ['', null],
    ['   ', null],
    ['3', 3],
    [' 120.5 ', 120.5],
    ['three', 'three'],
    ['12 m2', '12 m2'],
  ])('numberOrText(%j) is %j', (text, value) => {
    expect(numberOrText(text)).toEqual(value);
  });

  const PHOTOS = ['a', 'b', 'c', 'd'].map(photo);
  it.each<[string, string[] | null, string[], string[]]>([
    ['all of them in their own order without a selection', null, ['a', 'b', 'c', 'd'], []],
    ['the chosen ones in the order chosen, then the rest', ['c', 'a'], ['c', 'a'], ['b', 'd']],
    ['none chosen', [], [], ['a', 'b', 'c', 'd']],
    ['a deleted photo passed over', ['x', 'b'], ['b'], ['a', 'c', 'd']],
  ])('orderPhotos: %s', (_, selection, shown, left) => {
    const ordered = orderPhotos(PHOTOS, selection);
    expect(ids(ordered.shown)).toEqual(shown);
    expect(ids(ordered.left)).toEqual(left);
  });

  it.each<[number, -1 | 1, string[]]>([
    [1, -1, ['b', 'a', 'c']],
    [1, 1, ['a', 'c', 'b']],
    [0, -1, ['a', 'b', 'c']],
    [2, 1, ['a', 'b', 'c']],
  ])('moved(item %i by %i)', (index, by, list) => {
    expect(moved(['a', 'b', 'c'], index, by)).toEqual(list);
  });
});
