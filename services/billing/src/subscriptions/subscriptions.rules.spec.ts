import type { Interval, ProductCode, SubscriptionStatus } from '@tourly/contracts';
import { ApiError } from '@tourly/platform';
import type { SubscriptionRow } from '../accounts/subscriptions.repository';
import {
  announcementOf,
  changeOf,
  checkTrial,
  discountLines,
  effectivePlan,
  inGoodStanding,
  limitDrops,
  mayWithdraw,
  planLabel,
  stateOf,
  summary,
} from './subscriptions.rules';

function aSubscription(overrides: Partial<SubscriptionRow> = {}): SubscriptionRow {
  return {
    providerId: 'provider-1',
    stripeSubscriptionId: 'sub_1',
    productCode: 'vt_creator_plan',
    interval: 'month',
    status: 'active',
    currentPeriodStart: new Date('2026-01-01T00:00:00Z'),
    currentPeriodEnd: new Date('2026-02-01T00:00:00Z'),
    trialEnd: null,
    cancelAtPeriodEnd: false,
    scheduleId: null,
    nextProductCode: null,
    nextInterval: null,
    nextStartsAt: null,
    premiumTourLimit: 100,
    trialUsed: false,
    ...overrides,
  };
}

/** The errors a rule refuses with, or undefined when it lets it be. */
function refusalOf(rule: () => void): ApiError['errors'] | undefined {
  try {
    rule();
    return undefined;
  } catch (error) {
    if (error instanceof ApiError) return error.errors;
    throw error;
  }
}

describe('effectivePlan: the plan a subscription gives', () => {
  it.each<[ProductCode, SubscriptionStatus, ProductCode, number | null]>([
    ['starter_plan', 'active', 'starter_plan', 20],
    ['vt_creator_plan', 'trialing', 'vt_creator_plan', 100],
    ['experience_creator_plan', 'past_due', 'experience_creator_plan', null],
    ['experience_creator_plan', 'active', 'experience_creator_plan', null],
    ['starter_plan', 'unpaid', 'free_tier_plan', 0],
    ['vt_creator_plan', 'incomplete', 'free_tier_plan', 0],
    ['vt_creator_plan', 'incomplete_expired', 'free_tier_plan', 0],
    ['experience_creator_plan', 'canceled', 'free_tier_plan', 0],
    ['free_tier_plan', 'active', 'free_tier_plan', 0],
  ])('%s while %s: %s, %s premium tours', (code, status, productCode, premiumTourLimit) => {
    expect(effectivePlan(code, status)).toEqual({ productCode, premiumTourLimit });
  });
});

describe('inGoodStanding', () => {
  it.each<[SubscriptionStatus | undefined, boolean]>([
    ['active', true],
    ['trialing', true],
    ['past_due', true],
    ['unpaid', false],
    ['incomplete', false],
    ['incomplete_expired', false],
    ['canceled', false],
    [undefined, false],
  ])('%s: %s', (status, good) => {
    expect(inGoodStanding(status ? aSubscription({ status }) : undefined)).toBe(good);
  });
});

describe('limitDrops (null is unlimited)', () => {
  it.each<[number | null, number | null, boolean]>([
    [100, 20, true],
    [20, 0, true],
    [null, 100, true],
    [20, 100, false],
    [20, 20, false],
    [100, null, false],
    [null, null, false],
  ])('from %s to %s: %s', (previous, next, drops) => {
    expect(limitDrops(next, previous)).toBe(drops);
  });
});

describe('announcementOf: what a refresh announces', () => {
  const row = (productCode: ProductCode, status: SubscriptionStatus, interval: Interval = 'month') => ({
    productCode,
    status,
    interval,
  });
  it.each<[string, ReturnType<typeof row> | undefined, ReturnType<typeof row>, string]>([
    ['a first paid plan', undefined, row('starter_plan', 'active'), 'changed'],
    ['a first attempt never paid', undefined, row('starter_plan', 'incomplete'), 'none'],
    ['nothing changed', row('starter_plan', 'active'), row('starter_plan', 'active'), 'none'],
    ['an upgrade', row('starter_plan', 'active'), row('vt_creator_plan', 'active'), 'changed'],
    ['a downgrade', row('vt_creator_plan', 'active'), row('starter_plan', 'active'), 'downgraded'],
    ['monthly to annual', row('starter_plan', 'active'), row('starter_plan', 'active', 'year'), 'changed'],
    ['into the payment window', row('starter_plan', 'active'), row('starter_plan', 'past_due'), 'changed'],
    [
      'unpaid after the window',
      row('vt_creator_plan', 'past_due'),
      row('vt_creator_plan', 'unpaid'),
      'downgraded',
    ],
    ['unpaid to cancelled', row('vt_creator_plan', 'unpaid'), row('vt_creator_plan', 'canceled'), 'none'],
    ['a first payment made', row('starter_plan', 'incomplete'), row('starter_plan', 'active'), 'changed'],
    [
      'cancelled at the period end',
      row('starter_plan', 'active'),
      row('starter_plan', 'canceled'),
      'downgraded',
    ],
  ])('%s: %s', (_case, previous, next, expected) => {
    expect(announcementOf(previous, next)).toBe(expected);
  });
});

describe('changeOf: what choosing a plan does', () => {
  const starter = aSubscription({ productCode: 'starter_plan' });
  const creator = aSubscription({ productCode: 'vt_creator_plan' });
  it.each<[string, SubscriptionRow | undefined, ProductCode, Interval, boolean | undefined, string]>([
    ['no subscription, a paid plan', undefined, 'starter_plan', 'month', undefined, 'new'],
    ['no subscription, the free plan', undefined, 'free_tier_plan', 'month', undefined, 'same'],
    [
      'an ended one, a paid plan',
      aSubscription({ status: 'canceled' }),
      'starter_plan',
      'month',
      undefined,
      'new',
    ],
    ['the plan it has', starter, 'starter_plan', 'month', undefined, 'same'],
    ['a higher tier', starter, 'vt_creator_plan', 'month', undefined, 'upgrade'],
    ['a higher tier, not charged now', starter, 'vt_creator_plan', 'month', false, 'scheduled'],
    ['annual on the same tier', starter, 'starter_plan', 'year', undefined, 'upgrade'],
    ['a lower tier', creator, 'starter_plan', 'month', undefined, 'scheduled'],
    ['a lower tier, charged now', creator, 'starter_plan', 'year', true, 'scheduled'],
    [
      'monthly from annual on the same tier',
      aSubscription({ interval: 'year' }),
      'vt_creator_plan',
      'month',
      undefined,
      'scheduled',
    ],
    ['the free plan', creator, 'free_tier_plan', 'month', undefined, 'to_free'],
    [
      'the free plan again',
      aSubscription({ cancelAtPeriodEnd: true }),
      'free_tier_plan',
      'month',
      undefined,
      'same',
    ],
  ])('%s: %s', (_case, current, productCode, interval, chargeNow, expected) => {
    expect(changeOf(current, productCode, { interval, chargeNow })).toBe(expected);
  });
});

describe('checkTrial: the Pro plan only, once per provider', () => {
  it.each<[ProductCode, boolean, string | undefined]>([
    ['experience_creator_plan', false, undefined],
    ['experience_creator_plan', true, 'The free trial has been used already; choose the plan without it.'],
    ['vt_creator_plan', false, 'Only the Pro plan comes with a free trial.'],
    ['starter_plan', true, 'Only the Pro plan comes with a free trial.'],
  ])('%s, trial used %s: %s', (productCode, trialUsed, refusal) => {
    expect(refusalOf(() => checkTrial(productCode, aSubscription({ trialUsed })))).toEqual(
      refusal && { 'service_plan_subscription.trial': [refusal] },
    );
  });
});

describe('stateOf: what the pages show', () => {
  it('no subscription: the free plan, annual, active, the trial available', () => {
    expect(stateOf(undefined)).toEqual({
      productCode: 'free_tier_plan',
      planTier: 0,
      name: expect.any(String),
      interval: 'year',
      status: 'active',
      chargeNow: true,
      periodStart: null,
      periodEnd: null,
      currentPeriodEnd: null,
      trialEnd: null,
      cancelAtPeriodEnd: false,
      nextProduct: null,
      premiumTourLimit: 0,
      trialAvailable: true,
    });
  });

  it('an ended subscription leaves the free plan, its status kept', () => {
    const state = stateOf(
      aSubscription({ status: 'canceled', nextProductCode: 'starter_plan', trialUsed: true }),
    );
    expect(state).toMatchObject({
      productCode: 'free_tier_plan',
      status: 'canceled',
      periodEnd: null,
      nextProduct: null,
      premiumTourLimit: 0,
      trialAvailable: false,
    });
  });

  it('a scheduled change shows the next plan and when it starts', () => {
    const state = stateOf(
      aSubscription({
        nextProductCode: 'starter_plan',
        nextInterval: 'year',
        nextStartsAt: new Date('2026-02-01T00:00:00Z'),
      }),
    );
    expect(state).toMatchObject({
      productCode: 'vt_creator_plan',
      periodStart: '2026-01-01T00:00:00.000Z',
      periodEnd: '2026-02-01T00:00:00.000Z',
      currentPeriodEnd: '2026-02-01T00:00:00.000Z',
      nextProduct: {
        productCode: 'starter_plan',
        interval: 'year',
        startsAt: '2026-02-01T00:00:00.000Z',
      },
      premiumTourLimit: 100,
    });
  });
});

describe('order summaries', () => {
  it.each<[string, Array<[number]>, number, string | undefined, Array<[string, number]>]>([
    ['no discount', [], 0, undefined, []],
    ['a negotiated discount', [[500]], 20, undefined, [['Negotiated 20% discount', -500]]],
    ['a coupon', [[300]], 0, 'SPRING', [['Coupon SPRING', -300]]],
    [
      'both, negotiated first',
      [[500], [300]],
      20,
      'SPRING',
      [
        ['Negotiated 20% discount', -500],
        ['Coupon SPRING', -300],
      ],
    ],
    ['a discount of nothing is left out', [[0]], 0, 'SPRING', []],
  ])('%s', (_case, amounts, percent, coupon, lines) => {
    expect(
      discountLines(
        amounts.map(([amount]) => amount),
        percent,
        coupon,
      ),
    ).toEqual(lines.map(([label, amountInCents]) => ({ type: 'discount', label, amountInCents })));
  });

  it('the discount is what the discount lines take off', () => {
    const lines = [
      { type: 'item' as const, label: planLabel('vt_creator_plan', 'year'), amountInCents: 45950 },
      { type: 'discount' as const, label: 'Coupon SPRING', amountInCents: -4595 },
      { type: 'discount' as const, label: 'Negotiated 10% discount', amountInCents: -4136 },
    ];
    expect(summary('usd', lines, 45950, 37219, null)).toEqual({
      currency: 'usd',
      subtotalInCents: 45950,
      discountInCents: 8731,
      totalInCents: 37219,
      lineItems: lines,
      startsAt: null,
      withdrawals: null,
    });
  });

  it.each([
    ['a lower plan at the period end', 'scheduled', true],
    ['the free plan', 'to_free', true],
    ['an upgrade', 'upgrade', false],
    ['a first plan', 'new', false],
    ['the same plan', 'same', false],
  ] as const)('asks what %s stops: %s', (_case, change, asks) => {
    expect(mayWithdraw(change)).toBe(asks);
  });

  it.each<[ProductCode, Interval, string]>([
    ['starter_plan', 'month', 'Starter plan (monthly)'],
    ['experience_creator_plan', 'year', 'Pro plan (annual)'],
  ])('%s %s: %s', (code, interval, label) => {
    expect(planLabel(code, interval)).toBe(label);
  });
});
