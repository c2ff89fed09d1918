import type { Currency } from '@tourly/contracts';
import { api } from '../../../api/client';
import type { Answer, Schema } from '../../../api/types';
import { ApiError } from '../../../api/errors';

const SUBSCRIPTION = '/provider/billing/service_plan_subscription' as const;

/**
 * GET /provider/billing/service_plan_subscription: the free plan (active, no period) without a subscription; null
 * for a provider on a legacy plan (no subscription, no plan chosen: 000 §4).
 */
export type Subscription = NonNullable<Answer<typeof SUBSCRIPTION, 'get'>>;
/** One plan of the grid (GET /provider/billing/plans). */
export type PlanOption = Answer<'/provider/billing/plans', 'get'>[number];

export interface BillingAccountForm {
  name: string;
  email: string;
  address: string;
  /** Two letters (ISO 3166-1). */
  country: string;
  currency: Currency;
}

/** GET /provider/billing/account: empty fields and usd until the first save (`complete` false). */
export type BillingAccount = Answer<'/provider/billing/account', 'get'>;
export type SavedCard = Answer<'/provider/billing/account/credit_cards', 'get'>[number];

/** 000 §3 "Plan selection", plus the card to pay with and the Pro plan's free trial (once per provider). */
export type PlanSelection = Schema<'billing.PlanSelection'>;

/** The order summary of a plan change (POST preview_change). */
export type ChangePreview = Answer<'/provider/billing/service_plan_subscription/preview_change', 'post'>;
export type TestClock = NonNullable<Answer<'/provider/billing/test_clock', 'get'>['testClock']>;

/**
 * The current subscription. The server lets browsers keep it five minutes (000 §7); `fresh` asks again past
 * that, after anything that changes it, and leaves the fresh answer in the cache for the next pages.
 */
export const fetchSubscription = (options: { fresh?: boolean; signal?: AbortSignal } = {}) =>
  api.get(SUBSCRIPTION, {
    signal: options.signal,
    cache: options.fresh ? 'no-cache' : 'default',
  });

export const fetchPlans = (signal?: AbortSignal) => api.get('/provider/billing/plans', { signal });

export const fetchBillingAccount = (signal?: AbortSignal) => api.get('/provider/billing/account', { signal });

export const saveBillingAccount = (form: BillingAccountForm) => api.put('/provider/billing/account', form);

export const fetchCards = (signal?: AbortSignal) =>
  api.get('/provider/billing/account/credit_cards', { signal });

export const removeCard = (id: string) =>
  api.delete('/provider/billing/account/credit_card/{id}', { params: { id } });

export const setDefaultCard = (paymentMethodId: string) =>
  api.post('/provider/billing/set_default_payment_method', { paymentMethodId });

export const createSetupIntent = () => api.post('/provider/billing/create_setup_intent');

export const changePlan = (selection: PlanSelection) =>
  api.put(SUBSCRIPTION, { servicePlanSubscription: selection });

export const previewChange = (selection: PlanSelection, signal?: AbortSignal) =>
  api.post(
    '/provider/billing/service_plan_subscription/preview_change',
    { servicePlanSubscription: selection },
    { signal },
  );

/** Pays the open invoice of a failed renewal now, with the card chosen or else the default one. */
export const payNow = (paymentMethodId?: string) =>
  api.post('/provider/billing/service_plan_subscription/pay_now', { paymentMethodId });

/** 002 `legacy_setup`: a provider on a legacy plan chooses one (the free plan needs no card). */
export const legacySetup = (selection: PlanSelection) =>
  api.post('/provider/billing/service_plan_subscription/legacy_setup', selection);

export const cancelScheduledChange = () =>
  api.post('/provider/billing/service_plan_subscription/cancel_subscription_schedules');

/** The provider's test clock; null before the billing account exists, 'unavailable' outside test mode (404). */
export async function fetchTestClock(signal?: AbortSignal): Promise<TestClock | null | 'unavailable'> {
  try {
    return (await api.get('/provider/billing/test_clock', { signal })).testClock;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return 'unavailable';
    throw error;
  }
}

export const advanceTestClock = (testClockId: string, time: string) =>
  api.post('/provider/billing/advance_test_clock', {
    testClockId,
    time,
  });

// The billing page's premium tours (000 §2 "premium tours and add-ons"): two paged lists, for provider admins.

/** A premium tour paid on its own, every month, beyond the plan's premium tours (GET immersive_extensions). */
export type ImmersiveExtension = Answer<'/provider/billing/immersive_extensions', 'get'>['items'][number];

export interface TourSearch {
  page: number;
  pageSize: number;
  search: string;
}

/** The premium tours, those of the plan and those paid separately (`immexSubscriptionId`); served by properties. */
export const fetchPremiumTours = ({ page, pageSize, search }: TourSearch, signal?: AbortSignal) =>
  api.page('/provider/billing/premium_tours', { page, pageSize, search: search || undefined }, { signal });

/** The premium tours paid separately, running ones first; `search` in their titles. */
export const fetchImmersiveExtensions = ({ page, pageSize, search }: TourSearch, signal?: AbortSignal) =>
  api.page(
    '/provider/billing/immersive_extensions',
    { page, pageSize, search: search || undefined },
    { signal },
  );

// Credits (000 §1, §2): the balance, the price of a quantity, buying them with a card, and the credit history.

/** The price of a quantity of credits in the account's currency, with the bundle whose saving applies. */
export type CreditsPrice = Answer<'/provider/billing/calculate_credits_price', 'get'>;
export type CreditsPurchaseSuccess = Answer<'/provider/billing/purchase_credits_success', 'post'>;
/** One row of the credit history (the ledger): a purchase, an adjustment, a spend or a release. */
export type CreditHistoryEntry = Answer<'/provider/billing/credit_bundles.json', 'get'>['items'][number];

export interface HistoryPage {
  page: number;
  pageSize: number;
}

export const fetchCreditBalance = (signal?: AbortSignal) =>
  api.get('/provider/billing/account/credit_balance', { signal });

export const fetchCreditsPrice = (creditsQty: number, signal?: AbortSignal) =>
  api.get('/provider/billing/calculate_credits_price', { query: { creditsQty }, signal });

/** A payment intent for the credits, confirmed at once with the saved card (3-D Secure may follow). */
export const startCreditsPurchase = (creditsQty: number, paymentMethodId: string) =>
  api.post('/provider/billing/purchase_credits_payment_intent', { creditsQty, paymentMethodId });

/** Once Stripe has the payment: billing reads the intent and grants the credits (once, whoever asks first). */
export const completeCreditsPurchase = (paymentIntentId: string) =>
  api.post('/provider/billing/purchase_credits_success', { paymentIntentId });

export const fetchCreditHistory = ({ page, pageSize }: HistoryPage, signal?: AbortSignal) =>
  api.page('/provider/billing/credit_bundles.json', { page, pageSize }, { signal });

// Vouchers and offers (000 §1, §3): codes that give credits or a discount on the next purchase; credits given
// once for buying credits.

/** What redeeming a voucher answered: the voucher (credits, or a discount percent) and the balance after it. */
export type VoucherRedeemed = Answer<'/provider/billing/vouchers/redeem', 'post'>;
/** One of the provider's redemptions; `waiting`: a discount no purchase has used yet. */
export type VoucherRedemption = Answer<'/provider/billing/vouchers', 'get'>['items'][number];
/** An offer running now that the provider has not received yet. */
export type RedeemableOffer = Answer<'/provider/billing/offers/redeemable', 'get'>[number];
export type RedeemAction = RedeemableOffer['redeemAction'];

/** 422 on `code` in the server's words: not valid, redeemed before, expired, fully redeemed, a discount waiting. */
export const redeemVoucher = (code: string) => api.post('/provider/billing/vouchers/redeem', { code });

export const fetchVoucherRedemptions = ({ page, pageSize }: HistoryPage, signal?: AbortSignal) =>
  api.page('/provider/billing/vouchers', { page, pageSize }, { signal });

export const fetchRedeemableOffers = (redeemAction: RedeemAction, signal?: AbortSignal) =>
  api.get('/provider/billing/offers/redeemable', { query: { redeemAction }, signal });

// Stripe's customer portal: the provider's cards, invoices and billing details on Stripe's pages.

export type PortalOrigin = 'billing' | 'credits';

/** A new portal session's link (it lives minutes: open it at once); its way back is `returnUrl`, a page here. */
export const fetchCustomerPortalLink = (cameFrom: PortalOrigin, returnUrl: string) =>
  api.get('/provider/billing/customer_portal_link', { query: { cameFrom, returnUrl } });

// Invoices (000 §2): the provider's Stripe invoices, and its plan's next one.

/** One of the provider's Stripe invoices (its plan's or a premium tour's), with Stripe's PDF and page. */
export type Invoice = Answer<'/provider/billing/invoices.json', 'get'>['items'][number];

export const fetchInvoices = ({ page, pageSize }: HistoryPage, signal?: AbortSignal) =>
  api.page('/provider/billing/invoices.json', { page, pageSize }, { signal });

export const fetchUpcomingInvoice = (signal?: AbortSignal) =>
  api.get('/provider/billing/account/fetch_upcoming_invoice_details.json', {
    query: { subscriptionType: 'service_plan_subscription' },
    signal,
  });

// The orders the provider's credits paid for (000 §7 GET /provider/billing/orders), on the billing page.

/** An order in the billing page's list: its number, kind, property, status, credits and times. */
export type BillingOrder = Answer<'/provider/billing/orders', 'get'>['items'][number];

export interface BillingOrdersQuery extends HistoryPage {
  /** YYYY-MM-DD, or '' for no bound; an end date means its whole day. */
  startDate: string;
  endDate: string;
}

const billingOrdersFilters = ({ startDate, endDate }: Pick<BillingOrdersQuery, 'startDate' | 'endDate'>) => ({
  withCreditSpend: true,
  startDate: startDate || undefined,
  endDate: endDate || undefined,
});

export const fetchBillingOrders = ({ page, pageSize, ...period }: BillingOrdersQuery, signal?: AbortSignal) =>
  api.page('/provider/billing/orders', { page, pageSize, ...billingOrdersFilters(period) }, { signal });

/** The same orders, every page, as CSV: a plain link (the browser downloads it with the session's cookie). */
export function billingOrdersCsvPath(period: Pick<BillingOrdersQuery, 'startDate' | 'endDate'>): string {
  const params = new URLSearchParams({ with_credit_spend: 'true' });
  if (period.startDate) params.set('start_date', period.startDate);
  if (period.endDate) params.set('end_date', period.endDate);
  return `/provider/billing/orders.csv?${params.toString()}`;
}
