import { describe, expect, it } from '@jest/globals';
import { translator } from './translate';

describe("the player's strings", () => {
  const strings = translator({
    tourOf: 'Virtual tour of {{title}}',
    siteBedrooms_one: '{{count}} bedroom',
    siteBedrooms_other: '{{count}} bedrooms',
    close: 'Close',
  });
  strings.add('ru', {
    tourOf: 'Виртуальный тур: {{title}}',
    siteBedrooms_one: '{{count}} спальня',
    siteBedrooms_few: '{{count}} спальни',
    siteBedrooms_many: '{{count}} спален',
  });

  it('fills a string in, in the language shown', () => {
    expect(strings.translate('en', 'tourOf', { title: 'Harbour View' })).toBe('Virtual tour of Harbour View');
    expect(strings.translate('ru', 'tourOf', { title: 'Harbour View' })).toBe(
      'Виртуальный тур: Harbour View',
    );
  });

  it.each([
    ['en', 1, '1 bedroom'],
    ['en', 0, '0 bedrooms'],
    ['en', 2, '2 bedrooms'],
    ['ru', 1, '1 спальня'],
    ['ru', 3, '3 спальни'],
    ['ru', 5, '5 спален'],
    ['ru', 21, '21 спальня'],
  ] as const)('counts in the language’s own plural forms: %s %d', (language, count, text) => {
    expect(strings.translate(language, 'siteBedrooms', { count })).toBe(text);
  });

  it('says English where a language lacks a string, and the key where none has it', () => {
    expect(strings.translate('ru', 'close')).toBe('Close');
    expect(strings.translate('de', 'close')).toBe('Close');
    expect(strings.translate('ru', 'noSuchString')).toBe('noSuchString');
  });

  it('knows which languages it has', () => {
    expect([strings.has('en'), strings.has('ru'), strings.has('fr')]).toEqual([true, true, false]);
  });
});
