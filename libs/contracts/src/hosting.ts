import type { SubscriptionStatus } from './billing';

/**
 * Hosting fees (issue 32): providers bill their own clients for keeping tours online, through their own Stripe
 * account (a Stripe Connect connected account); billing keeps its copy of each customer, subscription and invoice.
 */

export const HOSTING_INTERVALS = ['month', 'year'] as const;
export type HostingInterval = (typeof HOSTING_INTERVALS)[number];

/** Stripe's invoice statuses, as billing keeps them. */
export const HOSTING_INVOICE_STATUSES = ['draft', 'open', 'paid', 'void', 'uncollectible'] as const;
export type HostingInvoiceStatus = (typeof HOSTING_INVOICE_STATUSES)[number];

/** What the provider's page says of its merchant account. */
export const MERCHANT_ACCOUNT_STATUSES = ['not_connected', 'onboarding', 'active', 'restricted'] as const;
export type MerchantAccountStatus = (typeof MERCHANT_ACCOUNT_STATUSES)[number];

export const HOSTING_LIMITS = {
  minAmount: 50,
  maxAmount: 99_999_999,
  maxProperties: 50,
  maxTaxRates: 5,
  descriptionMaxLength: 200,
  /**
   * The client has this long to pay each invoice (the spec's payment window), unless the provider gives another
   * (`days_until_due`, 1 to `maxDaysUntilDue`): it is the grace period too, past it the tours are paused.
   */
  daysUntilDue: 14,
  maxDaysUntilDue: 90,
  maxApplicationFeePercent: 50,
} as const;

/**
 * Properties answers which of these property ids are the provider's (billing, before a hosting-fee subscription
 * names them).
 */
export const PROPERTIES_OWNED = 'properties.properties.owned';

export interface PropertiesOwnedRequest {
  providerId: string;
  propertyIds: string[];
}

export interface PropertiesOwned {
  /** The ids of the request that are properties of the provider (deleted ones left out). */
  propertyIds: string[];
}

/** A hosting-fee subscription changed (created, renewed, went past due, canceled...). */
export interface HostingSubscriptionChangedV1 {
  providerId: string;
  subscriptionId: string;
  customerId: string;
  status: SubscriptionStatus;
  propertyIds: string[];
  cancelAtPeriodEnd: boolean;
}

/** A hosting-fee invoice changed status (`previousStatus` null: billing learnt of it now). */
export interface HostingInvoiceChangedV1 {
  providerId: string;
  invoiceId: string;
  subscriptionId: string | null;
  customerId: string;
  status: HostingInvoiceStatus;
  previousStatus: HostingInvoiceStatus | null;
  amountDue: number;
  amountPaid: number;
  currency: string;
  dueDate: string | null;
  /** The properties the invoice's subscription keeps online (empty without a subscription). */
  propertyIds: string[];
}

/**
 * A hosting-fee invoice went unpaid past its due date (its grace period): its subscription's tours are paused until
 * it is paid or voided. Once per invoice.
 */
export interface HostingInvoiceOverdueV1 {
  providerId: string;
  invoiceId: string;
  subscriptionId: string | null;
  customerId: string;
  /** Whom the client's notice goes to (the hosting customer's email). */
  customerName: string;
  customerEmail: string;
  number: string | null;
  amountDue: number;
  currency: string;
  dueDate: string | null;
  /** Stripe's page where the client pays it. */
  hostedInvoiceUrl: string | null;
  /** The properties the invoice's subscription keeps online (empty without a subscription). */
  propertyIds: string[];
}

/** Why a tour's hosting paused or resumed. */
export const HOSTING_TOUR_REASONS = [
  'invoice_overdue',
  'invoice_paid',
  'invoice_voided',
  'exempted',
  'unexempted',
] as const;
export type HostingTourReason = (typeof HOSTING_TOUR_REASONS)[number];

/** A tour was paused for visitors (an unpaid hosting-fee invoice), or resumed. */
export interface HostingTourV1 {
  providerId: string;
  propertyId: string;
  /** The invoice that paused it or whose payment resumed it (null: the provider's exemption did it). */
  invoiceId: string | null;
  reason: HostingTourReason;
}

/** What a visitor is told of a paused tour (the player's paused page). */
export const HOSTING_MESSAGES = {
  tourPaused: 'This tour is paused.',
} as const;
