import { PLANS, type ProductCode, type SubscriptionStatus } from '@tourly/contracts';

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
