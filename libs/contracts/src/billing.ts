import type { Currency, Interval, ProductCode } from './plans';

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

/**
 * The fourteen credit categories (000 §3, "Credit bundle"): why credits came in or went out. Every ledger row that
 * grants or adjusts credits carries one (a purchase is `customer_purchase`); spends and releases carry none.
 */
export const CREDIT_CATEGORIES = [
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
export type CreditCategory = (typeof CREDIT_CATEGORIES)[number];

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

/**
 * Credits (000 §1, §9): they never expire. The spec shows neither the price of one credit nor the bundle sizes;
 * these are ours. One credit costs a dollar in usd and, in the other currencies, what the plan table's ratios to
 * usd make it (Starter: aud 2995 / usd 1995 = 1.5, and so on). A purchase of at least a bundle's size gets that
 * bundle's saving (the largest that fits): small 10% from 10 credits, medium 20% from 50, large 30% from 100.
 */
export const CREDIT_UNIT_PRICES: Record<Currency, number> = {
  usd: 100,
  aud: 150,
  cad: 135,
  eur: 90,
  gbp: 80,
  nzd: 155,
};

export const CREDIT_BUNDLE_SIZES = ['small', 'medium', 'large'] as const;
export type CreditBundleSize = (typeof CREDIT_BUNDLE_SIZES)[number];

export interface CreditBundle {
  size: CreditBundleSize;
  credits: number;
  savingPercent: number;
}

/** Smallest first. */
export const CREDIT_BUNDLES: readonly CreditBundle[] = [
  { size: 'small', credits: 10, savingPercent: 10 },
  { size: 'medium', credits: 50, savingPercent: 20 },
  { size: 'large', credits: 100, savingPercent: 30 },
];

/** The most credits one purchase buys (a larger number is refused with 422 on `credits_qty`). */
export const MAX_CREDITS_PER_PURCHASE = 10_000;

/**
 * The smallest amount Stripe charges a card, per currency (Stripe's "minimum charge amounts"): a payment intent for
 * less is refused (`amount_too_small`). A credits purchase whose total (after its savings) falls below it is refused
 * before Stripe is asked.
 */
export const STRIPE_MINIMUM_CHARGE_CENTS: Record<Currency, number> = {
  usd: 50,
  aud: 50,
  cad: 50,
  eur: 50,
  gbp: 30,
  nzd: 50,
};

/** A Stripe payment intent for credits says so in its metadata (`kind`), with the provider and the quantity. */
export const CREDITS_PURCHASE_KIND = 'credits_purchase';

/**
 * Request-reply subjects other services spend credits with (orders: floor plans, retouching, the workshop
 * assistant). Reserve holds credits against the available balance (idempotent by reference); capture makes the
 * hold a spend; release gives the credits back. A hold never captured is released after its `holdSeconds`
 * (default: billing's `CREDIT_RESERVATION_TTL_SECONDS`).
 */
export const CREDITS_RESERVE = 'billing.credits.reserve';
export const CREDITS_CAPTURE = 'billing.credits.capture';
export const CREDITS_RELEASE = 'billing.credits.release';

export interface CreditsReserveRequest {
  providerId: string;
  /** Whole credits, at least 1. */
  amount: number;
  /** The caller's own id for what the credits pay for (e.g. `order:<id>`): one reservation per provider. */
  reference: string;
  /**
   * How long the hold lasts before billing's sweep releases it (when neither captured nor released by then): whole
   * seconds from MIN_CREDIT_HOLD_SECONDS (60) to MAX_CREDIT_HOLD_SECONDS (180 days); anything else is refused (422
   * `hold_seconds`). Absent: billing's `CREDIT_RESERVATION_TTL_SECONDS` (seven days). A reserve repeated with the same
   * reference answers the reservation as it is, its expiry unchanged.
   */
  holdSeconds?: number;
}

/** The shortest and the longest hold a reserve may ask for (`holdSeconds`): a minute, and 180 days. */
export const MIN_CREDIT_HOLD_SECONDS = 60;
export const MAX_CREDIT_HOLD_SECONDS = 180 * 24 * 60 * 60;

/** Capture and release name the reservation by its reference. */
export interface CreditsSettleRequest {
  providerId: string;
  reference: string;
}

/**
 * What changed a provider's credits: a purchase, an admin's bundle (`grant`) or adjustment, a voucher, an offer, a
 * refunded purchase (`refund`), or another service's reservation held, captured or released.
 */
export const CREDIT_CHANGES = [
  'purchase',
  'grant',
  'voucher',
  'offer',
  'adjustment',
  'refund',
  'reserve',
  'capture',
  'release',
] as const;
export type CreditChange = (typeof CREDIT_CHANGES)[number];

export const CREDIT_RESERVATION_STATUSES = ['held', 'captured', 'released'] as const;
export type CreditReservationStatus = (typeof CREDIT_RESERVATION_STATUSES)[number];

/**
 * The answer to reserve, capture and release: the reservation as it now is, and the provider's balance. A reserve
 * the balance cannot cover answers 422 `Provider does not have enough credits` (MESSAGES.notEnoughCredits).
 */
export interface CreditReservation {
  reference: string;
  amount: number;
  status: CreditReservationStatus;
  /** When a hold not captured by then is released. */
  expiresAt: string;
  /** Credits the provider can spend now (held ones excluded). */
  availableBalance: number;
}

/**
 * Request-reply properties answers for billing's plan change review (issue 29): what a plan would stop if it were in
 * force now, by the rules properties applies when it is (the oldest premium tours beyond its limit turn basic; a plan
 * that does not publish stops sharing every tour and publishing every website). Billing says when.
 */
export const PLAN_CHANGE_REVIEW = 'properties.plan_change.review';

export interface PlanChangeReviewRequest {
  providerId: string;
  productCode: ProductCode;
}

/** A property named in a review: its id and title. */
export interface ReviewedProperty {
  propertyId: string;
  title: string;
}

export interface PlanChangeReview {
  /** Premium tours beyond the plan's limit, oldest premium first: they turn basic (still shared on a paid plan). */
  toursTurningBasic: Array<ReviewedProperty & { premiumSince: string }>;
  /** Tours whose link stops working: every shared tour, on a plan that does not publish. */
  toursUnshared: ReviewedProperty[];
  /** Single-property websites that stop being published, on a plan that does not publish. */
  websitesUnpublished: ReviewedProperty[];
}
