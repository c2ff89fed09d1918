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
  /** The client has this long to pay each invoice (the spec's payment window). */
  daysUntilDue: 14,
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
