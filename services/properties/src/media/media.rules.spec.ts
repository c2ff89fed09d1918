import { asDocument, defaultName, UniqueNames, uniqueIds, type MediaKind } from './media.rules';

describe('default names of new media', () => {
  it.each<[MediaKind, string, string | null]>([
    ['photo', 'IMG_0001.jpg', null],
    ['document', 'Contract of sale.pdf', 'Contract of sale.pdf'],
    ['floorplan', 'Ground floor.pdf', 'Ground floor'],
    ['floorplan', 'plan.v2.png', 'plan.v2'],
    ['video', 'walkthrough.mp4', 'walkthrough'],
    ['video', 'noextension', 'noextension'],
    ['floorplan', '.pdf', '.pdf'],
  ])('%s %j: %j', (kind, filename, name) => {
    expect(defaultName(kind, filename)).toBe(name);
  });
});

describe('names within one zip', () => {
  it.each([
    [
      ['a.pdf', 'b.pdf'],
      ['a.pdf', 'b.pdf'],
    ],
    [
      ['plan.pdf', 'plan.pdf', 'plan.pdf'],
      ['plan.pdf', 'plan (2).pdf', 'plan (3).pdf'],
    ],
    [
      ['Plan.pdf', 'plan.PDF'],
      ['Plan.pdf', 'plan (2).PDF'],
    ],
    [
      ['README', 'README'],
      ['README', 'README (2)'],
    ],
    [
      ['.hidden', '.hidden'],
      ['.hidden', '.hidden (2)'],
    ],
    [
      ['plan (2).pdf', 'plan.pdf', 'plan.pdf'],
      ['plan (2).pdf', 'plan.pdf', 'plan (3).pdf'],
    ],
  ])('%j are stored as %j', (names, stored) => {
    const unique = new UniqueNames();
    expect(names.map((name) => unique.take(name))).toEqual(stored);
  });
});

describe('selections of ids', () => {
  it.each([
    [[], []],
    [
      ['A', 'b', 'a'],
      ['a', 'b'],
    ],
    [
      ['b', 'a', 'b'],
      ['b', 'a'],
    ],
  ])('%j: %j', (ids, unique) => {
    expect(uniqueIds(ids)).toEqual(unique);
  });
});

describe('documents', () => {
  it.each([
    ['application/pdf', 'application/pdf'],
    [null, null],
  ])('a content type of %j is the mime type %j', (contentType, mimeType) => {
    expect(asDocument({ id: 'd', contentType })).toEqual({ id: 'd', contentType, mimeType });
  });
});
