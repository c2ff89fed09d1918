import { describe, expect, it } from '@jest/globals';
import type { ModelCredit } from './api';
import { creditedModels } from './credits';

const credit = (uid: string, name: string): ModelCredit => ({
  model: { uid, name, thumbnailUrl: null },
  user: { name: 'Ada', profileUrl: 'https://example.com/ada' },
  license: { label: 'CC BY 4.0', url: 'https://creativecommons.org/licenses/by/4.0/' },
});

describe('creditedModels', () => {
  it('lists each model once, in the order first placed', () => {
    const chair = credit('chair', 'Chair');
    const lamp = credit('lamp', 'Lamp');
    expect(creditedModels([chair, lamp, credit('chair', 'Chair'), lamp])).toEqual([chair, lamp]);
  });

  it('lists none for a tour without third-party models', () => {
    expect(creditedModels([])).toEqual([]);
  });
});
