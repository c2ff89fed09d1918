import { changedFields } from './changed-fields';

describe('changedFields', () => {
  it.each([
    ['nothing differs', { a: 1, b: 'x' }, { a: 1, b: 'x' }, null],
    ['one field differs', { a: 1, b: 'x' }, { a: 2, b: 'x' }, { before: { a: 1 }, after: { a: 2 } }],
    ['no record before', null, { a: 1 }, { before: null, after: { a: 1 } }],
    ['no record after', { a: 1 }, null, { before: { a: 1 }, after: null }],
    ['no record either side', null, null, null],
    ['a field appears', { a: 1 }, { a: 1, b: 2 }, { before: { b: null }, after: { b: 2 } }],
    ['a field goes', { a: 1, b: 2 }, { a: 1 }, { before: { b: 2 }, after: { b: null } }],
    [
      'nested values compared by value',
      { next: { code: 'a', at: '2030-01-01' } },
      { next: { code: 'a', at: '2030-01-01' } },
      null,
    ],
    [
      'a nested value differs',
      { next: null },
      { next: { code: 'a' } },
      { before: { next: null }, after: { next: { code: 'a' } } },
    ],
  ] as const)('%s', (_label, before, after, expected) => {
    expect(changedFields<object>(before, after)).toEqual(expected);
  });
});
