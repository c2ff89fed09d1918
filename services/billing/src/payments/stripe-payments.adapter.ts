import { Inject, Injectable } from '@nestjs/common';
import Stripe from 'stripe';
import { CONFIG } from '@tourly/platform';
import type { BillingConfig } from '../config';
import { Payments } from './payments.port';

/** One Stripe client: Stripe itself, or the API at STRIPE_API_URL (the emulator) with the same SDK. */
export function createStripe(config: BillingConfig): Stripe {
  const target = config.STRIPE_API_URL ? new URL(config.STRIPE_API_URL) : undefined;
  return new Stripe(config.STRIPE_SECRET_KEY, {
    // The SDK retries connection errors and 409/429/5xx, each write under its idempotency key.
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'tourly-billing' },
    ...(target && {
      protocol: target.protocol.replace(':', '') as 'http' | 'https',
      host: target.hostname,
      port: Number(target.port || (target.protocol === 'https:' ? 443 : 80)),
    }),
  });
}

/** The payments port on the `stripe` SDK: the only holder of the Stripe client. */
@Injectable()
export class StripePaymentsAdapter extends Payments {
  /** The API version the `stripe` SDK pins. */
  readonly apiVersion: string = Stripe.API_VERSION;
  private readonly stripe: Stripe;

  constructor(@Inject(CONFIG) config: BillingConfig) {
    super();
    this.stripe = createStripe(config);
  }

  createCustomer(params: Stripe.CustomerCreateParams, idempotencyKey: string): Promise<Stripe.Customer> {
    return this.stripe.customers.create(params, { idempotencyKey });
  }

  updateCustomer(customerId: string, params: Stripe.CustomerUpdateParams): Promise<Stripe.Customer> {
    return this.stripe.customers.update(customerId, params);
  }

  customer(customerId: string): Promise<Stripe.Customer | Stripe.DeletedCustomer> {
    return this.stripe.customers.retrieve(customerId);
  }

  async setDefaultCard(customerId: string, paymentMethodId: string): Promise<void> {
    await this.stripe.customers.update(customerId, {
      invoice_settings: { default_payment_method: paymentMethodId },
    });
  }

  async cards(customerId: string): Promise<Stripe.PaymentMethod[]> {
    return (await this.stripe.customers.listPaymentMethods(customerId, { type: 'card', limit: 100 })).data;
  }

  paymentMethod(paymentMethodId: string): Promise<Stripe.PaymentMethod> {
    return this.stripe.paymentMethods.retrieve(paymentMethodId);
  }

  async detachPaymentMethod(paymentMethodId: string): Promise<void> {
    await this.stripe.paymentMethods.detach(paymentMethodId);
  }

  createSetupIntent(params: Stripe.SetupIntentCreateParams): Promise<Stripe.SetupIntent> {
    return this.stripe.setupIntents.create(params);
  }

  createPaymentIntent(
    params: Stripe.PaymentIntentCreateParams,
    idempotencyKey: string,
  ): Promise<Stripe.PaymentIntent> {
    return this.stripe.paymentIntents.create(params, { idempotencyKey });
  }

  paymentIntent(paymentIntentId: string): Promise<Stripe.PaymentIntent> {
    return this.stripe.paymentIntents.retrieve(paymentIntentId);
  }

  cancelPaymentIntent(paymentIntentId: string): Promise<Stripe.PaymentIntent> {
    return this.stripe.paymentIntents.cancel(paymentIntentId);
  }

  refund(refundId: string): Promise<Stripe.Refund> {
    return this.stripe.refunds.retrieve(refundId, { expand: ['payment_intent'] });
  }

  createSubscription(
    params: Stripe.SubscriptionCreateParams,
    idempotencyKey?: string,
  ): Promise<Stripe.Subscription> {
    return idempotencyKey
      ? this.stripe.subscriptions.create(params, { idempotencyKey })
      : this.stripe.subscriptions.create(params);
  }

  subscription(
    subscriptionId: string,
    params?: Stripe.SubscriptionRetrieveParams,
  ): Promise<Stripe.Subscription> {
    return params
      ? this.stripe.subscriptions.retrieve(subscriptionId, params)
      : this.stripe.subscriptions.retrieve(subscriptionId);
  }

  updateSubscription(
    subscriptionId: string,
    params: Stripe.SubscriptionUpdateParams,
  ): Promise<Stripe.Subscription> {
    return this.stripe.subscriptions.update(subscriptionId, params);
  }

  cancelSubscription(subscriptionId: string): Promise<Stripe.Subscription> {
    return this.stripe.subscriptions.cancel(subscriptionId);
  }

  async subscriptions(
    params: Stripe.SubscriptionListParams,
    account?: string,
  ): Promise<Stripe.Subscription[]> {
    return (await this.stripe.subscriptions.list(params, onAccount(account))).data;
  }

  createSchedule(params: Stripe.SubscriptionScheduleCreateParams): Promise<Stripe.SubscriptionSchedule> {
    return this.stripe.subscriptionSchedules.create(params);
  }

  schedule(scheduleId: string): Promise<Stripe.SubscriptionSchedule> {
    return this.stripe.subscriptionSchedules.retrieve(scheduleId);
  }

  updateSchedule(
    scheduleId: string,
    params: Stripe.SubscriptionScheduleUpdateParams,
  ): Promise<Stripe.SubscriptionSchedule> {
    return this.stripe.subscriptionSchedules.update(scheduleId, params);
  }

  releaseSchedule(scheduleId: string): Promise<Stripe.SubscriptionSchedule> {
    return this.stripe.subscriptionSchedules.release(scheduleId);
  }

  coupon(couponId: string): Promise<Stripe.Coupon> {
    return this.stripe.coupons.retrieve(couponId);
  }

  createCoupon(params: Stripe.CouponCreateParams, idempotencyKey: string): Promise<Stripe.Coupon> {
    return this.stripe.coupons.create(params, { idempotencyKey });
  }

  async activePromotionCodes(code: string): Promise<Stripe.PromotionCode[]> {
    return (await this.stripe.promotionCodes.list({ code, active: true, limit: 1 })).data;
  }

  invoices(customerId: string, max: number): Promise<Stripe.Invoice[]> {
    // Stripe lists at most 100 a call and pages by cursor.
    return this.stripe.invoices.list({ customer: customerId, limit: 100 }).autoPagingToArray({ limit: max });
  }

  async openInvoice(subscriptionId: string): Promise<Stripe.Invoice | undefined> {
    const [invoice] = (
      await this.stripe.invoices.list({ subscription: subscriptionId, status: 'open', limit: 1 })
    ).data;
    return invoice;
  }

  previewInvoice(params: Stripe.InvoiceCreatePreviewParams): Promise<Stripe.Invoice> {
    return this.stripe.invoices.createPreview(params);
  }

  async payInvoice(invoiceId: string, paymentMethodId: string): Promise<string | null> {
    try {
      await this.stripe.invoices.pay(invoiceId, { payment_method: paymentMethodId, off_session: false });
      return null;
    } catch (error) {
      if (
        error instanceof Stripe.errors.StripeCardError &&
        error.code === 'invoice_payment_intent_requires_action'
      ) {
        const intent = error.payment_intent;
        if (intent?.client_secret) return intent.client_secret;
      }
      throw error;
    }
  }

  product(productId: string): Promise<Stripe.Product> {
    return this.stripe.products.retrieve(productId);
  }

  createProduct(params: Stripe.ProductCreateParams, idempotencyKey: string): Promise<Stripe.Product> {
    return this.stripe.products.create(params, { idempotencyKey });
  }

  updateProduct(
    productId: string,
    params: Stripe.ProductUpdateParams,
    idempotencyKey: string,
  ): Promise<Stripe.Product> {
    return this.stripe.products.update(productId, params, { idempotencyKey });
  }

  async activePrices(productId: string): Promise<Stripe.Price[]> {
    return (await this.stripe.prices.list({ product: productId, active: true, limit: 100 })).data;
  }

  price(priceId: string): Promise<Stripe.Price> {
    return this.stripe.prices.retrieve(priceId);
  }

  createPrice(params: Stripe.PriceCreateParams, idempotencyKey: string): Promise<Stripe.Price> {
    return this.stripe.prices.create(params, { idempotencyKey });
  }

  createPortalSession(
    params: Stripe.BillingPortal.SessionCreateParams,
  ): Promise<Stripe.BillingPortal.Session> {
    return this.stripe.billingPortal.sessions.create(params);
  }

  createTestClock(
    params: Stripe.TestHelpers.TestClockCreateParams,
    idempotencyKey: string,
    account?: string,
  ): Promise<Stripe.TestHelpers.TestClock> {
    return this.stripe.testHelpers.testClocks.create(params, { idempotencyKey, ...onAccount(account) });
  }

  testClock(testClockId: string, account?: string): Promise<Stripe.TestHelpers.TestClock> {
    return this.stripe.testHelpers.testClocks.retrieve(testClockId, {}, onAccount(account));
  }

  advanceTestClock(
    testClockId: string,
    frozenTime: number,
    account?: string,
  ): Promise<Stripe.TestHelpers.TestClock> {
    return this.stripe.testHelpers.testClocks.advance(
      testClockId,
      { frozen_time: frozenTime },
      onAccount(account),
    );
  }

  createAccount(params: Stripe.AccountCreateParams, idempotencyKey: string): Promise<Stripe.Account> {
    return this.stripe.accounts.create(params, { idempotencyKey });
  }

  account(accountId: string): Promise<Stripe.Account> {
    return this.stripe.accounts.retrieve(accountId);
  }

  createAccountLink(params: Stripe.AccountLinkCreateParams): Promise<Stripe.AccountLink> {
    return this.stripe.accountLinks.create(params);
  }

  taxRates(account: string, params: Stripe.TaxRateListParams): Promise<Stripe.ApiList<Stripe.TaxRate>> {
    return this.stripe.taxRates.list(params, { stripeAccount: account });
  }

  taxRate(account: string, taxRateId: string): Promise<Stripe.TaxRate> {
    return this.stripe.taxRates.retrieve(taxRateId, {}, { stripeAccount: account });
  }

  createTaxRate(account: string, params: Stripe.TaxRateCreateParams): Promise<Stripe.TaxRate> {
    return this.stripe.taxRates.create(params, { stripeAccount: account });
  }

  createConnectedCustomer(
    account: string,
    params: Stripe.CustomerCreateParams,
    idempotencyKey: string,
  ): Promise<Stripe.Customer> {
    return this.stripe.customers.create(params, { stripeAccount: account, idempotencyKey });
  }

  async deleteConnectedCustomer(account: string, customerId: string): Promise<void> {
    await this.stripe.customers.del(customerId, {}, { stripeAccount: account });
  }

  createConnectedProduct(
    account: string,
    params: Stripe.ProductCreateParams,
    idempotencyKey: string,
  ): Promise<Stripe.Product> {
    return this.stripe.products.create(params, { stripeAccount: account, idempotencyKey });
  }

  createConnectedPrice(
    account: string,
    params: Stripe.PriceCreateParams,
    idempotencyKey: string,
  ): Promise<Stripe.Price> {
    return this.stripe.prices.create(params, { stripeAccount: account, idempotencyKey });
  }

  createConnectedSubscription(
    account: string,
    params: Stripe.SubscriptionCreateParams,
    idempotencyKey: string,
  ): Promise<Stripe.Subscription> {
    return this.stripe.subscriptions.create(params, { stripeAccount: account, idempotencyKey });
  }

  connectedSubscription(account: string, subscriptionId: string): Promise<Stripe.Subscription> {
    return this.stripe.subscriptions.retrieve(subscriptionId, {}, { stripeAccount: account });
  }

  updateConnectedSubscription(
    account: string,
    subscriptionId: string,
    params: Stripe.SubscriptionUpdateParams,
  ): Promise<Stripe.Subscription> {
    return this.stripe.subscriptions.update(subscriptionId, params, { stripeAccount: account });
  }

  cancelConnectedSubscription(account: string, subscriptionId: string): Promise<Stripe.Subscription> {
    return this.stripe.subscriptions.cancel(subscriptionId, {}, { stripeAccount: account });
  }

  connectedInvoice(account: string, invoiceId: string): Promise<Stripe.Invoice> {
    return this.stripe.invoices.retrieve(invoiceId, {}, { stripeAccount: account });
  }

  finalizeConnectedInvoice(account: string, invoiceId: string): Promise<Stripe.Invoice> {
    return this.stripe.invoices.finalizeInvoice(invoiceId, {}, { stripeAccount: account });
  }

  voidConnectedInvoice(account: string, invoiceId: string): Promise<Stripe.Invoice> {
    return this.stripe.invoices.voidInvoice(invoiceId, {}, { stripeAccount: account });
  }

  eventsSince(createdFrom: number, pageSize: number): AsyncIterable<Stripe.Event> {
    return this.stripe.events.list({ created: { gte: createdFrom }, limit: pageSize });
  }

  connectedEventsSince(account: string, createdFrom: number, pageSize: number): AsyncIterable<Stripe.Event> {
    return this.stripe.events.list(
      { created: { gte: createdFrom }, limit: pageSize },
      { stripeAccount: account },
    );
  }

  webhookEndpoints(): AsyncIterable<Stripe.WebhookEndpoint> {
    return this.stripe.webhookEndpoints.list({ limit: 100 });
  }

  constructEvent(rawBody: string, signature: string, secret: string): unknown {
    return this.stripe.webhooks.constructEvent(rawBody, signature, secret);
  }
}

/** The request options that make a call on a connected account (`Stripe-Account`); none for the platform's. */
function onAccount(account: string | undefined): Stripe.RequestOptions {
  return account ? { stripeAccount: account } : {};
}
