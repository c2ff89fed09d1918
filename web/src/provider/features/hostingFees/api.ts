import { api } from '../../../api/client';
import type { Answer } from '../../../api/types';
import { ApiError } from '../../../api/errors';
import type { TestClock } from '../billing/api';

// The provider's merchant account (its own Stripe account, connected to the platform) and its tax rates: billing's
// routes, read by every provider role, changed by admins.

/** GET /provider/billing/merchant_account: not connected, onboarding, active or restricted, with what Stripe needs. */
export type MerchantAccount = Answer<'/provider/billing/merchant_account', 'get'>;
export type MerchantStatus = MerchantAccount['status'];
/** One tax rate of the connected account (Stripe's `txr_` id). */
export type TaxRate = Answer<'/provider/billing/merchant_account/tax_rates', 'get'>['items'][number];

/** The pages that open Stripe's account setup, each brought back to itself. */
export type AccountLinkOrigin = 'billing' | 'hosting_fees';

export interface TaxRateValues {
  displayName: string;
  /** As typed: a number from 0 to 100, up to 4 decimals. */
  percentage: string;
  inclusive: boolean;
  /** Two letters, or '' for none. */
  country: string;
  jurisdiction: string;
  description: string;
}

export const fetchMerchantAccount = (signal?: AbortSignal) =>
  api.get('/provider/billing/merchant_account', { signal });

/** Stripe's onboarding page for the account (made the first time); it comes back to `returnUrl`, a page here. */
export const createAccountLink = (cameFrom: AccountLinkOrigin, returnUrl: string) =>
  api.post('/provider/billing/merchant_account/account_link', { cameFrom, returnUrl });

/** Stripe's cursor paging: the rates after `startingAfter` (a rate's id), newest first. */
export const fetchTaxRates = (startingAfter: string | undefined, limit: number, signal?: AbortSignal) =>
  api.get('/provider/billing/merchant_account/tax_rates', { query: { limit, startingAfter }, signal });

/** A number the server can read stays a number; anything else goes as typed, for the server to refuse in words. */
const numberOrText = (text: string) => (/^\s*\d+(\.\d+)?\s*$/.test(text) ? Number(text) : text.trim());

export const createTaxRate = (values: TaxRateValues) =>
  api.post('/provider/billing/merchant_account/tax_rates', {
    displayName: values.displayName.trim(),
    percentage: numberOrText(values.percentage),
    inclusive: values.inclusive,
    country: values.country || undefined,
    jurisdiction: values.jurisdiction.trim() || undefined,
    description: values.description.trim() || undefined,
  });

// Hosting fees: the provider's clients as customers of its merchant account, their subscriptions and invoices.

export type HostingCustomer = Answer<'/provider/hosting_fees/customers', 'get'>['items'][number];
export type HostingSubscription = Answer<'/provider/hosting_fees/subscriptions/{id}', 'get'>;
export type HostingSubscriptionStatus = HostingSubscription['status'];
export type HostingInvoice = Answer<'/provider/hosting_fees/invoices.json', 'get'>['items'][number];
export type HostingInvoiceStatus = HostingInvoice['status'];
export type HostingInterval = HostingSubscription['interval'];

export interface CustomerValues {
  /** One of the provider's clients, or '' for a customer made by name and email alone. */
  clientId: string;
  name: string;
  email: string;
}

export interface SubscriptionValues {
  customerId: string;
  propertyIds: string[];
  interval: HostingInterval;
  /** Minor units, or the text typed when it is not an amount (the form refuses it first). */
  amount: number | string;
  currency: string;
  description: string;
  taxRateIds: string[];
}

export interface CustomersQuery {
  page: number;
  search: string;
}

export interface SubscriptionsQuery {
  page: number;
  search: string;
  customerId: string;
  status: string;
}

export interface InvoicesQuery {
  page: number;
  search: string;
  status: string;
  subscriptionId: string;
}

export const fetchCustomers = ({ page, search }: CustomersQuery, signal?: AbortSignal) =>
  api.get('/provider/hosting_fees/customers', { query: { page, search: search || undefined }, signal });

export const createCustomer = (values: CustomerValues) =>
  api.post('/provider/hosting_fees/customers', {
    name: values.name.trim(),
    email: values.email.trim(),
    clientId: values.clientId || undefined,
  });

export const deleteCustomer = (id: string) =>
  api.delete('/provider/hosting_fees/customers/{id}', { params: { id } });

export const fetchSubscriptions = (query: SubscriptionsQuery, signal?: AbortSignal) =>
  api.get('/provider/hosting_fees/subscriptions', {
    query: {
      page: query.page,
      search: query.search || undefined,
      customerId: query.customerId || undefined,
      status: query.status || undefined,
    },
    signal,
  });

export const fetchSubscription = (id: string, signal?: AbortSignal) =>
  api.get('/provider/hosting_fees/subscriptions/{id}', { params: { id }, signal });

export const createSubscription = (values: SubscriptionValues) =>
  api.post('/provider/hosting_fees/subscriptions', {
    customerId: values.customerId,
    propertyIds: values.propertyIds,
    interval: values.interval,
    amount: values.amount,
    currency: values.currency,
    description: values.description.trim() || undefined,
    taxRateIds: values.taxRateIds,
  });

export const cancelSubscription = (id: string, atPeriodEnd: boolean) =>
  api.post('/provider/hosting_fees/subscriptions/{id}/cancel', { atPeriodEnd }, { params: { id } });

export const fetchInvoices = (query: InvoicesQuery, signal?: AbortSignal) =>
  api.get('/provider/hosting_fees/invoices.json', {
    query: {
      page: query.page,
      search: query.search || undefined,
      status: query.status || undefined,
      subscriptionId: query.subscriptionId || undefined,
    },
    signal,
  });

export const voidInvoice = (id: string) =>
  api.post('/provider/hosting_fees/invoices/{id}/void.json', undefined, { params: { id } });

/** Stripe's hosted page of the invoice, where the client pays it. */
export const fetchPaymentLink = (id: string) =>
  api.get('/provider/hosting_fees/invoices/{id}/payment_link', { params: { id } });

/** The invoice's PDF: a plain link (billing redirects to Stripe's file; the session's cookie goes with it). */
export const invoicePdfPath = (id: string) =>
  `/provider/hosting_fees/invoices/${encodeURIComponent(id)}/download`;

/** Test mode: the customer's own Stripe test clock (`unavailable` outside test mode: its GET answers 404). */
export async function fetchCustomerTestClock(
  customerId: string,
  signal?: AbortSignal,
): Promise<TestClock | null | 'unavailable'> {
  try {
    return (
      await api.get('/provider/hosting_fees/customers/{id}/test_clock', {
        params: { id: customerId },
        signal,
      })
    ).testClock;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return 'unavailable';
    throw error;
  }
}

export const advanceCustomerTestClock = (customerId: string, testClockId: string, time: string) =>
  api.post(
    '/provider/hosting_fees/customers/{id}/advance_test_clock',
    { testClockId, time },
    { params: { id: customerId } },
  );
