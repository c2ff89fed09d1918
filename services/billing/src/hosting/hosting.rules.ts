import type Stripe from 'stripe';
import {
  HOSTING_INVOICE_STATUSES,
  SUBSCRIPTION_STATUSES,
  type HostingInvoiceStatus,
  type MerchantAccountStatus,
  type SubscriptionStatus,
} from '@tourly/contracts';
import { idOf, toDate } from '../payments/stripe-values';

export const MERCHANT_ACCOUNT_FIRST =
  'Connect your Stripe account first: finish its setup from the billing page, then try again.';
export const CUSTOMER_HAS_SUBSCRIPTION = 'This customer has a running hosting subscription. Cancel it first.';
export const CUSTOMER_NOT_FOUND = 'Customer not found';
export const SUBSCRIPTION_NOT_FOUND = 'Subscription not found';
export const INVOICE_NOT_FOUND = 'Invoice not found';
export const ONLY_OPEN_VOID = 'Only an open invoice can be voided.';
export const ALREADY_CANCELED = 'This subscription is already canceled.';
export const NO_INVOICE_PAGE =
  'This invoice has no payment page yet: Stripe makes it once the invoice is finalized.';
export const NO_INVOICE_PDF = 'This invoice has no PDF yet: Stripe makes it once the invoice is finalized.';
export const NOT_YOUR_PROPERTIES = 'must list only your own properties';
export const NOT_YOUR_CLIENT = 'is not one of your clients';
export const NOT_YOUR_TAX_RATES = "must list only your merchant account's active tax rates";

/** What billing keeps of a connected account, as Stripe says it now. */
export interface MerchantAccountState {
  country: string | null;
  defaultCurrency: string | null;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  detailsSubmitted: boolean;
  requirementsDue: string[];
}

export function merchantAccountState(account: Stripe.Account): MerchantAccountState {
  return {
    country: account.country ?? null,
    defaultCurrency: account.default_currency ?? null,
    chargesEnabled: account.charges_enabled ?? false,
    payoutsEnabled: account.payouts_enabled ?? false,
    detailsSubmitted: account.details_submitted ?? false,
    requirementsDue: account.requirements?.currently_due ?? [],
  };
}

/**
 * What the page says of the merchant account: none yet; created but its details not submitted (onboarding);
 * submitted and able to charge with nothing due (active); submitted but charges disabled or something due
 * (restricted).
 */
export function merchantAccountStatus(
  account: Pick<MerchantAccountState, 'chargesEnabled' | 'detailsSubmitted' | 'requirementsDue'> | undefined,
): MerchantAccountStatus {
  if (!account) return 'not_connected';
  if (!account.detailsSubmitted) return 'onboarding';
  return account.chargesEnabled && account.requirementsDue.length === 0 ? 'active' : 'restricted';
}

/** Stripe's subscription status as billing keeps it (`paused`, which billing never asks for, reads as past due). */
export function subscriptionStatusOf(status: Stripe.Subscription.Status): SubscriptionStatus {
  return (SUBSCRIPTION_STATUSES as readonly string[]).includes(status)
    ? (status as SubscriptionStatus)
    : 'past_due';
}

/** What billing keeps of a hosting-fee subscription, as Stripe says it now. */
export function subscriptionState(subscription: Stripe.Subscription) {
  const item = subscription.items.data[0];
  return {
    stripeSubscriptionId: subscription.id,
    status: subscriptionStatusOf(subscription.status),
    currentPeriodEnd: toDate(item?.current_period_end),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    canceledAt: toDate(subscription.canceled_at),
  };
}

/** What billing keeps of a hosting-fee invoice, as Stripe says it now. */
export function invoiceState(invoice: Stripe.Invoice) {
  return {
    number: invoice.number ?? null,
    status: invoiceStatusOf(invoice.status),
    amountDue: invoice.amount_due,
    amountPaid: invoice.amount_paid,
    currency: invoice.currency,
    dueDate: toDate(invoice.due_date),
    hostedInvoiceUrl: invoice.hosted_invoice_url ?? null,
    invoicePdf: invoice.invoice_pdf ?? null,
    createdAt: toDate(invoice.created) ?? new Date(),
  };
}

export function invoiceStatusOf(status: Stripe.Invoice.Status | null): HostingInvoiceStatus {
  return status && (HOSTING_INVOICE_STATUSES as readonly string[]).includes(status)
    ? (status as HostingInvoiceStatus)
    : 'draft';
}

/** The subscription of an invoice (Stripe's id), and billing's id for it from the subscription's metadata. */
export function subscriptionOfInvoice(invoice: Stripe.Invoice): {
  stripeId: string | null;
  ours: string | null;
} {
  const details = invoice.parent?.subscription_details;
  return {
    stripeId: idOf(details?.subscription),
    ours: details?.metadata?.hosting_subscription_id ?? null,
  };
}

/** What a connected account's event is about, for billing to read again from Stripe; undefined: nothing. */
export type ConnectTarget =
  { kind: 'account'; id: string } | { kind: 'subscription'; id: string } | { kind: 'invoice'; id: string };

export function connectTargetOf(type: string, object: Record<string, unknown>): ConnectTarget | undefined {
  const id = typeof object.id === 'string' ? object.id : undefined;
  if (!id) return undefined;
  if (type === 'account.updated') return { kind: 'account', id };
  if (type.startsWith('customer.subscription.')) return { kind: 'subscription', id };
  if (type.startsWith('invoice.') && type !== 'invoice.upcoming') return { kind: 'invoice', id };
  return undefined;
}

/** A customer may go once none of its subscriptions runs (every one canceled or never started). */
export function customerDeletable(statuses: readonly string[]): boolean {
  return statuses.every((status) => status === 'canceled' || status === 'incomplete_expired');
}

/** Only an open invoice can be voided (Stripe's rule: a draft is deleted, a paid one refunded). */
export const voidable = (status: HostingInvoiceStatus): boolean => status === 'open';

/** A subscription still to cancel: not canceled, nor expired before it started. */
export const cancelable = (status: SubscriptionStatus): boolean =>
  status !== 'canceled' && status !== 'incomplete_expired';
