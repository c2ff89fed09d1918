import { given, select } from './website.rules';

describe("a PATCH's keys", () => {
  it.each([
    [{}, {}],
    [{ headline: 'Sea views', description: undefined }, { headline: 'Sea views' }],
    [{ primaryColor: null }, { primaryColor: null }],
    [{ showMap: false, showTour: undefined }, { showMap: false }],
  ])('%j sends %j', (form, sent) => {
    expect(given(form)).toEqual(sent);
  });
});

describe('selected media', () => {
  const items = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];

  it.each([
    ['none chosen yet: all, in their order', null, ['a', 'b', 'c']],
    ['in the order chosen', ['c', 'a'], ['c', 'a']],
    ['an empty choice', [], []],
    ['ids no longer there are skipped', ['x', 'b'], ['b']],
  ])('%s', (_case, chosen, ids) => {
    expect(select(items, chosen).map((item) => item.id)).toEqual(ids);
  });
});
