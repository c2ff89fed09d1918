// Writes src/vendors/stripe/params.generated.json: for every route the Stripe emulator serves, the request
// parameters the `stripe` SDK's types declare for it (the pinned API version), so the emulator refuses any
// other parameter as Stripe does (`parameter_unknown`). Run after upgrading the SDK:
//   node infra/emulators/scripts/stripe-params.js
// The emulators' test suite fails while the file is not what this script writes.
const fs = require('node:fs');
const path = require('node:path');
const { loadStripeTypes, toJson, SDK_VERSION } = require('./stripe-types');

const OUTPUT = path.join(__dirname, '..', 'src', 'vendors', 'stripe', 'params.generated.json');

/** Route ("METHOD /path" as the emulator declares it) -> [SDK declaration file, params interface]. */
const ROUTES = {
  'POST /products': ['Products', 'ProductCreateParams'],
  'GET /products/:id': ['Products', 'ProductRetrieveParams'],
  'POST /products/:id': ['Products', 'ProductUpdateParams'],
  'POST /prices': ['Prices', 'PriceCreateParams'],
  'GET /prices/:id': ['Prices', 'PriceRetrieveParams'],
  'GET /prices': ['Prices', 'PriceListParams'],
  'POST /coupons': ['Coupons', 'CouponCreateParams'],
  'GET /coupons/:id': ['Coupons', 'CouponRetrieveParams'],
  'POST /promotion_codes': ['PromotionCodes', 'PromotionCodeCreateParams'],
  'GET /promotion_codes': ['PromotionCodes', 'PromotionCodeListParams'],
  'POST /customers': ['Customers', 'CustomerCreateParams'],
  'GET /customers/:id': ['Customers', 'CustomerRetrieveParams'],
  'POST /customers/:id': ['Customers', 'CustomerUpdateParams'],
  'DELETE /customers/:id': ['Customers', 'CustomerDeleteParams'],
  'GET /customers': ['Customers', 'CustomerListParams'],
  'GET /customers/:id/payment_methods': ['Customers', 'CustomerListPaymentMethodsParams'],
  'POST /payment_methods': ['PaymentMethods', 'PaymentMethodCreateParams'],
  'GET /payment_methods/:id': ['PaymentMethods', 'PaymentMethodRetrieveParams'],
  'POST /payment_methods/:id/attach': ['PaymentMethods', 'PaymentMethodAttachParams'],
  'POST /payment_methods/:id/detach': ['PaymentMethods', 'PaymentMethodDetachParams'],
  'POST /payment_intents': ['PaymentIntents', 'PaymentIntentCreateParams'],
  'GET /payment_intents/:id': ['PaymentIntents', 'PaymentIntentRetrieveParams'],
  'POST /payment_intents/:id/confirm': ['PaymentIntents', 'PaymentIntentConfirmParams'],
  'POST /payment_intents/:id/cancel': ['PaymentIntents', 'PaymentIntentCancelParams'],
  'POST /setup_intents': ['SetupIntents', 'SetupIntentCreateParams'],
  'GET /setup_intents/:id': ['SetupIntents', 'SetupIntentRetrieveParams'],
  'POST /setup_intents/:id/confirm': ['SetupIntents', 'SetupIntentConfirmParams'],
  'POST /subscriptions': ['Subscriptions', 'SubscriptionCreateParams'],
  'GET /subscriptions/:id': ['Subscriptions', 'SubscriptionRetrieveParams'],
  'POST /subscriptions/:id': ['Subscriptions', 'SubscriptionUpdateParams'],
  'DELETE /subscriptions/:id': ['Subscriptions', 'SubscriptionCancelParams'],
  'GET /subscriptions': ['Subscriptions', 'SubscriptionListParams'],
  'POST /subscription_schedules': ['SubscriptionSchedules', 'SubscriptionScheduleCreateParams'],
  'GET /subscription_schedules/:id': ['SubscriptionSchedules', 'SubscriptionScheduleRetrieveParams'],
  'POST /subscription_schedules/:id': ['SubscriptionSchedules', 'SubscriptionScheduleUpdateParams'],
  'POST /subscription_schedules/:id/release': ['SubscriptionSchedules', 'SubscriptionScheduleReleaseParams'],
  'POST /invoices/create_preview': ['Invoices', 'InvoiceCreatePreviewParams'],
  'GET /invoices/:id': ['Invoices', 'InvoiceRetrieveParams'],
  'GET /invoices': ['Invoices', 'InvoiceListParams'],
  'POST /invoices/:id/pay': ['Invoices', 'InvoicePayParams'],
  'POST /invoices/:id/void': ['Invoices', 'InvoiceVoidInvoiceParams'],
  'POST /tax_rates': ['TaxRates', 'TaxRateCreateParams'],
  'GET /tax_rates': ['TaxRates', 'TaxRateListParams'],
  'GET /tax_rates/:id': ['TaxRates', 'TaxRateRetrieveParams'],
  'POST /tax_rates/:id': ['TaxRates', 'TaxRateUpdateParams'],
  'POST /accounts': ['Accounts', 'AccountCreateParams'],
  'GET /accounts/:id': ['Accounts', 'AccountRetrieveParams'],
  'POST /accounts/:id': ['Accounts', 'AccountUpdateParams'],
  'POST /account_links': ['AccountLinks', 'AccountLinkCreateParams'],
  'GET /application_fees': ['ApplicationFees', 'ApplicationFeeListParams'],
  'GET /application_fees/:id': ['ApplicationFees', 'ApplicationFeeRetrieveParams'],
  'POST /refunds': ['Refunds', 'RefundCreateParams'],
  'GET /refunds/:id': ['Refunds', 'RefundRetrieveParams'],
  'GET /refunds': ['Refunds', 'RefundListParams'],
  'POST /billing_portal/sessions': ['BillingPortal/Sessions', 'SessionCreateParams'],
  'GET /events': ['Events', 'EventListParams'],
  'GET /events/:id': ['Events', 'EventRetrieveParams'],
  'POST /webhook_endpoints': ['WebhookEndpoints', 'WebhookEndpointCreateParams'],
  'GET /webhook_endpoints': ['WebhookEndpoints', 'WebhookEndpointListParams'],
  'POST /test_helpers/test_clocks': ['TestHelpers/TestClocks', 'TestClockCreateParams'],
  'GET /test_helpers/test_clocks/:id': ['TestHelpers/TestClocks', 'TestClockRetrieveParams'],
  'DELETE /test_helpers/test_clocks/:id': ['TestHelpers/TestClocks', 'TestClockDeleteParams'],
  'POST /test_helpers/test_clocks/:id/advance': ['TestHelpers/TestClocks', 'TestClockAdvanceParams'],
};

/** What the file holds: the SDK's version and each route's declared parameters. */
function generate() {
  const types = loadStripeTypes();
  const routes = {};
  for (const [route, [file, name]] of Object.entries(ROUTES)) {
    routes[route] = { type: name, params: toJson(types.shape(file, name)).o ?? {} };
  }
  return { sdk: SDK_VERSION, routes };
}

/** The file's text, formatted as the repository's Prettier formats JSON. */
async function write() {
  const prettier = require('prettier');
  const options = (await prettier.resolveConfig(OUTPUT)) ?? {};
  fs.writeFileSync(OUTPUT, await prettier.format(JSON.stringify(generate()), { ...options, parser: 'json' }));
  console.log(`wrote ${path.relative(process.cwd(), OUTPUT)}`);
}

module.exports = { generate, OUTPUT, ROUTES };

if (require.main === module) void write();
