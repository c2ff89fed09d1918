/** Subscription statuses as Stripe names them (spec 000 §3). */
export const SUBSCRIPTION_STATUSES = [
  'active',
  'past_due',
  'unpaid',
  'canceled',
  'incomplete',
  'incomplete_expired',
  'trialing',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
export const PROBLEM_SUBSCRIPTION_STATUSES: readonly SubscriptionStatus[] = ['past_due', 'unpaid'];

export const PLAN_CHANGE_RESULTS = ['success', 'requires_action', 'error'] as const;
export type PlanChangeResult = (typeof PLAN_CHANGE_RESULTS)[number];

export const CREDIT_BUNDLE_CATEGORIES = [
  'customer_purchase',
  'subscription_top_up',
  'trial',
  'booking_cancelled',
  'promotional',
  'floor_plan_issue',
  'post_production_issue',
  'photo_retouching_issue',
  'billing_issue',
  'customer_service_issue',
  'customer_retention',
  'customer_loyalty',
  'internal_use',
  'other',
] as const;
export type CreditBundleCategory = (typeof CREDIT_BUNDLE_CATEGORIES)[number];

export const REDEEMABLE_ACTIONS = [
  'credits_purchased',
  'any_order_placed',
  'subscription_created',
  'sign_up_completed',
] as const;
export type RedeemableAction = (typeof REDEEMABLE_ACTIONS)[number];

export const CARD_BRANDS = ['visa', 'amex', 'mastercard', 'other'] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];
