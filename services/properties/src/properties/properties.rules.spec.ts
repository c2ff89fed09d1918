import { PUBLISHING_NEEDS_PLAN, quotaFull } from '../plans/plans.rules';
import {
  freeSlug,
  modelDisplayName,
  publishingProblem,
  slugOf,
  type PublishedFeatures,
} from './properties.rules';

const features = (shorthand: string): PublishedFeatures => ({
  tour: shorthand.includes('t'),
  website: shorthand.includes('w'),
  premium: shorthand.includes('p'),
});

describe('publishing problems', () => {
  const FREE = { canPublish: false, premiumTourLimit: 0 };
  const STARTER = { canPublish: true, premiumTourLimit: 20 };
  const UNLIMITED = { canPublish: true, premiumTourLimit: null };
  const needsPlan = { kind: 'needs_plan', status: 403, message: PUBLISHING_NEEDS_PLAN };
  const full = { kind: 'quota_full', status: 422, message: quotaFull(20) };

  // plan, current features (t: tour, w: website, p: premium), next, premium tours elsewhere, paid on its own, problem
  it.each([
    ['free: sharing the tour', FREE, '', 't', 0, false, needsPlan],
    ['free: the website', FREE, '', 'w', 0, false, needsPlan],
    ['free: premium', FREE, '', 'p', 0, false, needsPlan],
    ['free: withdrawing', FREE, 'tw', '', 0, false, null],
    ['free: keeping what was shared', FREE, 't', 't', 0, false, null],
    ['free: turning basic', FREE, 'p', '', 0, false, null],
    ['starter: sharing', STARTER, '', 'tw', 0, false, null],
    ['starter: premium with a place free', STARTER, '', 'p', 19, false, null],
    ['starter: premium with every place taken', STARTER, '', 'tp', 20, false, full],
    ['starter: premium over a full quota', STARTER, '', 'p', 25, false, full],
    ['starter: premium paid on its own', STARTER, '', 'p', 20, true, null],
    ['starter: premium already', STARTER, 'p', 'tp', 25, false, null],
    ['unlimited: premium', UNLIMITED, '', 'p', 1000, false, null],
  ])('%s', (_case, plan, current, next, elsewhere, paid, problem) => {
    expect(
      publishingProblem(plan, features(next), elsewhere, {
        publishedFeatures: features(current),
        immexSubscriptionId: paid ? 'sub_1' : null,
      }),
    ).toEqual(problem);
  });
});

describe('slugs', () => {
  it.each([
    ['Harbour View Apartment', 'harbour-view-apartment'],
    ['  12 Smith St, Sydney  ', '12-smith-st-sydney'],
    ['Café Déjà Vu', 'cafe-deja-vu'],
    ['--Loft--', 'loft'],
    ['日本の家', 'property'],
    ['', 'property'],
    ['a'.repeat(80), 'a'.repeat(60)],
  ])('%j becomes %j', (title, slug) => {
    expect(slugOf(title)).toBe(slug);
  });

  it.each([
    ['loft', [], 'loft'],
    ['loft', ['loft'], 'loft-2'],
    ['loft', ['loft', 'loft-2'], 'loft-3'],
    ['loft', ['loft', 'loft-3'], 'loft-2'],
    ['loft', ['loft-2'], 'loft'],
  ])('%s with %j taken: %s', (base, taken, slug) => {
    expect(freeSlug(base, new Set(taken))).toBe(slug);
  });
});

describe('scan models as pickers show them', () => {
  it.each([
    ['Harbour Loft', 1, 'Harbour Loft (SxQL3iGyoDo)'],
    ['Harbour Loft', 2, 'Harbour Loft and 1 more (SxQL3iGyoDo)'],
    ['Harbour Loft', 3, 'Harbour Loft and 2 more (SxQL3iGyoDo)'],
  ])('%s shown by %i properties: %s', (name, propertyCount, shown) => {
    expect(modelDisplayName({ id: 'SxQL3iGyoDo', name, propertyCount })).toBe(shown);
  });
});
