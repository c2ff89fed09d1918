import type Stripe from 'stripe';
import type { TestCard } from './cards';
import { TEST_CARD_EXPIRY } from './cards';
import { newClientSecret, newId, randomToken } from './ids';

/**
 * Factories for the objects the emulator serves, shaped like API version 2026-10-28 (the types of the
 * stripe SDK): every field the SDK declares, with Stripe's defaults for the ones the emulator does not model.
 */

/** Decimal fields travel as strings on the wire; the SDK turns them into its Decimal type. */
export function decimal(value: number | null): Stripe.Price['unit_amount_decimal'] {
  return (value === null ? null : String(value)) as unknown as Stripe.Price['unit_amount_decimal'];
}

export function list<T>(data: T[], url: string, hasMore = false): Stripe.ApiList<T> {
  return { object: 'list', data, has_more: hasMore, url };
}

export function emptyAddress(): Stripe.Address {
  return { city: null, country: null, line1: null, line2: null, postal_code: null, state: null };
}

export function newCustomer(created: number, testClock: string | null): Stripe.Customer {
  return {
    id: newId('cus'),
    object: 'customer',
    address: null,
    balance: 0,
    created,
    currency: null,
    default_source: null,
    delinquent: false,
    description: null,
    discount: null,
    email: null,
    invoice_prefix: randomToken(8).toUpperCase(),
    invoice_settings: {
      custom_fields: null,
      default_payment_method: null,
      footer: null,
      rendering_options: null,
    },
    livemode: false,
    metadata: {},
    name: null,
    next_invoice_sequence: 1,
    phone: null,
    preferred_locales: [],
    shipping: null,
    tax_exempt: 'none',
    test_clock: testClock,
  };
}

export function newProduct(id: string, name: string, created: number): Stripe.Product {
  return {
    id,
    object: 'product',
    active: true,
    created,
    default_price: null,
    description: null,
    images: [],
    livemode: false,
    marketing_features: [],
    metadata: {},
    name,
    package_dimensions: null,
    shippable: null,
    statement_descriptor: null,
    tax_code: null,
    tax_details: null,
    type: 'service',
    unit_label: null,
    updated: created,
    url: null,
  };
}

export interface PriceFields {
  product: string;
  currency: string;
  unit_amount: number;
  recurring: { interval: Stripe.Price.Recurring.Interval; interval_count: number } | null;
  created: number;
}

export function newPrice(fields: PriceFields): Stripe.Price {
  return {
    id: newId('price'),
    object: 'price',
    active: true,
    billing_scheme: 'per_unit',
    created: fields.created,
    currency: fields.currency,
    custom_unit_amount: null,
    livemode: false,
    lookup_key: null,
    metadata: {},
    nickname: null,
    product: fields.product,
    recurring: fields.recurring
      ? { ...fields.recurring, meter: null, trial_period_days: null, usage_type: 'licensed' }
      : null,
    tax_behavior: 'unspecified',
    tiers_mode: null,
    transform_quantity: null,
    type: fields.recurring ? 'recurring' : 'one_time',
    unit_amount: fields.unit_amount,
    unit_amount_decimal: decimal(fields.unit_amount),
  };
}

/** The legacy `plan` every subscription item still carries, derived from its price. */
export function planOf(price: Stripe.Price): Stripe.Plan {
  return {
    id: price.id,
    object: 'plan',
    active: price.active,
    amount: price.unit_amount,
    amount_decimal: price.unit_amount_decimal,
    billing_scheme: 'per_unit',
    created: price.created,
    currency: price.currency,
    interval: price.recurring?.interval ?? 'month',
    interval_count: price.recurring?.interval_count ?? 1,
    livemode: false,
    metadata: price.metadata,
    meter: null,
    nickname: price.nickname,
    product: price.product,
    tiers_mode: null,
    transform_usage: null,
    trial_period_days: null,
    usage_type: 'licensed',
  };
}

export function newPaymentMethod(
  card: TestCard,
  created: number,
  billingDetails?: Partial<Stripe.PaymentMethod.BillingDetails>,
): Stripe.PaymentMethod {
  return {
    id: newId('pm'),
    object: 'payment_method',
    allow_redisplay: 'unspecified',
    billing_details: {
      address: emptyAddress(),
      email: null,
      name: null,
      phone: null,
      tax_id: null,
      ...billingDetails,
    },
    card: {
      brand: card.brand,
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
      country: card.country,
      display_brand: card.brand === 'amex' ? 'american_express' : card.brand,
      exp_month: TEST_CARD_EXPIRY.exp_month,
      exp_year: TEST_CARD_EXPIRY.exp_year,
      fingerprint: fingerprintOf(card.number),
      funding: card.funding,
      generated_from: null,
      last4: card.number.slice(-4),
      networks: { available: [card.brand], preferred: null },
      regulated_status: 'unregulated',
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
    created,
    customer: null,
    customer_account: null,
    livemode: false,
    metadata: {},
    type: 'card',
  };
}

/** Stable per card number, like Stripe's fingerprint. */
function fingerprintOf(number: string): string {
  let hash = 0;
  for (const char of number) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return `emu${hash.toString(36)}`.padEnd(16, '0').slice(0, 16);
}

export interface IntentFields {
  customer: string | null;
  payment_method: string | null;
  metadata: Record<string, string>;
  description: string | null;
  created: number;
}

export function newSetupIntent(fields: IntentFields & { usage: string }): Stripe.SetupIntent {
  const id = newId('seti');
  return {
    id,
    object: 'setup_intent',
    allowed_payment_method_types: null,
    application: null,
    automatic_payment_methods: null,
    cancellation_reason: null,
    client_secret: newClientSecret(id),
    created: fields.created,
    customer: fields.customer,
    customer_account: null,
    description: fields.description,
    excluded_payment_method_types: null,
    flow_directions: null,
    last_setup_error: null,
    latest_attempt: null,
    livemode: false,
    mandate: null,
    metadata: fields.metadata,
    next_action: null,
    on_behalf_of: null,
    payment_method: fields.payment_method,
    payment_method_configuration_details: null,
    payment_method_options: {
      card: { mandate_options: null, network: null, request_three_d_secure: 'automatic' },
    },
    payment_method_types: ['card'],
    single_use_mandate: null,
    status: fields.payment_method ? 'requires_confirmation' : 'requires_payment_method',
    usage: fields.usage,
  };
}

export function newPaymentIntent(
  fields: IntentFields & {
    amount: number;
    currency: string;
    setup_future_usage: Stripe.PaymentIntent.SetupFutureUsage | null;
  },
): Stripe.PaymentIntent {
  const id = newId('pi');
  return {
    id,
    object: 'payment_intent',
    allowed_payment_method_types: null,
    amount: fields.amount,
    amount_capturable: 0,
    amount_details: { tip: {} },
    amount_received: 0,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: 'automatic',
    client_secret: newClientSecret(id),
    confirmation_method: 'automatic',
    created: fields.created,
    currency: fields.currency,
    customer: fields.customer,
    customer_account: null,
    description: fields.description,
    excluded_payment_method_types: null,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    managed_payments: null,
    metadata: fields.metadata,
    next_action: null,
    on_behalf_of: null,
    payment_method: fields.payment_method,
    payment_method_configuration_details: null,
    payment_method_options: {
      card: {
        installments: null,
        mandate_options: null,
        network: null,
        request_three_d_secure: 'automatic',
      },
    },
    payment_method_types: ['card'],
    payment_record: null,
    processing: null,
    receipt_email: null,
    review: null,
    setup_future_usage: fields.setup_future_usage,
    shipping: null,
    source: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: fields.payment_method ? 'requires_confirmation' : 'requires_payment_method',
    transfer_data: null,
    transfer_group: null,
  };
}

export function newSubscriptionItem(
  subscription: string,
  price: Stripe.Price,
  quantity: number,
  period: { start: number; end: number },
  created: number,
  metadata: Record<string, string> = {},
): Stripe.SubscriptionItem {
  return {
    id: newId('si'),
    object: 'subscription_item',
    billing_thresholds: null,
    created,
    current_period_end: period.end,
    current_period_start: period.start,
    current_trial: null,
    discounts: [],
    metadata,
    plan: planOf(price),
    price,
    quantity,
    subscription,
    tax_rates: [],
  };
}

export interface SubscriptionFields {
  id: string;
  customer: string;
  currency: string;
  created: number;
  testClock: string | null;
  billingCycleAnchor: number;
}

export function newSubscription(fields: SubscriptionFields): Stripe.Subscription {
  return {
    id: fields.id,
    object: 'subscription',
    application: null,
    application_fee_percent: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: fields.billingCycleAnchor,
    billing_cycle_anchor_config: null,
    billing_mode: { flexible: null, type: 'classic' },
    billing_schedules: [],
    billing_thresholds: null,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, feedback_option: null, reason: null },
    collection_method: 'charge_automatically',
    created: fields.created,
    currency: fields.currency,
    customer: fields.customer,
    customer_account: null,
    days_until_due: null,
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    ended_at: null,
    invoice_settings: {
      account_tax_ids: null,
      custom_fields: null,
      description: null,
      footer: null,
      issuer: { type: 'self' },
    },
    items: list([], `/v1/subscription_items?subscription=${fields.id}`),
    latest_invoice: null,
    livemode: false,
    managed_payments: null,
    metadata: {},
    next_pending_invoice_item_invoice: null,
    on_behalf_of: null,
    pause_collection: null,
    payment_settings: {
      payment_method_options: null,
      payment_method_types: null,
      save_default_payment_method: 'off',
    },
    pending_invoice_item_interval: null,
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    start_date: fields.created,
    status: 'incomplete',
    test_clock: fields.testClock,
    transfer_data: null,
    trial_end: null,
    trial_settings: {
      end_behavior: { billing_cycle_anchor: null, missing_payment_method: 'create_invoice' },
    },
    trial_start: null,
  };
}

export interface InvoiceFields {
  id: string;
  customer: Stripe.Customer;
  subscription: string | null;
  billingReason: Stripe.Invoice.BillingReason;
  currency: string;
  created: number;
  periodStart: number;
  periodEnd: number;
  prorationDate?: number;
}

export function newInvoice(fields: InvoiceFields): Stripe.Invoice {
  const { customer } = fields;
  return {
    id: fields.id,
    object: 'invoice',
    account_country: 'US',
    account_name: 'Stripe emulator',
    account_tax_ids: null,
    amount_due: 0,
    amount_overpaid: 0,
    amount_paid: 0,
    amount_remaining: 0,
    amount_shipping: 0,
    application: null,
    attempt_count: 0,
    attempted: false,
    auto_advance: true,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
    automatically_finalizes_at: null,
    billing_reason: fields.billingReason,
    collection_method: 'charge_automatically',
    created: fields.created,
    currency: fields.currency,
    custom_fields: null,
    customer: customer.id,
    customer_account: null,
    customer_address: customer.address ?? null,
    customer_email: customer.email,
    customer_name: customer.name ?? null,
    customer_phone: customer.phone ?? null,
    customer_shipping: null,
    customer_tax_exempt: 'none',
    customer_tax_ids: [],
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    due_date: null,
    effective_at: null,
    ending_balance: null,
    footer: null,
    from_invoice: null,
    hosted_invoice_url: null,
    invoice_pdf: null,
    issuer: { type: 'self' },
    last_finalization_error: null,
    latest_revision: null,
    lines: list([], `/v1/invoices/${fields.id}/lines`),
    livemode: false,
    metadata: {},
    next_payment_attempt: null,
    number: null,
    on_behalf_of: null,
    parent: fields.subscription
      ? {
          type: 'subscription_details',
          quote_details: null,
          subscription_details: {
            metadata: {},
            subscription: fields.subscription,
            ...(fields.prorationDate !== undefined
              ? { subscription_proration_date: fields.prorationDate }
              : {}),
          },
        }
      : null,
    payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
    period_end: fields.periodEnd,
    period_start: fields.periodStart,
    post_payment_credit_notes_amount: 0,
    pre_payment_credit_notes_amount: 0,
    receipt_number: null,
    rendering: null,
    shipping_cost: null,
    shipping_details: null,
    starting_balance: 0,
    statement_descriptor: null,
    status: 'draft',
    status_transitions: { finalized_at: null, marked_uncollectible_at: null, paid_at: null, voided_at: null },
    subtotal: 0,
    subtotal_excluding_tax: 0,
    test_clock: customer.test_clock ? (customer.test_clock as string) : null,
    total: 0,
    total_discount_amounts: [],
    total_excluding_tax: 0,
    total_pretax_credit_amounts: [],
    total_taxes: [],
    webhooks_delivered_at: null,
  };
}

export function newDiscount(fields: {
  coupon: Stripe.Coupon;
  promotionCode: string | null;
  customer: string;
  subscription: string | null;
  start: number;
  end: number | null;
  id?: string;
}): Stripe.Discount {
  return {
    id: fields.id ?? newId('di'),
    object: 'discount',
    checkout_session: null,
    customer: fields.customer,
    customer_account: null,
    end: fields.end,
    invoice: null,
    invoice_item: null,
    promotion_code: fields.promotionCode,
    source: { coupon: fields.coupon.id, type: 'coupon' },
    start: fields.start,
    subscription: fields.subscription,
    subscription_item: null,
  };
}

export function newInvoicePayment(
  invoice: Stripe.Invoice,
  paymentIntent: string,
  created: number,
): Stripe.InvoicePayment {
  return {
    id: newId('inpay'),
    object: 'invoice_payment',
    amount_paid: null,
    amount_requested: invoice.amount_due,
    created,
    currency: invoice.currency,
    invoice: invoice.id,
    is_default: true,
    livemode: false,
    payment: { type: 'payment_intent', payment_intent: paymentIntent },
    status: 'open',
    status_transitions: { canceled_at: null, paid_at: null },
  };
}
