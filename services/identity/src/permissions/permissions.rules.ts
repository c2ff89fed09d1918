import { PLANS, type MembershipRole, type ProductCode, type SubscriptionStatus } from '@tourly/contracts';

/** What a role may do in its provider. */
export interface AccountPermissions {
  role: MembershipRole;
  manageBilling: boolean;
  manageUsers: boolean;
  manageSettings: boolean;
  manageProperties: boolean;
  viewProperties: boolean;
}

/**
 * Admins manage billing, users and settings; scan technicians manage properties and media; members read them
 * (issue 31: the guard refuses a member's changes, `READ_ONLY_ROLES`); client users see what is shared with them,
 * and nothing else. The table in identity's README says the same.
 */
const ACCOUNT: Record<MembershipRole, Omit<AccountPermissions, 'role'>> = {
  admin: {
    manageBilling: true,
    manageUsers: true,
    manageSettings: true,
    manageProperties: true,
    viewProperties: true,
  },
  member: {
    manageBilling: false,
    manageUsers: false,
    manageSettings: false,
    manageProperties: false,
    viewProperties: true,
  },
  scan_technician: {
    manageBilling: false,
    manageUsers: false,
    manageSettings: false,
    manageProperties: true,
    viewProperties: true,
  },
  client_user: {
    manageBilling: false,
    manageUsers: false,
    manageSettings: false,
    manageProperties: false,
    viewProperties: true,
  },
};

export function accountPermissions(role: MembershipRole): AccountPermissions {
  return { role, ...ACCOUNT[role] };
}

/** What a provider's plan allows: the free-plan restrictions of spec 000 §1 and §6. */
export interface PublishingPermissions {
  productCode: ProductCode;
  status: SubscriptionStatus | null;
  canPublish: boolean;
  canShare: boolean;
  heatMap: boolean;
  bookingForm: boolean;
  clientPortal: boolean;
  whitelabelDomain: boolean;
  /** null: unlimited. */
  premiumTourLimit: number | null;
}

/** A change's version, when it carries a usable one. */
export function versionOf(change: { version?: unknown }): number | null {
  return typeof change.version === 'number' && Number.isSafeInteger(change.version) ? change.version : null;
}

/** Statuses in which a paid plan's features are on: a trial counts, a lapsed payment still does (14 days). */
const ENTITLED: ReadonlySet<SubscriptionStatus> = new Set(['active', 'trialing', 'past_due']);

export function publishingPermissions(
  productCode: ProductCode,
  status: SubscriptionStatus | null,
  premiumTourLimit: number | null,
): PublishingPermissions {
  const paid = productCode !== 'free_tier_plan' && status !== null && ENTITLED.has(status);
  return {
    productCode: paid ? productCode : 'free_tier_plan',
    status,
    canPublish: paid,
    canShare: paid,
    heatMap: paid,
    bookingForm: paid,
    clientPortal: paid,
    // White-label domains come with Creator and above (000 §1).
    whitelabelDomain: paid && PLANS[productCode].planTier >= PLANS.vt_creator_plan.planTier,
    premiumTourLimit: paid ? premiumTourLimit : PLANS.free_tier_plan.premiumTourLimit,
  };
}
