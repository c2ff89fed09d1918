import {
  everyCaller,
  expectStatus,
  fieldErrors,
  matrixCases,
  platformAdmins,
  providerAdmins,
  providerSide,
  type Credentials,
  type MatrixRoute,
  type Who,
} from '../../../test/support/authorization-matrix';
import { startBillingPlatform, type BillingPlatform } from './support';

const UNKNOWN = '01a20000-0000-7000-8000-000000000000';
/** What needs an onboarded merchant account says without one. */
const MERCHANT_ACCOUNT_FIRST =
  'Connect your Stripe account first: finish its setup from the billing page, then try again.';
/** What needs a Stripe customer says, while the provider has saved no billing information. */
const BILLING_INFO_FIRST = 'Save your billing information first: name, email, address and country.';
const BILLING_FORM_REQUIRED = fieldErrors({
  name: 'Required',
  email: 'Required',
  address: 'Required',
  country: 'Required',
});

/**
 * Every billing route x every role: the exact status and the refusal's words (401 and 403 are the guard's).
 * Demo Media has no billing account yet.
 */
const ROUTES: Array<MatrixRoute<string>> = [
  { method: 'get', path: () => '/provider/billing/plans', expect: providerSide(200) },
  { method: 'get', path: () => '/provider/billing/service_plan_subscription', expect: providerSide(200) },
  { method: 'get', path: () => '/provider/billing/account', expect: providerAdmins(200) },
  {
    method: 'put',
    path: () => '/provider/billing/account',
    body: {},
    expect: providerAdmins(422),
    says: { 422: BILLING_FORM_REQUIRED },
  },
  { method: 'get', path: () => '/provider/billing/account/credit_cards', expect: providerAdmins(200) },
  { method: 'get', path: () => '/provider/billing/immersive_extensions', expect: providerAdmins(200) },
  {
    method: 'get',
    path: () => '/provider/billing/immersive_extensions?page=0',
    expect: providerAdmins(422),
    says: { 422: fieldErrors({ page: 'must be at least 1' }) },
  },
  {
    method: 'delete',
    path: () => '/provider/billing/account/credit_card/pm_123',
    expect: providerAdmins(422),
    says: { 422: BILLING_INFO_FIRST },
  },
  {
    method: 'post',
    path: () => '/provider/billing/set_default_payment_method',
    body: { payment_method_id: 'pm_123' },
    expect: providerAdmins(422),
    says: { 422: BILLING_INFO_FIRST },
  },
  {
    method: 'post',
    path: () => '/provider/billing/create_setup_intent',
    expect: providerAdmins(422),
    says: { 422: BILLING_INFO_FIRST },
  },
  {
    method: 'put',
    path: () => '/provider/billing/service_plan_subscription',
    body: { service_plan_subscription: { product_code: 'starter_plan', interval: 'month' } },
    expect: providerAdmins(422),
    says: { 422: BILLING_INFO_FIRST },
  },
  {
    method: 'post',
    path: () => '/provider/billing/service_plan_subscription/preview_change',
    body: { service_plan_subscription: { product_code: 'starter_plan', interval: 'month' } },
    expect: providerAdmins(200),
  },
  {
    method: 'post',
    path: () => '/provider/billing/service_plan_subscription/cancel_subscription_schedules',
    expect: providerAdmins(422),
    says: { 422: 'There is no scheduled plan change to cancel.' },
  },
  {
    method: 'post',
    path: () => '/provider/billing/service_plan_subscription/pay_now',
    body: {},
    expect: providerAdmins(422),
    says: { 422: BILLING_INFO_FIRST },
  },
  { method: 'get', path: () => '/provider/billing/test_clock', expect: providerAdmins(200) },
  {
    method: 'post',
    path: () => '/provider/billing/advance_test_clock',
    body: { test_clock_id: 'clock_123', time: '2030-01-01T00:00:00Z' },
    expect: providerAdmins(404),
    says: { 404: 'Test clock not found' },
  },
  { method: 'get', path: () => '/provider/billing/account/credit_balance', expect: providerSide(200) },
  {
    method: 'get',
    path: () => '/provider/billing/calculate_credits_price?credits_qty=10',
    expect: providerAdmins(200),
  },
  {
    method: 'get',
    path: () => '/provider/billing/calculate_credits_price',
    expect: providerAdmins(422),
    says: { 422: fieldErrors({ credits_qty: 'Required' }) },
  },
  {
    method: 'post',
    path: () => '/provider/billing/purchase_credits_payment_intent',
    body: { credits_qty: 10 },
    expect: providerAdmins(422),
    says: { 422: BILLING_INFO_FIRST },
  },
  {
    method: 'post',
    path: () => '/provider/billing/purchase_credits_success',
    body: { payment_intent_id: 'pi_123' },
    expect: providerAdmins(404),
    says: { 404: 'Payment not found' },
  },
  { method: 'get', path: () => '/provider/billing/credit_purchases', expect: providerAdmins(200) },
  { method: 'get', path: () => '/provider/billing/invoices.json', expect: providerAdmins(200) },
  {
    method: 'get',
    path: () =>
      '/provider/billing/account/fetch_upcoming_invoice_details.json?subscription_type=service_plan_subscription',
    expect: providerAdmins(200),
  },
  { method: 'get', path: () => '/provider/billing/credit_bundles.json?page=2', expect: providerAdmins(200) },
  {
    method: 'get',
    path: (id) => `/admin/providers/${id}/available_credit_balance`,
    expect: platformAdmins(200),
  },
  { method: 'get', path: (id) => `/admin/providers/${id}/credit_adjustments`, expect: platformAdmins(200) },
  {
    method: 'post',
    path: (id) => `/admin/providers/${id}/credit_adjustments`,
    body: { category: 'promotional', amount: 0 },
    expect: platformAdmins(422),
    says: { 422: fieldErrors({ amount: 'must not be 0' }) },
  },
  {
    method: 'get',
    path: (id) => `/admin/providers/${id}/service_plan_subscription`,
    expect: platformAdmins(200),
  },
  { method: 'get', path: (id) => `/admin/providers/${id}/billing_account`, expect: platformAdmins(200) },
  {
    method: 'patch',
    path: (id) => `/admin/providers/${id}/billing_account`,
    body: { name: '' },
    expect: platformAdmins(422),
    says: { 422: BILLING_FORM_REQUIRED },
  },
  {
    method: 'post',
    path: (id) => `/admin/providers/${id}/billing_account/pricing`,
    body: { pricing: { discount_percent: 10 } },
    expect: platformAdmins(422),
    says: { 422: BILLING_INFO_FIRST },
  },
  {
    method: 'get',
    path: () => `/admin/providers/not-a-uuid/billing_account`,
    expect: platformAdmins(404),
    says: { 404: 'Provider not found' },
  },
  { method: 'get', path: () => '/provider/billing/vouchers', expect: providerAdmins(200) },
  {
    method: 'post',
    path: () => '/provider/billing/vouchers/redeem',
    body: { code: 'NO-SUCH-CODE' },
    expect: providerAdmins(422),
    says: { 422: fieldErrors({ code: 'This voucher code is not valid; check it and try again.' }) },
  },
  { method: 'get', path: () => '/provider/billing/offers/redeemable', expect: providerSide(200) },
  {
    method: 'get',
    path: () => '/provider/billing/customer_portal_link',
    expect: providerAdmins(422),
    says: { 422: BILLING_INFO_FIRST },
  },
  { method: 'get', path: () => '/admin/vouchers', expect: platformAdmins(200) },
  {
    method: 'post',
    path: () => '/admin/vouchers',
    body: {},
    expect: platformAdmins(422),
    says: { 422: fieldErrors({ code: 'Required' }) },
  },
  {
    method: 'get',
    path: () => `/admin/vouchers/${UNKNOWN}`,
    expect: platformAdmins(404),
    says: { 404: 'Voucher not found' },
  },
  {
    method: 'get',
    path: () => `/admin/vouchers/${UNKNOWN}.csv`,
    expect: platformAdmins(404),
    says: { 404: 'Voucher not found' },
  },
  {
    method: 'delete',
    path: () => `/admin/vouchers/${UNKNOWN}`,
    expect: platformAdmins(404),
    says: { 404: 'Voucher not found' },
  },
  { method: 'get', path: () => '/admin/offers', expect: platformAdmins(200) },
  {
    method: 'post',
    path: () => '/admin/offers',
    body: {},
    expect: platformAdmins(422),
    says: {
      422: fieldErrors({ name: 'Required', redeem_action: 'Required', credits: 'Required' }),
    },
  },
  {
    method: 'get',
    path: () => `/admin/offers/${UNKNOWN}`,
    expect: platformAdmins(404),
    says: { 404: 'Offer not found' },
  },
  {
    method: 'delete',
    path: () => `/admin/offers/${UNKNOWN}`,
    expect: platformAdmins(404),
    says: { 404: 'Offer not found' },
  },
  // Hosting fees (issue 32): Demo Media has no merchant account, so what needs one is 409.
  { method: 'get', path: () => '/provider/billing/merchant_account', expect: providerSide(200) },
  {
    method: 'post',
    path: () => '/provider/billing/merchant_account/account_link',
    body: { return_url: 'http://evil.example/x' },
    expect: providerAdmins(422),
    says: { 422: fieldErrors({ return_url: 'must be a page of this site' }) },
  },
  {
    method: 'get',
    path: () => '/provider/billing/merchant_account/tax_rates',
    expect: providerAdmins(409),
    says: { 409: MERCHANT_ACCOUNT_FIRST },
  },
  {
    method: 'post',
    path: () => '/provider/billing/merchant_account/tax_rates',
    body: { display_name: 'GST', percentage: 10, inclusive: false },
    expect: providerAdmins(409),
    says: { 409: MERCHANT_ACCOUNT_FIRST },
  },
  { method: 'get', path: () => '/provider/hosting_fees/customers', expect: providerAdmins(200) },
  {
    method: 'post',
    path: () => '/provider/hosting_fees/customers',
    body: {},
    expect: providerAdmins(422),
    says: { 422: fieldErrors({ name: 'Required', email: 'Required' }) },
  },
  {
    method: 'delete',
    path: () => `/provider/hosting_fees/customers/${UNKNOWN}`,
    expect: providerAdmins(404),
    says: { 404: 'Customer not found' },
  },
  {
    method: 'get',
    path: () => `/provider/hosting_fees/customers/${UNKNOWN}/test_clock`,
    expect: providerAdmins(404),
    says: { 404: 'Customer not found' },
  },
  {
    method: 'post',
    path: () => `/provider/hosting_fees/customers/${UNKNOWN}/advance_test_clock`,
    body: { test_clock_id: 'clock_123', time: '2030-01-01T00:00:00Z' },
    expect: providerAdmins(404),
    says: { 404: 'Customer not found' },
  },
  { method: 'get', path: () => '/provider/hosting_fees/subscriptions', expect: providerAdmins(200) },
  {
    method: 'get',
    path: () => `/provider/hosting_fees/subscriptions/${UNKNOWN}`,
    expect: providerAdmins(404),
    says: { 404: 'Subscription not found' },
  },
  {
    method: 'post',
    path: () => '/provider/hosting_fees/subscriptions',
    body: { customer_id: UNKNOWN, property_ids: [UNKNOWN], interval: 'month', amount: 4900 },
    expect: providerAdmins(409),
    says: { 409: MERCHANT_ACCOUNT_FIRST },
  },
  {
    method: 'post',
    path: () => `/provider/hosting_fees/subscriptions/${UNKNOWN}/cancel`,
    body: {},
    expect: providerAdmins(404),
    says: { 404: 'Subscription not found' },
  },
  { method: 'get', path: () => '/provider/hosting_fees/invoices.json', expect: providerAdmins(200) },
  {
    method: 'post',
    path: () => `/provider/hosting_fees/invoices/${UNKNOWN}/void.json`,
    expect: providerAdmins(404),
    says: { 404: 'Invoice not found' },
  },
  {
    method: 'get',
    path: () => `/provider/hosting_fees/invoices/${UNKNOWN}/download`,
    expect: providerAdmins(404),
    says: { 404: 'Invoice not found' },
  },
  {
    method: 'get',
    path: () => `/provider/hosting_fees/invoices/${UNKNOWN}/payment_link`,
    expect: providerAdmins(404),
    says: { 404: 'Invoice not found' },
  },
  // The client's portal (issue 32): client users only (the one here has no client, so it is refused like everyone else).
  { method: 'get', path: () => '/portal/hosting_fees/invoices', expect: { anonymous: 401, others: 403 } },
  { method: 'get', path: () => '/admin/credit_bundles.json', expect: platformAdmins(200) },
  {
    method: 'post',
    path: () => '/admin/credit_bundles.json',
    body: {},
    expect: platformAdmins(422),
    says: {
      422: fieldErrors({ provider_id: 'Required', credits_qty: 'Required', category: 'Required' }),
    },
  },
  {
    method: 'put',
    path: () => `/admin/providers/${UNKNOWN}/service_plan_subscription`,
    body: { service_plan_subscription: { product_code: 'starter_plan', interval: 'month' } },
    expect: platformAdmins(422),
    says: { 422: BILLING_INFO_FIRST },
  },
];

describe('authorization matrix of billing', () => {
  let it_: BillingPlatform;
  let callers: Map<Who, Credentials | undefined>;
  let demoMedia: string;

  beforeAll(async () => {
    it_ = await startBillingPlatform();
    ({ callers, demoMedia } = await everyCaller(it_));
  });
  afterAll(() => it_.stop());

  it.each(matrixCases<string>(ROUTES, ':id'))('%s as %s -> %i', (_label, who, status, route) =>
    expectStatus(it_.http, callers.get(who), route, demoMedia, status, who),
  );
});
