import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const folder = path.join(__dirname, 'locales');
const read = (file: string) =>
  JSON.parse(readFileSync(path.join(folder, file), 'utf8')) as Record<string, string>;
const english = read('en.json');
/** Forms a language may add to a counted string (Russian's few and many). */
const PLURAL_FORMS = /_(zero|one|two|few|many|other)$/;

describe("the player's languages", () => {
  const others = readdirSync(folder).filter((file) => file !== 'en.json');

  it('are the seven the spec names', () => {
    expect(['en.json', ...others].sort()).toEqual(
      ['cn', 'de', 'en', 'es', 'fr', 'jp', 'ru'].map((language) => `${language}.json`),
    );
  });

  it.each(others)('%s says every English string, and nothing English does not', (file) => {
    const strings = read(file);
    expect(Object.keys(english).filter((key) => !(key in strings))).toEqual([]);
    const counted = new Set(Object.keys(english).map((key) => key.replace(PLURAL_FORMS, '')));
    expect(
      Object.keys(strings).filter((key) => !(key in english) && !counted.has(key.replace(PLURAL_FORMS, ''))),
    ).toEqual([]);
    // The same placeholders as English, so no visitor sees a raw {{name}} or loses the title.
    for (const [key, text] of Object.entries(strings)) {
      const base = english[key] ?? english[key.replace(PLURAL_FORMS, '_other')];
      const placeholders = (value: string) => (value.match(/\{\{\w+\}\}/g) ?? []).sort();
      expect([key, placeholders(text)]).toEqual([key, placeholders(base!)]);
    }
  });
});
