import { describe, expect, it } from '@jest/globals';
import { defaultTourLayers, type OverlayLayout } from '@tourly/contracts';
import { ApiError } from '../../../../api/errors';
import { addableItems, messagesAt, newEntry, withType } from './layers';

describe('messagesAt', () => {
  const refusal = new ApiError(422, { 'draft.state.menu.entries.2.url': ['Invalid URL'], base: ['x'] }, []);
  it.each([
    ['menu.entries.2.url', ['Invalid URL']],
    ['entries.2.url', ['Invalid URL']],
    ['menu.entries.1.url', undefined],
    ['2.url', ['Invalid URL']],
  ])('%s', (path, expected) => expect(messagesAt(refusal, path)).toEqual(expected));

  it('reads nothing from a failure that is not the API’s', () => {
    expect(messagesAt(new Error('boom'), 'menu')).toBeUndefined();
  });
});

describe('addableItems', () => {
  const defaults = defaultTourLayers().overlay;
  const full: OverlayLayout = {
    ...defaults,
    bottom: {
      banner: null,
      columns: [[0, 1, 2, 3].map(() => ({ type: 'logo', size: 'sm', source: 'provider' }) as const), [], []],
    },
  };
  it.each<[string, OverlayLayout, 'top' | 'bottom', number, string[]]>([
    ['the defaults hold the menu button and the title: only logos', defaults, 'bottom', 1, ['logo']],
    ['a full column takes nothing', full, 'bottom', 0, []],
    [
      'an overlay without them offers all three',
      { ...defaults, top: { banner: null, columns: [[], [], []] } },
      'top',
      0,
      ['logo', 'menu-button', 'property-title'],
    ],
  ])('%s', (_, overlay, row, column, expected) =>
    expect(addableItems(overlay, row, column)).toEqual(expected),
  );
});

describe('withType', () => {
  it.each([
    ['link', { url: '', childEntries: 0 }],
    ['submenu', { url: null, childEntries: 1 }],
    ['contact_form', { url: null, childEntries: 0 }],
    ['map', { url: null, childEntries: 0 }],
  ] as const)('%s', (type, expected) => {
    const entry = withType(newEntry('contact_form'), type);
    expect({ url: entry.url, childEntries: entry.childEntries.length }).toEqual(expected);
  });
});
