import { BILLING_PATH } from '../billing/paths';

/** The hosting fees pages: subscriptions first, then invoices and customers. */
export const HOSTING_FEES_PATH = '/provider/hosting_fees';
export const HOSTING_INVOICES_PATH = `${HOSTING_FEES_PATH}/invoices`;
export const HOSTING_CUSTOMERS_PATH = `${HOSTING_FEES_PATH}/customers`;
export const hostingSubscriptionPath = (id: string) =>
  `${HOSTING_FEES_PATH}/subscriptions/${encodeURIComponent(id)}`;
export const subscriptionInvoicesPath = (id: string) =>
  `${HOSTING_INVOICES_PATH}?subscription_id=${encodeURIComponent(id)}`;
export const customerSubscriptionsPath = (id: string) =>
  `${HOSTING_FEES_PATH}?customer_id=${encodeURIComponent(id)}`;

/** The billing page's merchant account section (its id). */
export const MERCHANT_ACCOUNT_ID = 'merchant-account';
export const MERCHANT_ACCOUNT_PATH = `${BILLING_PATH}#${MERCHANT_ACCOUNT_ID}`;

/** Set on the way back from Stripe's setup: the page asks for the account until Stripe's word has reached billing. */
export const RETURNED_PARAM = 'merchant_account';
export const RETURNED_VALUE = 'returned';
