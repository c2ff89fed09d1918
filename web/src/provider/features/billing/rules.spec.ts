import { describe, expect, it } from '@jest/globals';
import type { Currency, Interval, ProductCode, SubscriptionStatus } from '@tourly/contracts';
import { ApiError } from '../../../api/errors';
import type { PlanOption, Subscription, VoucherRedemption } from './api';
import {
  bannerOf,
  billedLabel,
  bundleCredits,
  bundleName,
  bundleSavingCents,
  bundleSavingsSentence,
  creditsQtyParam,
  currencyName,
  offerLabel,
  perCreditCents,
  perIntervalLabel,
  renewedMessage,
  voucherRedeemedMessage,
  waitingDiscount,
  waitingDiscountLabel,
  canUpgrade,
  choiceOf,
  creditCategoryLabel,
  creditEntryLabel,
  creditsLabel,
  creditsQtyOf,
  hasIntervalChoice,
  isNotEnoughCredits,
  isOnFreePlan,
  LEGACY_PLAN,
  legacyDaysLeft,
  lowerPlans,
  missingCredits,
  offersTrial,
  planLabel,
  pluralDays,
  premiumTourLimitOf,
  pricePerMonth,
  pricePerPeriod,
  signedCredits,
  trialDaysLeft,
  visiblePlans,
} from './rules';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.parse('2026-03-01T12:00:00Z');

const aSubscription = (overrides: Partial<Subscription> = {}): Subscription => ({
  ...LEGACY_PLAN,
  name: 'Free',
  trialAvailable: false,
  ...overrides,
});

const onPlan = (
  productCode: ProductCode,
  planTier: number,
  interval: Interval = 'month',
  status: SubscriptionStatus = 'active',
) => aSubscription({ productCode, planTier, interval, status, name: productCode });

const aPlan = (
  productCode: ProductCode,
  planTier: number,
  monthly: number,
  annual = monthly * 10,
  overrides: Partial<PlanOption> = {},
): PlanOption => ({
  productCode,
  planTier,
  name: productCode,
  description: '',
  prices: {
    usd: { monthly, annual, annualPerMonth: Math.round(annual / 12) },
  } as Record<Currency, PlanOption['prices'][Currency]>,
  freeTours: 5,
  toursType: 'premium',
  packageList: [],
  ...overrides,
});

const FREE = aPlan('free_tier_plan', 0, 0, 0, { toursType: 'basic', freeTours: null });
const STARTER = aPlan('starter_plan', 1, 2900);
const CREATOR = aPlan('experience_creator_plan', 2, 7900, 79000, { freeTours: null });
const PLANS = [FREE, STARTER, CREATOR];

describe('billing rules', () => {
  it.each([
    ['a month before the cut-off', Date.parse('2023-07-16T00:00:00Z'), 30],
    ['half a day before it (rounded)', Date.parse('2023-08-14T12:00:00Z'), 1],
    ['on it', Date.parse('2023-08-15T00:00:00Z'), 0],
    ['after it (never negative)', Date.parse('2024-01-01T00:00:00Z'), 0],
  ])('legacyDaysLeft %s', (_, now, days) => {
    expect(legacyDaysLeft(now)).toBe(days);
  });

  it.each<[string, Partial<Subscription>, ReturnType<typeof bannerOf>]>([
    ['a trial', { status: 'trialing', productCode: 'experience_creator_plan' }, 'trial'],
    ['past due', { status: 'past_due', productCode: 'experience_creator_plan' }, 'payment_failed'],
    ['unpaid', { status: 'unpaid', productCode: 'experience_creator_plan' }, 'payment_failed'],
    ['the free plan', { status: 'active', productCode: 'free_tier_plan' }, 'free_plan'],
    [
      'a first payment never made',
      { status: 'incomplete', productCode: 'experience_creator_plan' },
      'free_plan',
    ],
    ['an ended plan', { status: 'canceled', productCode: 'experience_creator_plan' }, 'free_plan'],
    ['a paid plan running', { status: 'active', productCode: 'experience_creator_plan' }, null],
  ])('bannerOf %s', (_, overrides, banner) => {
    expect(bannerOf(aSubscription(overrides))).toBe(banner);
  });

  it.each<[string, Partial<Subscription>, number]>([
    ['no end date: the default 30', {}, 30],
    ['the period end, rounded', { currentPeriodEnd: new Date(NOW + 9.6 * DAY).toISOString() }, 10],
    ['the trial end without a period end', { trialEnd: new Date(NOW + 3 * DAY).toISOString() }, 3],
    [
      'the period end before the trial end',
      {
        currentPeriodEnd: new Date(NOW + 2 * DAY).toISOString(),
        trialEnd: new Date(NOW + 9 * DAY).toISOString(),
      },
      2,
    ],
    ['an end already past: 0', { currentPeriodEnd: new Date(NOW - 2 * DAY).toISOString() }, 0],
    ['an end that is not a date: the default', { currentPeriodEnd: 'soon' }, 30],
  ])('trialDaysLeft %s', (_, overrides, days) => {
    expect(trialDaysLeft(aSubscription(overrides), NOW)).toBe(days);
  });

  it.each([
    [1, '1 day'],
    [0, '0 days'],
    [14, '14 days'],
  ])('pluralDays(%i) is %s', (days, text) => {
    expect(pluralDays(days)).toBe(text);
  });

  it.each<[PlanOption, Interval, number, number, boolean]>([
    [STARTER, 'month', 2900, 2900, true],
    [STARTER, 'year', 2417, 29000, true],
    [FREE, 'year', 0, 0, false],
  ])('prices of %s billed %s: %i a month, %i a period', (plan, interval, perMonth, perPeriod, choice) => {
    expect(pricePerMonth(plan, 'usd', interval)).toBe(perMonth);
    expect(pricePerPeriod(plan, 'usd', interval)).toBe(perPeriod);
    expect(hasIntervalChoice(plan, 'usd')).toBe(choice);
  });

  it.each<[string, PlanOption, Interval, Subscription, ReturnType<typeof choiceOf>]>([
    ['the free plan, on it, either interval', FREE, 'month', onPlan('free_tier_plan', 0, 'year'), 'current'],
    ['the same plan and interval', STARTER, 'month', onPlan('starter_plan', 1), 'current'],
    ['the same plan annually', STARTER, 'year', onPlan('starter_plan', 1), 'upgrade'],
    ['the same plan monthly', STARTER, 'month', onPlan('starter_plan', 1, 'year'), 'switch'],
    ['a higher tier', CREATOR, 'month', onPlan('starter_plan', 1), 'upgrade'],
    [
      'an ended plan counts as the free plan',
      FREE,
      'year',
      onPlan('starter_plan', 1, 'month', 'canceled'),
      'current',
    ],
  ])('choiceOf %s', (_, plan, interval, subscription, choice) => {
    expect(choiceOf(plan, interval, subscription)).toBe(choice);
  });

  it.each<[string, Subscription, string[], string[], boolean]>([
    [
      'on the free plan',
      onPlan('free_tier_plan', 0),
      ['free_tier_plan', 'starter_plan', 'experience_creator_plan'],
      [],
      true,
    ],
    [
      'on Starter',
      onPlan('starter_plan', 1),
      ['starter_plan', 'experience_creator_plan'],
      ['free_tier_plan'],
      true,
    ],
    [
      'on Creator, annually',
      onPlan('experience_creator_plan', 2, 'year'),
      ['experience_creator_plan'],
      ['free_tier_plan', 'starter_plan'],
      true,
    ],
    [
      'on Creator, monthly',
      onPlan('experience_creator_plan', 2, 'month'),
      ['experience_creator_plan'],
      ['free_tier_plan', 'starter_plan'],
      true,
    ],
    [
      'an incomplete first payment: the free plan',
      onPlan('experience_creator_plan', 2, 'month', 'incomplete'),
      ['free_tier_plan', 'starter_plan', 'experience_creator_plan'],
      [],
      true,
    ],
  ])(
    'the grid %s: the plans shown, those to downgrade to, whether it offers more',
    (_, subscription, visible, lower, upgrade) => {
      expect(visiblePlans(PLANS, subscription).map((plan) => plan.productCode)).toEqual(visible);
      expect(lowerPlans(PLANS, subscription).map((plan) => plan.productCode)).toEqual(lower);
      expect(canUpgrade(PLANS, subscription)).toBe(upgrade);
    },
  );

  it('canUpgrade: the same tier monthly is still on offer; the free plan alone offers nothing', () => {
    expect(canUpgrade([CREATOR], onPlan('experience_creator_plan', 2, 'year'))).toBe(true);
    expect(canUpgrade([FREE], onPlan('free_tier_plan', 0))).toBe(false);
  });

  it.each<[string, PlanOption, Subscription, boolean]>([
    [
      'the Pro plan to a free provider that never had a trial',
      CREATOR,
      { ...onPlan('free_tier_plan', 0), trialAvailable: true },
      true,
    ],
    ['not once the trial was had', CREATOR, onPlan('free_tier_plan', 0), false],
    ['not to a paying provider', CREATOR, { ...onPlan('starter_plan', 1), trialAvailable: true }, false],
    ['not on another plan', STARTER, { ...onPlan('free_tier_plan', 0), trialAvailable: true }, false],
    ['on a legacy plan', CREATOR, LEGACY_PLAN, true],
  ])('offersTrial: %s', (_, plan, subscription, offered) => {
    expect(offersTrial(plan, subscription)).toBe(offered);
  });

  it('treats an ended or unstarted plan as the free plan', () => {
    expect(isOnFreePlan(onPlan('experience_creator_plan', 2, 'month', 'incomplete_expired'))).toBe(true);
    expect(isOnFreePlan(onPlan('experience_creator_plan', 2, 'month', 'past_due'))).toBe(false);
  });

  it.each<[string, ProductCode, Interval, string]>([
    ['Starter', 'starter_plan', 'month', 'Starter (monthly)'],
    ['Creator', 'experience_creator_plan', 'year', 'Creator (annual)'],
    ['Free', 'free_tier_plan', 'year', 'Free'],
  ])('planLabel(%s)', (name, productCode, interval, label) => {
    expect(planLabel(name, productCode, interval)).toBe(label);
  });

  it.each<[Interval, string]>([
    ['year', 'billed annually'],
    ['month', 'billed monthly'],
  ])('billedLabel(%s)', (interval, label) => {
    expect(billedLabel(interval)).toBe(label);
  });

  it.each<[string, PlanOption, number | null]>([
    ['the free plan keeps none', FREE, 0],
    ['Starter keeps its tours', STARTER, 5],
    ['unlimited', CREATOR, null],
  ])('premiumTourLimitOf: %s', (_, plan, limit) => {
    expect(premiumTourLimitOf(plan)).toBe(limit);
  });
});

describe('credits', () => {
  it('names a quantity of credits', () => {
    expect(creditsLabel(1)).toBe('1 credit');
    expect(creditsLabel(50)).toBe('50 credits');
    expect(signedCredits(50)).toBe('+50');
    expect(signedCredits(-3)).toBe('−3');
    expect(signedCredits(0)).toBe('0');
  });

  it.each([
    ['25', 25],
    [' 7 ', 7],
    ['10000', 10_000],
    ['0', null],
    ['10001', null],
    ['2.5', null],
    ['-4', null],
    ['', null],
    ['ten', null],
  ])('reads the pay-as-you-go quantity %j as %j', (text, credits) => {
    expect(creditsQtyOf(text)).toBe(credits);
  });

  it.each([
    [{ kind: 'purchase', status: null, note: null }, 'Credits purchased'],
    [{ kind: 'adjustment', status: null, note: 'Retouching redone' }, 'Adjustment: Retouching redone'],
    [{ kind: 'adjustment', status: null, note: null }, 'Adjustment'],
    [{ kind: 'spend', status: 'held', note: null }, 'Held for an order in progress'],
    [{ kind: 'spend', status: 'captured', note: null }, 'Spent'],
    [{ kind: 'spend', status: 'released', note: null }, 'Held for an order, then given back'],
    [{ kind: 'release', status: null, note: null }, 'Credits given back'],
  ] as const)('says what a history row was: %j', (entry, label) => {
    expect(creditEntryLabel(entry)).toBe(label);
  });

  it('names a category in words', () => {
    expect(creditCategoryLabel('customer_purchase')).toBe('Customer purchase');
    expect(creditCategoryLabel('photo_retouching_issue')).toBe('Photo retouching issue');
    expect(creditCategoryLabel(null)).toBe('—');
  });
});

describe('the credits page, vouchers and offers', () => {
  it.each([
    ['small', 'Small bundle', 10],
    ['medium', 'Medium bundle', 50],
    ['large', 'Large bundle', 100],
  ] as const)('names the %s bundle and its credits', (size, name, credits) => {
    expect(bundleName(size)).toBe(name);
    expect(bundleCredits(size)).toBe(credits);
  });

  it.each<[string, string | null, number | null]>([
    ['no ?credits_qty=', null, null],
    ['a quantity', '12', 12],
    ['spaces around it', ' 40 ', 40],
    ['none', '', null],
    ['not a whole number', '2.5', null],
    ['too many', '10001', null],
    ['zero', '0', null],
  ])('creditsQtyParam: %s', (_, value, credits) => {
    expect(creditsQtyParam(value)).toBe(credits);
  });

  it.each<[string, number, number, number]>([
    ['the small bundle in usd', 900, 10, 90],
    ['the large bundle in usd', 7000, 100, 70],
    ['half a cent rounds up (nzd, small bundle)', 1395, 10, 140],
    ['with a voucher: 20% off the medium bundle', 3200, 50, 64],
    ['one credit', 100, 1, 100],
  ])('perCreditCents: %s', (_, totalInCents, creditsQty, cents) => {
    expect(perCreditCents({ totalInCents, creditsQty })).toBe(cents);
  });

  it.each<[string, number, number, number]>([
    ['the bundle alone', 1000, 0, 1000],
    ['the bundle and a voucher', 1180, 180, 1000],
    ['no saving at all', 0, 0, 0],
  ])('bundleSavingCents: %s', (_, discountInCents, voucherDiscountInCents, cents) => {
    expect(bundleSavingCents({ discountInCents, voucherDiscountInCents })).toBe(cents);
  });

  it('says how bundles save, from the bundles', () => {
    expect(bundleSavingsSentence()).toBe(
      'From 10 credits you save 10%, from 50 credits 20% and from 100 credits 30%.',
    );
    expect(bundleSavingsSentence([{ size: 'small', credits: 10, savingPercent: 10 }])).toBe(
      'From 10 credits you save 10%.',
    );
  });

  it.each<
    [
      string,
      { code: string; description: string | null; credits: number | null; discountPercent: number | null },
      string,
    ]
  >([
    [
      'credits',
      { code: 'WELCOME-25', description: null, credits: 25, discountPercent: null },
      'Voucher WELCOME-25 redeemed: 25 credits added.',
    ],
    [
      'one credit',
      { code: 'ONE', description: null, credits: 1, discountPercent: null },
      'Voucher ONE redeemed: 1 credit added.',
    ],
    [
      'a discount',
      { code: 'SPRING-15', description: 'Spring', credits: null, discountPercent: 15 },
      'Voucher SPRING-15 redeemed: 15% off your next credits purchase.',
    ],
  ])('voucherRedeemedMessage: %s', (_, voucher, message) => {
    expect(voucherRedeemedMessage(voucher)).toBe(message);
  });

  const aRedemption = (overrides: Partial<VoucherRedemption>): VoucherRedemption => ({
    code: 'CODE',
    description: null,
    credits: null,
    discountPercent: null,
    redeemedAt: '2026-03-01T12:00:00.000Z',
    usedAt: null,
    waiting: false,
    ...overrides,
  });

  it.each<[string, VoucherRedemption[], string | null]>([
    ['none redeemed', [], null],
    ['credits only', [aRedemption({ code: 'GIFT', credits: 5 })], null],
    [
      'a discount used',
      [aRedemption({ code: 'USED', discountPercent: 10, usedAt: '2026-03-02T00:00:00Z' })],
      null,
    ],
    [
      'a discount waiting behind newer credits vouchers',
      [
        aRedemption({ code: 'GIFT', credits: 5 }),
        aRedemption({ code: 'SPRING-15', discountPercent: 15, waiting: true }),
        aRedemption({ code: 'USED', discountPercent: 10, usedAt: '2026-02-02T00:00:00Z' }),
      ],
      'SPRING-15',
    ],
  ])('waitingDiscount: %s', (_, redemptions, code) => {
    expect(waitingDiscount(redemptions)?.code ?? null).toBe(code);
  });

  it('names a waiting discount', () => {
    expect(waitingDiscountLabel({ code: 'SPRING-15', discountPercent: 15 })).toBe(
      '15% off your next credits purchase (voucher SPRING-15)',
    );
  });

  it.each([
    [5, 'Spring bonus', 'Buy credits and receive 5 bonus credits: Spring bonus'],
    [1, 'A little extra', 'Buy credits and receive 1 bonus credit: A little extra'],
  ])('offerLabel(%i credits, %s)', (credits, name, label) => {
    expect(offerLabel({ credits, name })).toBe(label);
  });

  it.each([
    ['usd', 'US Dollar (USD)'],
    ['eur', 'Euro (EUR)'],
    ['nzd', 'New Zealand Dollar (NZD)'],
  ] as const)('currencyName(%s)', (currency, name) => {
    expect(currencyName(currency)).toBe(name);
  });
});

describe('renewing a plan set to end', () => {
  it.each<[Interval, string]>([
    ['month', 'a month'],
    ['year', 'a year'],
  ])('perIntervalLabel(%s)', (interval, label) => {
    expect(perIntervalLabel(interval)).toBe(label);
  });

  it.each<[string, Partial<Subscription>, string]>([
    [
      'with its period end',
      { name: 'Starter', productCode: 'starter_plan', interval: 'month', currentPeriodEnd: '2026-04-01' },
      'Your Starter (monthly) plan renews on 2026-04-01.',
    ],
    [
      'annual',
      { name: 'Creator', productCode: 'vt_creator_plan', interval: 'year', currentPeriodEnd: '2027-01-15' },
      'Your Creator (annual) plan renews on 2027-01-15.',
    ],
    [
      'without one',
      { name: 'Starter', productCode: 'starter_plan', interval: 'month', currentPeriodEnd: null },
      'Your Starter (monthly) plan renews at the end of the current period.',
    ],
  ])('renewedMessage %s', (_, overrides, message) => {
    expect(renewedMessage(aSubscription(overrides))).toBe(message);
  });
});

describe('a spend refused for credits', () => {
  const notEnough = 'Provider does not have enough credits';

  it.each<[string, unknown, boolean]>([
    ['the 422 with its base message', new ApiError(422, { base: [notEnough] }, [notEnough]), true],
    ['another 422', new ApiError(422, { base: ['This property has no Matterport space.'] }, ['x']), false],
    ['the message on a field', new ApiError(422, { kind: [notEnough] }, [notEnough]), false],
    ['another status', new ApiError(409, { base: [notEnough] }, [notEnough]), false],
    ['no ApiError', new Error(notEnough), false],
  ])('isNotEnoughCredits: %s', (_, error, expected) => {
    expect(isNotEnoughCredits(error)).toBe(expected);
  });

  it.each<[number, number, number]>([
    [5, 2, 3],
    [10, 0, 10],
    [5, -3, 5],
    // The page read an older balance than the server checked: at least one is missing.
    [5, 5, 1],
    [5, 9, 1],
  ])('missingCredits(%i needed, %i available) = %i', (needed, available, missing) => {
    expect(missingCredits(needed, available)).toBe(missing);
  });
});
