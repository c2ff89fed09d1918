import { PLANS, type ProductCode } from '@tourly/contracts';

export interface ProviderPlan {
  productCode: ProductCode;
  status: string;
  /** null: unlimited. */
  premiumTourLimit: number | null;
  canPublish: boolean;
}

/** Until billing says otherwise a provider is on the free plan. */
export const FREE_PLAN: ProviderPlan = {
  productCode: 'free_tier_plan',
  status: 'active',
  premiumTourLimit: 0,
  canPublish: false,
};

export const PUBLISHING_NEEDS_PLAN =
  'Publishing and sharing tours come with a paid plan. Upgrade your plan to publish this tour.';
export const quotaFull = (limit: number) =>
  `Your plan includes ${limit} premium ${limit === 1 ? 'tour' : 'tours'} and all are in use. Upgrade your plan, pay for this tour on its own, or turn another tour basic first.`;

/** The plan in force as recorded (none: the free plan); it publishes when its tours are premium ones. */
export function planInForce(recorded: Omit<ProviderPlan, 'canPublish'> | undefined): ProviderPlan {
  if (!recorded) return FREE_PLAN;
  return { ...recorded, canPublish: PLANS[recorded.productCode]?.toursType === 'premium' };
}
