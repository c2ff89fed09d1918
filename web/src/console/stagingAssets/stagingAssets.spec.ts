import { describe, expect, it } from '@jest/globals';
import {
  assetChangeLines,
  changeLine,
  creditLabel,
  creditOf,
  creditValues,
  dimensionsLabel,
  sizeInMb,
  uploadFields,
} from './stagingAssets';

const CREDIT = {
  model: { uid: 'c0ffee12', name: 'Mid-century sofa', thumbnailUrl: null },
  user: { name: 'Ada Modeller', profileUrl: 'https://sketchfab.test/ada' },
  license: { label: 'CC Attribution', url: 'https://creativecommons.org/licenses/by/4.0/' },
};

describe('the staging asset library in the console’s words', () => {
  it.each<[number, string]>([
    [1_048_576, '1.0 MB'],
    [26_214_400, '25.0 MB'],
    [3_000, '< 0.01 MB'],
    [52_429, '0.05 MB'],
  ])('%d bytes are %s', (bytes, words) => {
    expect(sizeInMb(bytes)).toBe(words);
  });

  it('gives the box as width × height × depth in metres', () => {
    expect(dimensionsLabel({ width: 2, height: 0.9, depth: 0.8 })).toBe('2.00 × 0.90 × 0.80 m');
  });

  it('credits a third-party model by name, author and licence; none for the platform’s own', () => {
    expect(creditLabel(CREDIT)).toBe('“Mid-century sofa” by Ada Modeller, CC Attribution');
    expect(creditLabel(null)).toBeNull();
  });

  it('sends no credit when every field is blank, and the blank fields of a half-filled one', () => {
    expect(creditOf(creditValues(null))).toBeNull();
    expect(creditOf(undefined)).toBeNull();
    expect(creditOf({ model: { uid: ' ', name: '', thumbnailUrl: '' } })).toBeNull();
    expect(creditOf({ model: { uid: 'c0ffee12', name: '', thumbnailUrl: '' } })).toEqual({
      model: { uid: 'c0ffee12', name: '' },
      user: { name: '', profileUrl: '' },
      license: { label: '', url: '' },
    });
    // The form's blank inputs come back as null.
    const nulls = { model: { uid: 'x', name: null, thumbnailUrl: null } } as unknown as Parameters<
      typeof creditOf
    >[0];
    expect(creditOf(nulls)?.model).toEqual({ uid: 'x', name: '' });
    expect(creditOf(creditValues(CREDIT))).toEqual({
      ...CREDIT,
      model: { uid: 'c0ffee12', name: 'Mid-century sofa' },
    });
  });

  it('names the upload’s text fields as the server reads them, the credit only when there is one', () => {
    expect(uploadFields({ name: 'Sofa', categoryId: 'sofas', credit: null })).toEqual([
      ['asset[name]', 'Sofa'],
      ['asset[category_id]', 'sofas'],
    ]);
    const withCredit = uploadFields({
      name: 'Sofa',
      categoryId: 'sofas',
      credit: { ...CREDIT, model: { ...CREDIT.model, thumbnailUrl: 'https://media.test/t.jpg' } },
    });
    expect(Object.fromEntries(withCredit)).toEqual({
      'asset[name]': 'Sofa',
      'asset[category_id]': 'sofas',
      'asset[credit][model][uid]': 'c0ffee12',
      'asset[credit][model][name]': 'Mid-century sofa',
      'asset[credit][model][thumbnail_url]': 'https://media.test/t.jpg',
      'asset[credit][user][name]': 'Ada Modeller',
      'asset[credit][user][profile_url]': 'https://sketchfab.test/ada',
      'asset[credit][license][label]': 'CC Attribution',
      'asset[credit][license][url]': 'https://creativecommons.org/licenses/by/4.0/',
    });
  });

  it.each<[string, Parameters<typeof assetChangeLines>[0], string[]]>([
    ['a rename', { before: { name: 'Sofa' }, after: { name: 'Grey sofa' } }, ['Name: Sofa → Grey sofa']],
    [
      'a category, by its name',
      { before: { categoryId: 'sofas' }, after: { categoryId: 'chairs' } },
      ['Category: Sofas → chairs'],
    ],
    ['an archive', { before: { archived: false }, after: { archived: true } }, ['Archived: No → Yes']],
    [
      'a credit added',
      { before: { credit: null }, after: { credit: CREDIT } },
      ['Credit: (none) → “Mid-century sofa” by Ada Modeller, CC Attribution'],
    ],
    ['no changes (a creation, a deletion)', null, []],
  ])('says %s field by field', (_, changes, lines) => {
    expect(assetChangeLines(changes, { sofas: 'Sofas' }).map(changeLine)).toEqual(lines);
  });
});
