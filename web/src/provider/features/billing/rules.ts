import {
  LEGACY_PLAN_CUTOFF,
  MAX_CREDITS_PER_PURCHASE,
  PROBLEM_SUBSCRIPTION_STATUSES,
  type Currency,
  type Interval,
  type ProductCode,
  type SubscriptionStatus,
} from '@tourly/contracts';
import type { CreditHistoryEntry, PlanOption, Subscription } from './api';

const DAY_MS = 24 * 60 * 60 * 1000;
/** 000 §9: trial days default 30, shown when the trial has no end date. */
export const DEFAULT_TRIAL_DAYS = 30;
/** The plan that comes with a free trial (000 §1: the Pro trial). */
export const TRIAL_PLAN: ProductCode = 'experience_creator_plan';
/** 000 §9: the payment-failure window. */
export const PAYMENT_WINDOW_DAYS = 14;

/** Statuses that leave the provider on the free plan's features: a first payment never made, an ended plan. */
const WITHOUT_PAID_ACCESS: readonly SubscriptionStatus[] = ['incomplete', 'incomplete_expired', 'canceled'];

export type BannerKind = 'legacy' | 'trial' | 'payment_failed' | 'free_plan';

/**
 * What the pages work from while the provider is on a legacy plan (the subscription call answered null): no plan
 * chosen yet, the free plan's limits meanwhile, every plan (and the Pro trial) to choose from.
 */
export const LEGACY_PLAN: Subscription = {
  productCode: 'free_tier_plan',
  planTier: 0,
  name: 'Legacy',
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
};

/** 000 §4: the legacy banner counts the days to the cut-off (15 August 2023), none once it has passed. */
export function legacyDaysLeft(now = Date.now()): number {
  return Math.max(0, Math.round((Date.parse(LEGACY_PLAN_CUTOFF) - now) / DAY_MS));
}

/** Which banner the provider pages show for a subscription (000 §2, §4), if any. */
export function bannerOf(subscription: Subscription): BannerKind | null {
  if (subscription.status === 'trialing') return 'trial';
  if (PROBLEM_SUBSCRIPTION_STATUSES.includes(subscription.status)) return 'payment_failed';
  if (isOnFreePlan(subscription)) return 'free_plan';
  return null;
}

export function isOnFreePlan(subscription: Subscription): boolean {
  return subscription.productCode === 'free_tier_plan' || WITHOUT_PAID_ACCESS.includes(subscription.status);
}

/** 000 §4: the rounded day difference to the period's end (the trial's), or 30 without an end date. */
export function trialDaysLeft(subscription: Subscription, now = Date.now()): number {
  const end = subscription.currentPeriodEnd ?? subscription.trialEnd;
  if (!end) return DEFAULT_TRIAL_DAYS;
  const time = Date.parse(end);
  if (Number.isNaN(time)) return DEFAULT_TRIAL_DAYS;
  return Math.max(0, Math.round((time - now) / DAY_MS));
}

export const pluralDays = (days: number) => `${days} ${days === 1 ? 'day' : 'days'}`;

/** What the grid shows per month: the monthly price, or the annual one divided by 12 (rounded). */
export function pricePerMonth(plan: PlanOption, currency: Currency, interval: Interval): number {
  const prices = plan.prices[currency];
  return interval === 'year' ? prices.annualPerMonth : prices.monthly;
}

/** What one billing period costs. */
export function pricePerPeriod(plan: PlanOption, currency: Currency, interval: Interval): number {
  const prices = plan.prices[currency];
  return interval === 'year' ? prices.annual : prices.monthly;
}

/** 000 §2: the interval choice is hidden when both prices are equal (the free plan). */
export function hasIntervalChoice(plan: PlanOption, currency: Currency): boolean {
  const prices = plan.prices[currency];
  return prices.monthly !== prices.annual;
}

export type PlanChoice = 'current' | 'upgrade' | 'switch';

/**
 * How a plan of the grid relates to the subscription (000 §5: plans match on product code plus interval): the
 * current one, a higher one (a higher tier, or annual instead of monthly on the same tier: charged now), or the
 * same tier billed monthly instead of annually (from the end of the period).
 */
export function choiceOf(plan: PlanOption, interval: Interval, subscription: Subscription): PlanChoice {
  const current = isOnFreePlan(subscription) ? 'free_tier_plan' : subscription.productCode;
  if (plan.productCode === current) {
    // The free plan costs the same either way: it is the current plan whatever the interval.
    if (current === 'free_tier_plan' || interval === subscription.interval) return 'current';
    return interval === 'year' ? 'upgrade' : 'switch';
  }
  return 'upgrade';
}

/** The plan grid: tiers below the current one are hidden (000 §2). */
export function visiblePlans(plans: PlanOption[], subscription: Subscription): PlanOption[] {
  const tier = isOnFreePlan(subscription) ? 0 : subscription.planTier;
  return plans.filter((plan) => plan.planTier >= tier);
}

/**
 * Whether the grid offers the plan's free trial: the Pro plan, to a provider that has not had the trial and is
 * not paying for a plan now (a trial starts a new subscription; it does not discount a running one).
 */
export function offersTrial(plan: PlanOption, subscription: Subscription): boolean {
  return plan.productCode === TRIAL_PLAN && subscription.trialAvailable && isOnFreePlan(subscription);
}

/** Plans a downgrade can move to: the lower tiers, down to the free plan. */
export function lowerPlans(plans: PlanOption[], subscription: Subscription): PlanOption[] {
  if (isOnFreePlan(subscription)) return [];
  return plans.filter((plan) => plan.planTier < subscription.planTier);
}

/** Whether the grid offers anything beyond the current plan. */
export function canUpgrade(plans: PlanOption[], subscription: Subscription): boolean {
  return visiblePlans(plans, subscription).some((plan) =>
    (['month', 'year'] as const).some((interval) => choiceOf(plan, interval, subscription) !== 'current'),
  );
}

export const intervalLabel = (interval: Interval) => (interval === 'year' ? 'annual' : 'monthly');

/** How often a plan is billed, as a sentence says it: 'billed annually', 'billed monthly'. */
export const billedLabel = (interval: Interval) => `billed ${interval === 'year' ? 'annually' : 'monthly'}`;

/** 'Starter (monthly)'; the free plan has no billing period to name. */
export function planLabel(name: string, productCode: string, interval: Interval): string {
  return productCode === 'free_tier_plan' ? name : `${name} (${intervalLabel(interval)})`;
}

/** The premium tours a plan keeps: 0 for the free plan (basic tours only), null for unlimited. */
export function premiumTourLimitOf(plan: PlanOption): number | null {
  return plan.toursType === 'basic' ? 0 : plan.freeTours;
}

/** '1 credit', '50 credits'. */
export const creditsLabel = (credits: number) =>
  `${credits} ${Math.abs(credits) === 1 ? 'credit' : 'credits'}`;

/** A ledger amount with its sign: '+50', '−3' (a minus sign, not a hyphen), '0'. */
export const signedCredits = (amount: number) =>
  amount > 0 ? `+${amount}` : amount < 0 ? `−${Math.abs(amount)}` : '0';

/** The pay-as-you-go quantity typed: a whole number of credits from 1 to the most one purchase buys, else null. */
export function creditsQtyOf(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const credits = Number(trimmed);
  return credits >= 1 && credits <= MAX_CREDITS_PER_PURCHASE ? credits : null;
}

/** What a row of the credit history was, in words: its kind, and for a spend what became of its reservation. */
export function creditEntryLabel(entry: Pick<CreditHistoryEntry, 'kind' | 'status' | 'note'>): string {
  switch (entry.kind) {
    case 'purchase':
      return 'Credits purchased';
    case 'grant':
      return entry.note ? `Credits given: ${entry.note}` : 'Credits given';
    case 'voucher':
      return entry.note ? `Voucher ${entry.note}` : 'Voucher';
    case 'offer':
      return entry.note ? `Offer: ${entry.note}` : 'Offer';
    case 'refund':
      return 'Purchase refunded';
    case 'adjustment':
      return entry.note ? `Adjustment: ${entry.note}` : 'Adjustment';
    case 'release':
      return 'Credits given back';
    case 'spend':
      if (entry.status === 'held') return 'Held for an order in progress';
      if (entry.status === 'released') return 'Held for an order, then given back';
      return 'Spent';
  }
}

/** 'customer_purchase' -> 'Customer purchase'; none (spends and releases) -> '—'. */
export function creditCategoryLabel(category: CreditHistoryEntry['category']): string {
  if (!category) return '—';
  const words = category.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
