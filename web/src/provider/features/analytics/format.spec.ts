import { describe, expect, it } from '@jest/globals';
import { languageLabel } from './format';

describe('languageLabel', () => {
  it.each([
    ['en', 'English'],
    ['de', 'German'],
    // The spec's codes for Chinese and Japanese are not ISO 639-1's (zh, ja).
    ['cn', 'Chinese'],
    ['jp', 'Japanese'],
  ])('names %s as %s', (code, name) => {
    expect(languageLabel(code)).toBe(name);
  });
});
