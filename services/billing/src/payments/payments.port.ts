import type Stripe from 'stripe';

/**
 * Billing's payments vendor, as billing uses it: customers and their cards, setup and payment intents, plan
 * subscriptions and their schedules, coupons, invoices, the plan catalogue's products and prices, refunds, the
 * customer portal, test clocks, and the events and webhook endpoints of the account. Feature services ask this
 * port (it is the Nest injection token); the one adapter, `StripePaymentsAdapter`, holds the Stripe client.
 *
 * The values are Stripe's own types: billing reads the objects Stripe answers field by field (the projection of
 * a subscription, an invoice's lines), so a copy of them would only repeat the SDK's declarations. A failed call
 * throws what the SDK throws; `stripe-errors.ts` beside this port reads it (a card problem, Stripe out of reach, a
 * missing object). Writes that must not happen twice take the idempotency key billing chose for them.
 */
export abstract class Payments {
  /** The API version the adapter pins: the shapes billing reads, webhook payloads included. */
  abstract readonly apiVersion: string;

  // Customers and cards

  /** A customer for a provider's billing account (once per provider, under `idempotencyKey`). */
  abstract createCustomer(
    params: Stripe.CustomerCreateParams,
    idempotencyKey: string,
  ): Promise<Stripe.Customer>;
  /** The customer's name, email, address and metadata kept in step with the billing form. */
  abstract updateCustomer(customerId: string, params: Stripe.CustomerUpdateParams): Promise<Stripe.Customer>;
  abstract customer(customerId: string): Promise<Stripe.Customer | Stripe.DeletedCustomer>;
  /** The card renewals charge from now on. */
  abstract setDefaultCard(customerId: string, paymentMethodId: string): Promise<void>;
  /** The customer's cards (at most 100). */
  abstract cards(customerId: string): Promise<Stripe.PaymentMethod[]>;
  abstract paymentMethod(paymentMethodId: string): Promise<Stripe.PaymentMethod>;
  abstract detachPaymentMethod(paymentMethodId: string): Promise<void>;
  /** Starts saving a card: the page confirms the intent's client secret with Stripe.js. */
  abstract createSetupIntent(params: Stripe.SetupIntentCreateParams): Promise<Stripe.SetupIntent>;

  // Payment intents and refunds (credit purchases, the payment of a subscription's invoice)

  abstract createPaymentIntent(
    params: Stripe.PaymentIntentCreateParams,
    idempotencyKey: string,
  ): Promise<Stripe.PaymentIntent>;
  abstract paymentIntent(paymentIntentId: string): Promise<Stripe.PaymentIntent>;
  abstract cancelPaymentIntent(paymentIntentId: string): Promise<Stripe.PaymentIntent>;
  /** A refund with its payment intent expanded. */
  abstract refund(refundId: string): Promise<Stripe.Refund>;

  // Subscriptions and schedules

  abstract createSubscription(
    params: Stripe.SubscriptionCreateParams,
    idempotencyKey?: string,
  ): Promise<Stripe.Subscription>;
  abstract subscription(
    subscriptionId: string,
    params?: Stripe.SubscriptionRetrieveParams,
  ): Promise<Stripe.Subscription>;
  /** Items with proration, discounts, the card charged, cancel at the period end: what `params` says. */
  abstract updateSubscription(
    subscriptionId: string,
    params: Stripe.SubscriptionUpdateParams,
  ): Promise<Stripe.Subscription>;
  abstract cancelSubscription(subscriptionId: string): Promise<Stripe.Subscription>;
  /** The subscriptions `params` selects (one page, at most `params.limit`); on a connected `account` if given. */
  abstract subscriptions(
    params: Stripe.SubscriptionListParams,
    account?: string,
  ): Promise<Stripe.Subscription[]>;
  abstract createSchedule(
    params: Stripe.SubscriptionScheduleCreateParams,
  ): Promise<Stripe.SubscriptionSchedule>;
  abstract schedule(scheduleId: string): Promise<Stripe.SubscriptionSchedule>;
  abstract updateSchedule(
    scheduleId: string,
    params: Stripe.SubscriptionScheduleUpdateParams,
  ): Promise<Stripe.SubscriptionSchedule>;
  /** Ends the schedule and leaves the subscription as it runs now. */
  abstract releaseSchedule(scheduleId: string): Promise<Stripe.SubscriptionSchedule>;

  // Coupons

  abstract coupon(couponId: string): Promise<Stripe.Coupon>;
  abstract createCoupon(params: Stripe.CouponCreateParams, idempotencyKey: string): Promise<Stripe.Coupon>;
  /** The active promotion codes with that code (at most one). */
  abstract activePromotionCodes(code: string): Promise<Stripe.PromotionCode[]>;

  // Invoices

  /** The customer's invoices, newest first, at most `max`. */
  abstract invoices(customerId: string, max: number): Promise<Stripe.Invoice[]>;
  /** The subscription's open invoice, if it has one. */
  abstract openInvoice(subscriptionId: string): Promise<Stripe.Invoice | undefined>;
  /** The invoice a change (or the next renewal) would make (`isNothingToInvoice`: there is none). */
  abstract previewInvoice(params: Stripe.InvoiceCreatePreviewParams): Promise<Stripe.Invoice>;
  /**
   * Pays an open invoice with the card, on session: null when paid, the payment's client secret when the card asks
   * for 3-D Secure.
   */
  abstract payInvoice(invoiceId: string, paymentMethodId: string): Promise<string | null>;

  // The plan catalogue

  abstract product(productId: string): Promise<Stripe.Product>;
  abstract createProduct(params: Stripe.ProductCreateParams, idempotencyKey: string): Promise<Stripe.Product>;
  abstract updateProduct(
    productId: string,
    params: Stripe.ProductUpdateParams,
    idempotencyKey: string,
  ): Promise<Stripe.Product>;
  /** The product's active prices (at most 100). */
  abstract activePrices(productId: string): Promise<Stripe.Price[]>;
  abstract price(priceId: string): Promise<Stripe.Price>;
  abstract createPrice(params: Stripe.PriceCreateParams, idempotencyKey: string): Promise<Stripe.Price>;

  // The customer portal

  /** A customer portal session; its `url` is where the person goes. */
  abstract createPortalSession(
    params: Stripe.BillingPortal.SessionCreateParams,
  ): Promise<Stripe.BillingPortal.Session>;

  // Test clocks (test mode only)

  // Test clocks: on the platform's account, or on a connected `account` (its hosting-fee customers').
  abstract createTestClock(
    params: Stripe.TestHelpers.TestClockCreateParams,
    idempotencyKey: string,
    account?: string,
  ): Promise<Stripe.TestHelpers.TestClock>;
  abstract testClock(testClockId: string, account?: string): Promise<Stripe.TestHelpers.TestClock>;
  /** Starts moving the clock to `frozenTime` (seconds); Stripe works on it meanwhile. */
  abstract advanceTestClock(
    testClockId: string,
    frozenTime: number,
    account?: string,
  ): Promise<Stripe.TestHelpers.TestClock>;

  // Stripe Connect: the provider's own (Standard) account, and what is made on it for the provider's clients. Every
  // call below but the account's creation and its links is made ON the connected account (`account`: its acct_ id,
  // the Stripe-Account header), never on the platform's.

  abstract createAccount(params: Stripe.AccountCreateParams, idempotencyKey: string): Promise<Stripe.Account>;
  abstract account(accountId: string): Promise<Stripe.Account>;
  /** A link to Stripe's onboarding of the account; its `url` lives minutes. */
  abstract createAccountLink(params: Stripe.AccountLinkCreateParams): Promise<Stripe.AccountLink>;
  /** One page of the account's tax rates, by Stripe's cursor. */
  abstract taxRates(
    account: string,
    params: Stripe.TaxRateListParams,
  ): Promise<Stripe.ApiList<Stripe.TaxRate>>;
  abstract taxRate(account: string, taxRateId: string): Promise<Stripe.TaxRate>;
  abstract createTaxRate(account: string, params: Stripe.TaxRateCreateParams): Promise<Stripe.TaxRate>;
  abstract createConnectedCustomer(
    account: string,
    params: Stripe.CustomerCreateParams,
    idempotencyKey: string,
  ): Promise<Stripe.Customer>;
  abstract deleteConnectedCustomer(account: string, customerId: string): Promise<void>;
  abstract createConnectedProduct(
    account: string,
    params: Stripe.ProductCreateParams,
    idempotencyKey: string,
  ): Promise<Stripe.Product>;
  abstract createConnectedPrice(
    account: string,
    params: Stripe.PriceCreateParams,
    idempotencyKey: string,
  ): Promise<Stripe.Price>;
  abstract createConnectedSubscription(
    account: string,
    params: Stripe.SubscriptionCreateParams,
    idempotencyKey: string,
  ): Promise<Stripe.Subscription>;
  abstract connectedSubscription(account: string, subscriptionId: string): Promise<Stripe.Subscription>;
  abstract updateConnectedSubscription(
    account: string,
    subscriptionId: string,
    params: Stripe.SubscriptionUpdateParams,
  ): Promise<Stripe.Subscription>;
  abstract cancelConnectedSubscription(account: string, subscriptionId: string): Promise<Stripe.Subscription>;
  abstract connectedInvoice(account: string, invoiceId: string): Promise<Stripe.Invoice>;
  /** Finalizes a draft invoice now (open, with its hosted page), rather than in an hour as Stripe would. */
  abstract finalizeConnectedInvoice(account: string, invoiceId: string): Promise<Stripe.Invoice>;
  abstract voidConnectedInvoice(account: string, invoiceId: string): Promise<Stripe.Invoice>;

  // Events and webhooks

  /** The account's events created at or after `createdFrom` (seconds), read `pageSize` a call. */
  abstract eventsSince(createdFrom: number, pageSize: number): AsyncIterable<Stripe.Event>;
  /** A connected account's events created at or after `createdFrom` (seconds), each naming the `account`. */
  abstract connectedEventsSince(
    account: string,
    createdFrom: number,
    pageSize: number,
  ): AsyncIterable<Stripe.Event>;
  /** The account's webhook endpoints. */
  abstract webhookEndpoints(): AsyncIterable<Stripe.WebhookEndpoint>;
  /**
   * The event a webhook delivery carries, once its signature checks out against `secret`; throws otherwise
   * (`isSignatureInvalid` tells a bad signature from a body that is no JSON).
   */
  abstract constructEvent(rawBody: string, signature: string, secret: string): unknown;
}
