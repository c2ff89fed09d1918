import { routeOf, tourLayersPath, type PlayerRoute } from '@tourly/contracts';

describe('routeOf', () => {
  it.each<[string, string, PlayerRoute | null]>([
    [
      'the default link',
      '/tours/harbour/view-apartment',
      { page: 'tour', clientSlug: 'harbour', modelSlug: 'view-apartment', mls: false },
    ],
    [
      'a trailing slash',
      '/tours/harbour/view-apartment/',
      { page: 'tour', clientSlug: 'harbour', modelSlug: 'view-apartment', mls: false },
    ],
    [
      "the multiple listing service's link",
      '/tours/harbour/view-apartment/mls',
      { page: 'tour', clientSlug: 'harbour', modelSlug: 'view-apartment', mls: true },
    ],
    [
      "the property's website",
      '/tours/0195-provider/view-apartment/website',
      { page: 'website', providerId: '0195-provider', slug: 'view-apartment' },
    ],
    ['one slug only', '/tours/harbour', null],
    ['an unknown third part', '/tours/harbour/view-apartment/other', null],
    ['too deep', '/tours/harbour/view-apartment/mls/more', null],
    ['an empty part', '/tours//view-apartment', null],
    ['not under /tours', '/provider/properties', null],
    ['a malformed escape', '/tours/harbour/%E0%A4%A', null],
  ])('%s', (_, pathname, route) => {
    expect(routeOf(pathname)).toEqual(route);
  });
});

describe('tourLayersPath', () => {
  it('is what the player asks first, on the default link and the MLS one', () => {
    expect(tourLayersPath('harbour~view apartment', false)).toBe(
      '/digital_twin/harbour~view%20apartment/layers/base.json',
    );
    expect(tourLayersPath('harbour~view', true)).toBe('/digital_twin/harbour~view/layers/base.json?mls=1');
  });
});
