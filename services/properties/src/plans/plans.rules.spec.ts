import { FREE_PLAN, planInForce, quotaFull } from './plans.rules';

describe('the plan in force', () => {
  it('is the free plan until billing announced one', () => {
    expect(planInForce(undefined)).toEqual(FREE_PLAN);
    expect(FREE_PLAN).toMatchObject({ premiumTourLimit: 0, canPublish: false });
  });

  it.each([
    ['free_tier_plan', 0, false],
    ['starter_plan', 20, true],
    ['vt_creator_plan', 100, true],
    ['experience_creator_plan', null, true],
  ] as const)('%s (limit %s) publishes: %s', (productCode, premiumTourLimit, canPublish) => {
    expect(planInForce({ productCode, status: 'active', premiumTourLimit })).toEqual({
      productCode,
      status: 'active',
      premiumTourLimit,
      canPublish,
    });
  });

  it.each([
    [1, 'Your plan includes 1 premium tour and all are in use.'],
    [20, 'Your plan includes 20 premium tours and all are in use.'],
  ])('a full quota of %s says so', (limit, start) => {
    expect(quotaFull(limit).startsWith(start)).toBe(true);
  });
});
