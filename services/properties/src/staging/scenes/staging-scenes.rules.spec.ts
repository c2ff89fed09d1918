import { describe, expect, it } from '@jest/globals';
import type { AssetCredit } from '../staging-assets.repository';
import { creditsOnce, hasCreatorStudio } from './staging-scenes.rules';

const credit = (uid: string, name = uid): AssetCredit => ({
  model: { uid, name, thumbnailUrl: null },
  user: { name: 'Ada', profileUrl: 'https://sketchfab.test/ada' },
  license: { label: 'CC Attribution', url: 'https://creativecommons.org/licenses/by/4.0/' },
});

describe('staging scene rules', () => {
  it.each([
    ['free_tier_plan', 'active', false],
    ['starter_plan', 'active', false],
    ['vt_creator_plan', 'active', true],
    ['vt_creator_plan', 'trialing', true],
    ['vt_creator_plan', 'past_due', true],
    ['vt_creator_plan', 'canceled', false],
    ['experience_creator_plan', 'active', true],
  ] as const)('%s (%s) has the creator studio: %s', (productCode, status, expected) => {
    expect(hasCreatorStudio({ productCode, status })).toBe(expected);
  });

  it('credits each distinct model once, in the order first placed, leaving out models without a credit', () => {
    expect(creditsOnce([credit('b'), null, credit('a'), credit('b', 'again')])).toEqual([
      credit('b'),
      credit('a'),
    ]);
  });
});
