import {
  CREDIT_BUNDLES,
  type CreditBundleSize,
  LEGACY_PLAN_CUTOFF,
  MAX_CREDITS_PER_PURCHASE,
  PROBLEM_SUBSCRIPTION_STATUSES,
  type Currency,
  type Interval,
  type ProductCode,
  type SubscriptionStatus,
} from '@tourly/contracts';
import { ApiError } from '../../../api/errors';
import { formatDate } from '../../../shared/format';
import { MESSAGES } from '../../../shared/strings';
import type {
  CreditHistoryEntry,
  CreditsPrice,
  PlanOption,
  RedeemableOffer,
  Subscription,
  VoucherRedeemed,
  VoucherRedemption,
} from './api';

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

const BUNDLE_NAMES: Record<CreditBundleSize, string> = {
  small: 'Small bundle',
  medium: 'Medium bundle',
  large: 'Large bundle',
};

/** 'Small bundle', 'Medium bundle', 'Large bundle'. */
export const bundleName = (size: CreditBundleSize) => BUNDLE_NAMES[size];

/** The credits of a bundle. */
export function bundleCredits(size: CreditBundleSize): number {
  return CREDIT_BUNDLES.find((bundle) => bundle.size === size)!.credits;
}

/** The `?credits_qty=` a page was opened with (the credits an order lacks), when it is a quantity one can buy. */
export function creditsQtyParam(value: string | null): number | null {
  return value === null ? null : creditsQtyOf(value);
}

/**
 * A spend the server refused because the credits cannot cover it: 422 with the base message 'Provider does not have
 * enough credits' (000 §8), which the insufficient-credits modal answers.
 */
export function isNotEnoughCredits(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status === 422 &&
    (error.fields.base ?? []).includes(MESSAGES.notEnoughCredits)
  );
}

/**
 * The credits a spend of `needed` lacks with `available` to spend: at least 1, since the server refused it (the
 * balance the page read may be older than the one it checked).
 */
export function missingCredits(needed: number, available: number): number {
  return Math.max(1, needed - Math.max(0, available));
}

/** What one credit comes to at a price (the bundle's saving and a voucher's included), in whole cents. */
export function perCreditCents(price: Pick<CreditsPrice, 'totalInCents' | 'creditsQty'>): number {
  return Math.round(price.totalInCents / price.creditsQty);
}

/** The bundle's part of a price's savings: `discountInCents` holds both the bundle's and the voucher's. */
export function bundleSavingCents(
  price: Pick<CreditsPrice, 'discountInCents' | 'voucherDiscountInCents'>,
): number {
  return price.discountInCents - price.voucherDiscountInCents;
}

/** How bundles save, from the bundles themselves: 'From 10 credits you save 10%, from 50 20% and from 100 30%'. */
export function bundleSavingsSentence(bundles = CREDIT_BUNDLES): string {
  const parts = bundles.map((bundle, index) =>
    index === 0
      ? `From ${bundle.credits} credits you save ${bundle.savingPercent}%`
      : `from ${bundle.credits} credits ${bundle.savingPercent}%`,
  );
  if (parts.length <= 1) return `${parts.join('')}.`;
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}.`;
}

/** The status after a redemption (the voucher's code as the server stored it, upper-cased). */
export function voucherRedeemedMessage(voucher: VoucherRedeemed['voucher']): string {
  if (voucher.discountPercent)
    return `Voucher ${voucher.code} redeemed: ${voucher.discountPercent}% off your next credits purchase.`;
  return `Voucher ${voucher.code} redeemed: ${creditsLabel(voucher.credits ?? 0)} added.`;
}

/** The discount a voucher left for the next purchase, if one waits (one at a time). */
export function waitingDiscount(redemptions: readonly VoucherRedemption[]): VoucherRedemption | null {
  return redemptions.find((redemption) => redemption.waiting && redemption.discountPercent) ?? null;
}

/** '15% off your next credits purchase (voucher SPRING-15)'. */
export const waitingDiscountLabel = (voucher: { code: string; discountPercent: number | null }) =>
  `${voucher.discountPercent ?? 0}% off your next credits purchase (voucher ${voucher.code})`;

/** 'Buy credits and receive 5 bonus credits: Spring offer'. */
export function offerLabel(offer: Pick<RedeemableOffer, 'credits' | 'name'>): string {
  const bonus = `${offer.credits} bonus ${offer.credits === 1 ? 'credit' : 'credits'}`;
  return `Buy credits and receive ${bonus}: ${offer.name}`;
}

/** 'US Dollar (USD)': the billing account's currency, in words. */
export function currencyName(currency: Currency): string {
  const code = currency.toUpperCase();
  try {
    const name = new Intl.DisplayNames(['en'], { type: 'currency' }).of(code);
    return name && name !== code ? `${name} (${code})` : code;
  } catch {
    return code;
  }
}

/** A plan's price for one period, as a sentence says it: 'a month', 'a year'. */
export const perIntervalLabel = (interval: Interval) => (interval === 'year' ? 'a year' : 'a month');

/** After the renew modal: 'Your Starter (monthly) plan renews on 2026-04-01.' */
export function renewedMessage(
  subscription: Pick<Subscription, 'name' | 'productCode' | 'interval' | 'currentPeriodEnd'>,
  format: (iso: string) => string = formatDate,
): string {
  const plan = planLabel(subscription.name, subscription.productCode, subscription.interval);
  return subscription.currentPeriodEnd
    ? `Your ${plan} plan renews on ${format(subscription.currentPeriodEnd)}.`
    : `Your ${plan} plan renews at the end of the current period.`;
}
