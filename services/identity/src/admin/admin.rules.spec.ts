import { TAG_MAX_LENGTH, TAG_NOT_ONE_LINE, TAG_TOO_LONG, tagOf } from './admin.rules';

describe("a provider's tag", () => {
  it.each([
    ['a label', 'VIP', { tag: 'VIP' }],
    ['trimmed', '  key account  ', { tag: 'key account' }],
    ['null clears', null, { tag: null }],
    ['blank clears', '   ', { tag: null }],
    ['empty clears', '', { tag: null }],
    ['40 characters', 'x'.repeat(TAG_MAX_LENGTH), { tag: 'x'.repeat(TAG_MAX_LENGTH) }],
    ['41 characters', 'x'.repeat(TAG_MAX_LENGTH + 1), { problem: TAG_TOO_LONG }],
    [
      '40 characters beyond the basic plane',
      '😀'.repeat(TAG_MAX_LENGTH),
      { tag: '😀'.repeat(TAG_MAX_LENGTH) },
    ],
    ['41 characters beyond the basic plane', '😀'.repeat(TAG_MAX_LENGTH + 1), { problem: TAG_TOO_LONG }],
    ['accents', 'Réseau Île-de-France', { tag: 'Réseau Île-de-France' }],
    ['a line break', 'two\nlines', { problem: TAG_NOT_ONE_LINE }],
    ['a tab', 'a\tb', { problem: TAG_NOT_ONE_LINE }],
    ['a control character', 'bell\u0007', { problem: TAG_NOT_ONE_LINE }],
  ])('%s', (_case, value, expected) => {
    expect(tagOf(value)).toEqual(expected);
  });
});
