import { describe, expect, it } from '@jest/globals';
import { blankScreen, formOf, moved } from './rules';

describe('moved', () => {
  it.each([
    [['a', 'b', 'c'], 0, 1, ['b', 'a', 'c']],
    [['a', 'b', 'c'], 2, -1, ['a', 'c', 'b']],
    [['a', 'b', 'c'], 0, -1, ['a', 'b', 'c']],
    [['a', 'b', 'c'], 2, 1, ['a', 'b', 'c']],
  ])('%j, %i by %i', (list, from, by, expected) => expect(moved(list, from, by)).toEqual(expected));
});

describe('formOf', () => {
  it('sends no file for a screen without media, and no key or address', () => {
    const screen = {
      ...blankScreen(),
      title: 'Hi',
      media: { type: 'no_media' as const, size: 'small' as const, fileId: 'f' },
    };
    expect(formOf(screen)).toEqual({
      title: 'Hi',
      text: '',
      buttonLabel: '',
      media: { type: 'no_media', size: 'small', fileId: null },
    });
  });
});
