import type { MembershipRole, ProductCode, SubscriptionStatus } from '@tourly/contracts';
import { accountPermissions, publishingPermissions, versionOf } from './permissions.rules';

describe('account permissions by role', () => {
  it.each<[MembershipRole, boolean, boolean, boolean, boolean, boolean]>([
    // role, billing, users, settings, manage properties, view properties
    ['admin', true, true, true, true, true],
    ['member', false, false, false, false, true],
    ['scan_technician', false, false, false, true, true],
    ['client_user', false, false, false, false, true],
  ])('%s', (role, manageBilling, manageUsers, manageSettings, manageProperties, viewProperties) => {
    expect(accountPermissions(role)).toEqual({
      role,
      manageBilling,
      manageUsers,
      manageSettings,
      manageProperties,
      viewProperties,
    });
  });
});

describe('publishing permissions by plan and status', () => {
  it.each<
    [ProductCode, SubscriptionStatus | null, number | null, ProductCode, boolean, boolean, number | null]
  >([
    // plan, status, its premium tours; the plan in force, paid features, white-label domain, premium tours
    ['free_tier_plan', null, 0, 'free_tier_plan', false, false, 0],
    ['free_tier_plan', 'active', 0, 'free_tier_plan', false, false, 0],
    ['starter_plan', 'active', 20, 'starter_plan', true, false, 20],
    ['starter_plan', 'trialing', 20, 'starter_plan', true, false, 20],
    ['starter_plan', 'past_due', 20, 'starter_plan', true, false, 20],
    ['starter_plan', 'unpaid', 20, 'free_tier_plan', false, false, 0],
    ['starter_plan', 'canceled', 20, 'free_tier_plan', false, false, 0],
    ['starter_plan', 'incomplete', 20, 'free_tier_plan', false, false, 0],
    ['starter_plan', 'incomplete_expired', 20, 'free_tier_plan', false, false, 0],
    ['starter_plan', null, 20, 'free_tier_plan', false, false, 0],
    ['vt_creator_plan', 'active', 100, 'vt_creator_plan', true, true, 100],
    ['vt_creator_plan', 'canceled', 100, 'free_tier_plan', false, false, 0],
    ['experience_creator_plan', 'active', null, 'experience_creator_plan', true, true, null],
    ['experience_creator_plan', 'past_due', null, 'experience_creator_plan', true, true, null],
  ])('%s, %s', (plan, status, limit, productCode, paid, whitelabelDomain, premiumTourLimit) => {
    expect(publishingPermissions(plan, status, limit)).toEqual({
      productCode,
      status,
      canPublish: paid,
      canShare: paid,
      heatMap: paid,
      bookingForm: paid,
      clientPortal: paid,
      whitelabelDomain,
      premiumTourLimit,
    });
  });
});

describe("a subscription change's version", () => {
  it.each<[unknown, number | null]>([
    [1, 1],
    [42, 42],
    [0, 0],
    [undefined, null],
    [null, null],
    ['3', null],
    [1.5, null],
    [Number.MAX_SAFE_INTEGER + 1, null],
    [Number.NaN, null],
  ])('%p: %p', (version, read) => {
    expect(versionOf({ version })).toBe(read);
  });
});
