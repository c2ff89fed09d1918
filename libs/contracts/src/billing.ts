import type { Currency, Interval } from './plans';

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

/**
 * A premium tour beyond the plan's quota, paid on its own (the pay-and-publish modal): a monthly Stripe
 * subscription per tour, called an immersive extension ("immex") in the spec's routes. The spec shows no price;
 * these are ours, a quarter of the Starter plan's monthly price, rounded to the currency's usual endings.
 */
export const IMMERSIVE_EXTENSION = {
  productCode: 'immersive_extension',
  name: 'Premium tour (paid separately)',
  interval: 'month',
  prices: { usd: 495, aud: 745, cad: 675, eur: 445, gbp: 395, nzd: 775 },
} as const satisfies {
  productCode: string;
  name: string;
  interval: Interval;
  prices: Record<Currency, number>;
};

/** Request-reply subjects billing answers for properties' pay-and-publish. */
export const IMMERSIVE_EXTENSION_QUOTE = 'billing.immersive_extension.quote';
export const IMMERSIVE_EXTENSION_SUBSCRIBE = 'billing.immersive_extension.subscribe';
export const IMMERSIVE_EXTENSION_CANCEL = 'billing.immersive_extension.cancel';

export interface ImmersiveExtensionQuote {
  amountInCents: number;
  currency: Currency;
  interval: Interval;
}

export interface ImmersiveExtensionSubscribeRequest {
  providerId: string;
  propertyId: string;
  /** Shown in billing's list of extensions. */
  propertyTitle: string;
  /** Unset: the customer's default card. */
  paymentMethodId?: string;
  setAsDefaultPayment?: boolean;
}

export interface ImmersiveExtensionPayment {
  result: 'success' | 'requires_action';
  /** Set with requires_action: the Stripe.js client secret the person confirms (3-D Secure). */
  clientSecret: string | null;
  extensionId: string;
  /**
   * The version of the tour's extension as of this answer (`ImmersiveExtensionChangedV1.version`): what it says is
   * billing's word at that version, so an event about the tour not newer than it changes nothing. Absent from a
   * billing without versions.
   */
  version?: number;
}

export interface ImmersiveExtensionCancelRequest {
  providerId: string;
  propertyId: string;
}

export interface ImmersiveExtensionCancellation {
  /** False: nothing was running (not an error). */
  cancelled: boolean;
  /** The version of the tour's extension as of this answer, as in `ImmersiveExtensionPayment`. */
  version?: number;
}
