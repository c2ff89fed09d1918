import { CURRENCIES, PLANS, PRODUCT_CODES, monthlyEquivalentOfAnnual } from '@tourly/contracts';

describe('plan catalogue (spec 000 §9)', () => {
  // The table, as printed in the spec: monthly cents per currency.
  const table: Array<[string, Record<string, number>]> = [
    ['free_tier_plan', { usd: 0, aud: 0, cad: 0, eur: 0, gbp: 0, nzd: 0 }],
    ['starter_plan', { usd: 1995, aud: 2995, cad: 2695, eur: 1795, gbp: 1595, nzd: 3095 }],
    ['vt_creator_plan', { usd: 4595, aud: 6995, cad: 5995, eur: 4195, gbp: 3695, nzd: 7195 }],
    ['experience_creator_plan', { usd: 9995, aud: 14995, cad: 12995, eur: 8995, gbp: 7995, nzd: 15495 }],
  ];

  it.each(table)('%s has the monthly and annual (10x) prices of the table', (code, monthly) => {
    const plan = PLANS[code as keyof typeof PLANS];
    for (const currency of CURRENCIES) {
      expect(plan.prices[currency]).toEqual({ monthly: monthly[currency], annual: monthly[currency] * 10 });
    }
  });

  it('orders the tiers 0-3 with limits 20, 100 and unlimited', () => {
    expect(PRODUCT_CODES.map((code) => [PLANS[code].planTier, PLANS[code].premiumTourLimit])).toEqual([
      [0, 0],
      [1, 20],
      [2, 100],
      [3, null],
    ]);
  });

  it('shows the annual price as a rounded monthly equivalent', () => {
    expect(monthlyEquivalentOfAnnual(19950)).toBe(1663);
    expect(monthlyEquivalentOfAnnual(99950)).toBe(8329);
  });
});
