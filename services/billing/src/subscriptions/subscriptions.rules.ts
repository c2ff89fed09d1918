import { MESSAGES, PLANS, type Interval, type ProductCode, type SubscriptionStatus } from '@tourly/contracts';
import { ApiError } from '@tourly/platform';
import type { SubscriptionRow } from '../accounts/subscriptions.repository';
import type {
  LineItemResponse,
  PreviewResponse,
  SubscriptionResponse,
  WithdrawalsResponse,
} from './subscriptions.dto';

/** Statuses in which the plan's features and tour limit apply: paid, trialing, or inside the payment window. */
export const GOOD_STANDING: readonly SubscriptionStatus[] = ['active', 'trialing', 'past_due'];
export const ENDED: readonly SubscriptionStatus[] = ['canceled', 'incomplete_expired'];

export const TRIAL_USED = 'The free trial has been used already; choose the plan without it.';
export const TRIAL_PRO_ONLY = 'Only the Pro plan comes with a free trial.';
/** The plan selection's field in a plan change's body. */
export const FIELD = 'servicePlanSubscription';

/** A subscription whose plan applies (paid, trialing, or inside the payment window); none is the free plan. */
export const inGoodStanding = (row: SubscriptionRow | undefined): row is SubscriptionRow =>
  Boolean(row && GOOD_STANDING.includes(row.status));

/** The plan a subscription gives: its own while in good standing, otherwise the free plan's. */
export function effectivePlan(
  productCode: ProductCode,
  status: SubscriptionStatus,
): { productCode: ProductCode; premiumTourLimit: number | null } {
  const code: ProductCode = GOOD_STANDING.includes(status) ? productCode : 'free_tier_plan';
  return { productCode: code, premiumTourLimit: PLANS[code].premiumTourLimit };
}

/** Whether a premium tour limit drops (null is unlimited). */
export const limitDrops = (next: number | null, previous: number | null): boolean =>
  next !== null && (previous === null || next < previous);

/** What a refresh announces: nothing, a change, or a change that lowers the premium tour limit too. */
export function announcementOf(
  previous: Pick<SubscriptionRow, 'productCode' | 'interval' | 'status'> | undefined,
  next: Pick<SubscriptionRow, 'productCode' | 'interval' | 'status'>,
): 'none' | 'changed' | 'downgraded' {
  const before = previous
    ? effectivePlan(previous.productCode, previous.status)
    : effectivePlan('free_tier_plan', 'active');
  const after = effectivePlan(next.productCode, next.status);
  const changed =
    !previous ||
    previous.productCode !== next.productCode ||
    previous.interval !== next.interval ||
    previous.status !== next.status;
  // Moving between states that give the free plan (an attempt never paid, unpaid to cancelled) changes nothing
  // anyone else acts on.
  const wasGood = Boolean(previous && GOOD_STANDING.includes(previous.status));
  if (!changed || (!wasGood && !GOOD_STANDING.includes(next.status))) return 'none';
  return limitDrops(after.premiumTourLimit, before.premiumTourLimit) ? 'downgraded' : 'changed';
}

/** What choosing a plan does to the current subscription. */
export type Change = 'new' | 'upgrade' | 'scheduled' | 'to_free' | 'same';

export function changeOf(
  current: SubscriptionRow | undefined,
  productCode: ProductCode,
  selection: { interval: Interval; chargeNow?: boolean },
): Change {
  const live = inGoodStanding(current);
  if (productCode === 'free_tier_plan')
    return live ? (current.cancelAtPeriodEnd ? 'same' : 'to_free') : 'same';
  if (!live) return 'new';
  if (current.productCode === productCode && current.interval === selection.interval) return 'same';
  const from = PLANS[current.productCode].planTier;
  const to = PLANS[productCode].planTier;
  const higher = to > from || (to === from && selection.interval === 'year' && current.interval === 'month');
  return higher && selection.chargeNow !== false ? 'upgrade' : 'scheduled';
}

/** The free trial comes with the Pro plan only, once per provider. */
export function checkTrial(productCode: ProductCode, current: SubscriptionRow | undefined): void {
  if (productCode !== 'experience_creator_plan') throw ApiError.invalid(`${FIELD}.trial`, TRIAL_PRO_ONLY);
  if (current?.trialUsed) throw ApiError.invalid(`${FIELD}.trial`, TRIAL_USED);
}

export function requirePlan(selection: { productCode?: ProductCode }): ProductCode {
  if (!selection.productCode) throw ApiError.base(422, MESSAGES.noSelectedPlan);
  return selection.productCode;
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** What the pages show: an ended subscription (cancelled, or never paid) leaves the provider on the free plan. */
export function stateOf(subscription: SubscriptionRow | undefined): SubscriptionResponse {
  const ended = subscription && ENDED.includes(subscription.status);
  const row = ended
    ? {
        ...subscription,
        productCode: 'free_tier_plan' as const,
        currentPeriodStart: null,
        currentPeriodEnd: null,
        nextProductCode: null,
      }
    : subscription;
  const productCode = row?.productCode ?? 'free_tier_plan';
  const status = row?.status ?? 'active';
  const next = row?.nextProductCode ?? null;
  return {
    productCode,
    planTier: PLANS[productCode].planTier,
    name: PLANS[productCode].name,
    interval: row?.interval ?? 'year',
    status,
    chargeNow: true,
    periodStart: iso(row?.currentPeriodStart ?? null),
    periodEnd: iso(row?.currentPeriodEnd ?? null),
    currentPeriodEnd: iso(row?.currentPeriodEnd ?? null),
    trialEnd: iso(row?.trialEnd ?? null),
    cancelAtPeriodEnd: row?.cancelAtPeriodEnd ?? false,
    nextProduct: next
      ? {
          productCode: next,
          name: PLANS[next].name,
          interval: row?.nextInterval ?? row?.interval ?? 'year',
          startsAt: iso(row?.nextStartsAt ?? null),
        }
      : null,
    premiumTourLimit: effectivePlan(productCode, status).premiumTourLimit,
    trialAvailable: !row?.trialUsed,
  };
}

/** A plan change's order summary: the discount is what the discount lines take off. */
export function summary(
  currency: string,
  lineItems: LineItemResponse[],
  subtotalInCents: number,
  totalInCents: number,
  startsAt: string | null,
  withdrawals: WithdrawalsResponse | null = null,
): PreviewResponse {
  const discountInCents = -lineItems
    .filter((line) => line.type === 'discount')
    .reduce((sum, line) => sum + line.amountInCents, 0);
  return { currency, subtotalInCents, discountInCents, totalInCents, lineItems, startsAt, withdrawals };
}

/** A change that may stop tours or websites: a lower plan at the period end, or the free plan. */
export const mayWithdraw = (change: Change): boolean => change === 'scheduled' || change === 'to_free';

/** A plan's line in a summary: `Pro plan (annual)`. */
export const planLabel = (productCode: ProductCode, interval: Interval): string =>
  `${PLANS[productCode].name} plan (${interval === 'year' ? 'annual' : 'monthly'})`;

/** The labels of an invoice preview's discount lines: the negotiated discount first, then the coupon. */
export function discountLines(
  amounts: readonly number[],
  discountPercent: number,
  coupon: string | undefined,
): LineItemResponse[] {
  const negotiated = discountPercent > 0 ? 1 : 0;
  return amounts
    .map((amount, index) => ({
      type: 'discount' as const,
      label: index < negotiated ? `Negotiated ${discountPercent}% discount` : `Coupon ${coupon}`,
      amountInCents: -amount,
    }))
    .filter((line) => line.amountInCents < 0);
}
