import type { Currency, Interval, ProductCode } from '@tourly/contracts';
import { amountOf, lookupKeyOf, PAID_PLANS, planGrid, priceIn, type SoldProduct } from './catalogue.rules';

describe('the catalogue', () => {
  it('sells the paid plans in Stripe; the free plan has no Stripe object', () => {
    expect(PAID_PLANS).toEqual(['starter_plan', 'vt_creator_plan', 'experience_creator_plan']);
  });

  it.each<[SoldProduct, Interval, Currency, string]>([
    ['starter_plan', 'month', 'usd', 'starter_plan_month_usd'],
    ['experience_creator_plan', 'year', 'nzd', 'experience_creator_plan_year_nzd'],
    ['immersive_extension', 'month', 'gbp', 'immersive_extension_month_gbp'],
  ])('the lookup key of %s by the %s in %s: %s', (product, interval, currency, key) => {
    expect(lookupKeyOf(product, interval, currency)).toBe(key);
  });

  it.each<[ProductCode, Interval, Currency, number]>([
    ['free_tier_plan', 'month', 'usd', 0],
    ['starter_plan', 'month', 'usd', 1995],
    ['starter_plan', 'year', 'usd', 19950],
    ['vt_creator_plan', 'month', 'aud', 6995],
    ['vt_creator_plan', 'year', 'eur', 41950],
    ['experience_creator_plan', 'month', 'gbp', 7995],
    ['experience_creator_plan', 'year', 'nzd', 154950],
  ])('%s by the %s in %s: %i cents', (code, interval, currency, cents) => {
    expect(amountOf(code, interval, currency)).toBe(cents);
  });

  it.each<[ProductCode, Currency, number, number, number]>([
    ['starter_plan', 'usd', 1995, 19950, 1663],
    ['vt_creator_plan', 'cad', 5995, 59950, 4996],
    ['free_tier_plan', 'eur', 0, 0, 0],
  ])(
    '%s in %s: %i a month, %i a year, %i a month paid annually',
    (code, currency, monthly, annual, perMonth) => {
      expect(priceIn(code, currency)).toEqual({ monthly, annual, annualPerMonth: perMonth });
    },
  );

  it.each<[ProductCode, 'basic' | 'premium', number | null]>([
    ['free_tier_plan', 'basic', null],
    ['starter_plan', 'premium', 20],
    ['vt_creator_plan', 'premium', 100],
    ['experience_creator_plan', 'premium', null],
  ])('the grid shows %s with %s tours, %s included', (code, toursType, freeTours) => {
    const plan = planGrid().find((row) => row.productCode === code);
    expect(plan).toMatchObject({ toursType, freeTours });
    expect(Object.keys(plan!.prices).sort()).toEqual(['aud', 'cad', 'eur', 'gbp', 'nzd', 'usd']);
  });
});
