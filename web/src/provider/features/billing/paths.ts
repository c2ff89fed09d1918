/** The accounts and billing page. */
export const BILLING_PATH = '/provider/billing';
