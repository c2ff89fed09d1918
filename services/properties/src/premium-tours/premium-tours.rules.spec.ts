import { oldestFirst } from './premium-tours.rules';

describe('tours to deactivate', () => {
  const tour = (id: string, since: string) => ({ id, title: `Tour ${id}`, premiumSince: new Date(since) });

  it.each([
    ['none', [], []],
    [
      'newest first in, oldest first out',
      [
        tour('c', '2026-03-01T00:00:00Z'),
        tour('b', '2026-02-01T00:00:00Z'),
        tour('a', '2026-01-01T00:00:00Z'),
      ],
      ['a', 'b', 'c'],
    ],
    ['already in order', [tour('a', '2026-01-01T00:00:00Z'), tour('b', '2026-01-02T00:00:00Z')], ['a', 'b']],
  ])('%s', (_case, tours, ids) => {
    expect(oldestFirst(tours).map((item) => item.id)).toEqual(ids);
  });

  it('shows when each became premium as an ISO time', () => {
    expect(oldestFirst([tour('a', '2026-01-01T10:00:00Z')])).toEqual([
      { id: 'a', title: 'Tour a', premiumSince: '2026-01-01T10:00:00.000Z' },
    ]);
  });
});
