import { oldestFirst, reviewOf } from './premium-tours.rules';

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

describe('what a plan would stop (the plan change review)', () => {
  const premium = [
    { id: 'b', title: 'Tour b', premiumSince: new Date('2026-02-01T00:00:00Z') },
    { id: 'a', title: 'Tour a', premiumSince: new Date('2026-01-01T00:00:00Z') },
  ];
  const published = [
    { id: 'a', title: 'Tour a', tour: true, website: true },
    { id: 'c', title: 'Tour c', tour: true, website: false },
    { id: 'd', title: 'Tour d', tour: false, website: true },
  ];

  it('a plan that does not publish stops every shared tour and website, and turns the premium ones basic', () => {
    expect(reviewOf({ premiumTourLimit: 0, canPublish: false }, premium, published)).toEqual({
      toursTurningBasic: [
        { propertyId: 'a', title: 'Tour a', premiumSince: '2026-01-01T00:00:00.000Z' },
        { propertyId: 'b', title: 'Tour b', premiumSince: '2026-02-01T00:00:00.000Z' },
      ],
      toursUnshared: [
        { propertyId: 'a', title: 'Tour a' },
        { propertyId: 'c', title: 'Tour c' },
      ],
      websitesUnpublished: [
        { propertyId: 'a', title: 'Tour a' },
        { propertyId: 'd', title: 'Tour d' },
      ],
    });
  });

  it('a lower paid plan stops no sharing; an unlimited one turns nothing basic', () => {
    expect(reviewOf({ premiumTourLimit: 20, canPublish: true }, premium.slice(1), published)).toEqual({
      toursTurningBasic: [{ propertyId: 'a', title: 'Tour a', premiumSince: '2026-01-01T00:00:00.000Z' }],
      toursUnshared: [],
      websitesUnpublished: [],
    });
    expect(reviewOf({ premiumTourLimit: null, canPublish: true }, premium, published)).toEqual({
      toursTurningBasic: [],
      toursUnshared: [],
      websitesUnpublished: [],
    });
  });
});
