import type Stripe from 'stripe';
import { invalidRequest, StripeApiError, unexpectedState } from '../errors';
import type { EventLog } from '../events';
import { newId, randomToken } from '../ids';
import { decimal, list, newInvoice, newInvoicePayment } from '../objects';
import { Params } from '../params';
import { cardError, type Payments, type PaymentMode } from '../payments';
import type { InvoiceMeta, LineSpec, StripeStore } from '../store';
import { DAY } from '../time';
import type { Discounts } from './discounts';
import { INVOICE_PAGES } from './invoice-pages';

export interface DunningOptions {
  /** Automatic retries of a failed renewal, in days after the first failed attempt. */
  retryDays: number[];
  /** The subscription's status once the last retry failed, like Stripe's "Manage failed payments" setting. */
  afterFinalRetry: 'unpaid' | 'canceled' | 'past_due';
}

export const DEFAULT_DUNNING: DunningOptions = { retryDays: [3, 5, 7], afterFinalRetry: 'unpaid' };

export interface InvoiceDraft {
  customer: Stripe.Customer;
  subscription: string | null;
  billingReason: Stripe.Invoice.BillingReason;
  lines: LineSpec[];
  discounts: Stripe.Discount[];
  at: number;
  periodStart: number;
  periodEnd: number;
  prorationDate?: number;
  /** A preview (`invoices.createPreview`): temporary ids, nothing stored. */
  preview?: boolean;
  id?: string;
}

export interface InvoiceHooks {
  paid(invoice: Stripe.Invoice): void;
  paymentFailed(invoice: Stripe.Invoice, exhausted: boolean): void;
  /** A send_invoice invoice's due date passed while it was open. */
  overdue(invoice: Stripe.Invoice): void;
  /** An open invoice was closed without payment (voided): it no longer keeps its subscription behind. */
  voided(invoice: Stripe.Invoice): void;
}

const REQUIRES_ACTION_MESSAGE =
  'This payment requires additional user action before it can be completed successfully. Payment can be ' +
  'completed using the PaymentIntent associated with the invoice. For more details see: ' +
  'https://stripe.com/docs/billing/subscriptions/overview#requires-action';

/** Invoices: built from lines, finalized (number, customer balance, PaymentIntent), collected, retried. */
export class Invoices {
  hooks: InvoiceHooks = {
    paid: () => undefined,
    paymentFailed: () => undefined,
    overdue: () => undefined,
    voided: () => undefined,
  };
  /** Told of every paid invoice (a connected account's: the platform's application fee). */
  onPaid: (invoice: Stripe.Invoice) => void = () => undefined;
  private retrying: string | null = null;

  constructor(
    private readonly store: StripeStore,
    private readonly events: EventLog,
    private readonly payments: Payments,
    private readonly discounts: Discounts,
    private readonly dunning: DunningOptions,
  ) {
    payments.onInvoiceIntentChanged = (intent) => this.onIntentChanged(intent);
  }

  build(draft: InvoiceDraft): Stripe.Invoice {
    const id = draft.id ?? (draft.preview ? `upcoming_in_${randomToken(24)}` : newId('in'));
    const currency = draft.lines[0]?.price.currency ?? draft.customer.currency ?? 'usd';
    const invoice = newInvoice({
      id,
      customer: draft.customer,
      subscription: draft.subscription,
      billingReason: draft.billingReason,
      currency,
      created: draft.at,
      periodStart: draft.periodStart,
      periodEnd: draft.periodEnd,
      ...(draft.prorationDate !== undefined ? { prorationDate: draft.prorationDate } : {}),
    });
    const applicable = draft.discounts.filter((discount) => this.discounts.applies(discount, draft.at));
    const amounts = this.discounts.amounts(
      draft.lines.map((line) => line.amount),
      applicable,
    );
    const subscription = draft.subscription ? this.store.subscriptions.get(draft.subscription) : undefined;
    invoice.lines = list(
      draft.lines.map((line, index) => {
        const item = lineItem(
          line,
          id,
          draft.preview ? `il_tmp_${randomToken(24)}` : newId('il'),
          amounts[index]!,
        );
        const discounted = line.amount - amounts[index]!.reduce((sum, { amount }) => sum + amount, 0);
        item.taxes = lineTaxes(discounted, taxRatesOf(subscription, line.subscriptionItem));
        return item;
      }),
      `/v1/invoices/${id}/lines`,
    );
    invoice.default_tax_rates = structuredClone(subscription?.default_tax_rates ?? []);
    const subtotal = draft.lines.reduce((sum, line) => sum + line.amount, 0);
    const byDiscount = new Map<string, number>();
    for (const lineAmounts of amounts) {
      for (const { amount, discount } of lineAmounts)
        byDiscount.set(discount, (byDiscount.get(discount) ?? 0) + amount);
    }
    const discountTotal = [...byDiscount.values()].reduce((sum, amount) => sum + amount, 0);
    invoice.discounts = applicable.map((discount) => discount.id);
    invoice.total_discount_amounts = [...byDiscount].map(([discount, amount]) => ({ amount, discount }));
    invoice.total_pretax_credit_amounts = [...byDiscount].map(([discount, amount]) => ({
      amount,
      discount,
      type: 'discount',
    }));
    const taxes = invoice.lines.data.flatMap((line) => line.taxes ?? []);
    const inclusiveTax = taxes
      .filter((t) => t.tax_behavior === 'inclusive')
      .reduce((sum, t) => sum + t.amount, 0);
    const exclusiveTax = taxes
      .filter((t) => t.tax_behavior === 'exclusive')
      .reduce((sum, t) => sum + t.amount, 0);
    invoice.total_taxes = totalTaxes(taxes);
    invoice.subtotal = subtotal;
    invoice.subtotal_excluding_tax = subtotal - inclusiveTax;
    invoice.total = subtotal - discountTotal + exclusiveTax;
    invoice.total_excluding_tax = invoice.total - inclusiveTax - exclusiveTax;
    applyBalance(invoice, draft.customer.balance);
    return invoice;
  }

  /** A stored draft, announced with `invoice.created`. */
  create(draft: InvoiceDraft): Stripe.Invoice {
    const invoice = this.store.put(this.store.invoices, this.build(draft));
    this.store.invoiceMeta.set(invoice.id, {
      paymentIntent: null,
      retries: 0,
      firstFailureAt: null,
      pendingUpdateOf: null,
    });
    this.events.emit('invoice.created', invoice);
    return invoice;
  }

  meta(invoice: Stripe.Invoice): InvoiceMeta {
    return this.store.invoiceMeta.get(invoice.id)!;
  }

  /** Open: numbered, the customer's balance applied, a PaymentIntent for what is due ($0 is paid at once). */
  finalize(invoice: Stripe.Invoice, at: number): void {
    const customer = this.store.customer(invoice.customer as string);
    invoice.number = `${customer.invoice_prefix}-${String(customer.next_invoice_sequence ?? 1).padStart(4, '0')}`;
    customer.next_invoice_sequence = (customer.next_invoice_sequence ?? 1) + 1;
    applyBalance(invoice, customer.balance);
    customer.balance = invoice.ending_balance ?? 0;
    invoice.status = 'open';
    invoice.status_transitions.finalized_at = at;
    // Like Stripe, the hosted page and the PDF exist from finalization on (null on a draft).
    const token = `test_${randomToken(40)}`;
    this.store.invoicePages.set(token, invoice.id);
    invoice.hosted_invoice_url = `${this.store.origin}${INVOICE_PAGES}/i/${token}`;
    invoice.invoice_pdf = `${this.store.origin}${INVOICE_PAGES}/invoice/${token}/pdf`;
    invoice.effective_at = at;
    invoice.auto_advance = invoice.collection_method === 'charge_automatically';
    this.useOnceDiscounts(invoice);
    this.events.emit('invoice.finalized', invoice);
    if (invoice.amount_due === 0) {
      this.markPaid(invoice, at);
      return;
    }
    const intent = this.payments.createPaymentIntent({
      amount: invoice.amount_due,
      currency: invoice.currency,
      customer: customer.id,
      paymentMethod: this.defaultPaymentMethod(invoice),
      setupFutureUsage: 'off_session',
      metadata: {},
      description: intentDescription(invoice.billing_reason),
      created: at,
      invoice: invoice.id,
    });
    this.meta(invoice).paymentIntent = intent.id;
    this.store.put(this.store.invoicePayments, newInvoicePayment(invoice, intent.id, at));
  }

  /** A `once` coupon reduces one charge (a $0 trial invoice does not count), then leaves the subscription. */
  private useOnceDiscounts(invoice: Stripe.Invoice): void {
    for (const discountId of invoice.discounts) {
      const discount = this.store.discounts.get(discountId as string);
      if (!discount || this.discounts.couponOf(discount)?.duration !== 'once') continue;
      const reduced = invoice.total_discount_amounts?.some(
        (d) => d.discount === discount.id && d.amount !== 0,
      );
      if (!reduced) continue;
      this.store.usedOnceDiscounts.add(discount.id);
      const subscription = discount.subscription
        ? this.store.subscriptions.get(discount.subscription)
        : undefined;
      if (subscription) subscription.discounts = subscription.discounts.filter((id) => id !== discount.id);
    }
  }

  /** The payment method an automatic attempt uses: the invoice's, the subscription's, the customer's. */
  defaultPaymentMethod(invoice: Stripe.Invoice): Stripe.PaymentMethod | null {
    const subscriptionId = invoice.parent?.subscription_details?.subscription as string | undefined;
    const subscription = subscriptionId ? this.store.subscriptions.get(subscriptionId) : undefined;
    const customer = this.store.customers.get(invoice.customer as string);
    for (const candidate of [
      invoice.default_payment_method,
      subscription?.default_payment_method,
      customer?.invoice_settings.default_payment_method,
    ]) {
      const method = typeof candidate === 'string' ? this.store.paymentMethods.get(candidate) : undefined;
      if (method && method.customer === invoice.customer) return method;
    }
    return null;
  }

  intentOf(invoice: Stripe.Invoice): Stripe.PaymentIntent | undefined {
    const id = this.store.invoiceMeta.get(invoice.id)?.paymentIntent;
    return id ? this.store.paymentIntents.get(id) : undefined;
  }

  /** One automatic attempt on the default payment method; without one, the attempt fails at once. */
  collect(invoice: Stripe.Invoice, mode: PaymentMode, method = this.defaultPaymentMethod(invoice)): void {
    const intent = this.intentOf(invoice);
    if (invoice.status !== 'open' || !intent || intent.status === 'succeeded' || intent.status === 'canceled')
      return;
    if (!method) {
      invoice.attempted = true;
      invoice.attempt_count += 1;
      this.events.emit('invoice.payment_failed', invoice);
      this.afterFailure(invoice);
      return;
    }
    const meta = this.store.intentMeta.get(intent.id);
    if (meta) meta.offSession = mode !== 'on_session';
    this.payments.attempt(intent, method, mode, false);
  }

  /** The clock's dunning: the next scheduled retry. */
  retry(invoice: Stripe.Invoice): void {
    const meta = this.meta(invoice);
    meta.retries += 1;
    invoice.next_payment_attempt = null;
    this.retrying = invoice.id;
    try {
      this.collect(invoice, 'invoice_off_session');
    } finally {
      this.retrying = null;
    }
  }

  /** When the clock makes the invoice overdue: a send_invoice invoice's due date while open, once; else null. */
  overdueAt(invoice: Stripe.Invoice): number | null {
    if (invoice.status !== 'open' || invoice.collection_method !== 'send_invoice') return null;
    if (this.store.invoiceMeta.get(invoice.id)?.overdue) return null;
    return invoice.due_date;
  }

  /**
   * The clock's due date: an open send_invoice invoice not paid by its due_date is overdue, announced once with
   * `invoice.overdue`; its subscription falls behind as after a failed renewal payment. (Stripe sends the event
   * from a Billing automation, X days after the due date; the emulator is an account whose automation says 0.)
   */
  overdue(invoice: Stripe.Invoice): void {
    this.meta(invoice).overdue = true;
    this.events.emit('invoice.overdue', invoice);
    this.hooks.overdue(invoice);
  }

  private onIntentChanged(intent: Stripe.PaymentIntent): void {
    const invoiceId = this.store.intentMeta.get(intent.id)?.invoice;
    const invoice = invoiceId ? this.store.invoices.get(invoiceId) : undefined;
    if (!invoice || invoice.status !== 'open') return;
    const at = this.store.nowFor(invoice.customer as string);
    invoice.attempted = true;
    if (intent.status === 'succeeded') {
      invoice.attempt_count += 1;
      this.markPaid(invoice, at);
    } else if (intent.status === 'requires_action') {
      invoice.attempt_count += 1;
      this.events.emit('invoice.payment_action_required', invoice);
      if (this.store.intentMeta.get(intent.id)?.offSession)
        this.events.emit('invoice.payment_failed', invoice);
      this.afterFailure(invoice);
    } else if (intent.status === 'requires_payment_method' && intent.last_payment_error) {
      invoice.attempt_count += 1;
      this.events.emit('invoice.payment_failed', invoice);
      this.afterFailure(invoice);
    }
  }

  /** Schedules the next retry (renewals and updates; a first invoice has none) and tells billing. */
  private afterFailure(invoice: Stripe.Invoice): void {
    const meta = this.meta(invoice);
    const at = this.store.nowFor(invoice.customer as string);
    meta.firstFailureAt ??= at;
    const { retryDays } = this.dunning;
    let exhausted = false;
    if (
      invoice.billing_reason !== 'subscription_create' &&
      invoice.collection_method === 'charge_automatically'
    ) {
      const next = retryDays[meta.retries];
      invoice.next_payment_attempt = next === undefined ? null : meta.firstFailureAt + next * DAY;
      exhausted = next === undefined && (this.retrying === invoice.id || retryDays.length === 0);
    }
    this.hooks.paymentFailed(invoice, exhausted);
  }

  markPaid(invoice: Stripe.Invoice, at: number, outOfBand = false): void {
    invoice.status = 'paid';
    invoice.amount_paid = outOfBand ? 0 : invoice.amount_due;
    invoice.amount_remaining = 0;
    invoice.next_payment_attempt = null;
    invoice.status_transitions.paid_at = at;
    for (const payment of this.store.invoicePayments.values()) {
      if (payment.invoice !== invoice.id || payment.status !== 'open') continue;
      if (outOfBand) {
        payment.status = 'canceled';
        payment.status_transitions.canceled_at = at;
      } else {
        payment.status = 'paid';
        payment.amount_paid = invoice.amount_paid;
        payment.status_transitions.paid_at = at;
      }
    }
    this.events.emit('invoice.paid', invoice);
    this.events.emit('invoice.payment_succeeded', invoice);
    this.hooks.paid(invoice);
    this.onPaid(invoice);
  }

  void(invoice: Stripe.Invoice, at: number): void {
    if (invoice.status !== 'open' && invoice.status !== 'draft') return;
    invoice.status = 'void';
    invoice.amount_remaining = 0;
    invoice.next_payment_attempt = null;
    invoice.status_transitions.voided_at = at;
    const intent = this.intentOf(invoice);
    if (intent && !['succeeded', 'canceled'].includes(intent.status)) {
      this.payments.cancelPaymentIntent(intent, 'void_invoice', true);
    }
    for (const payment of this.store.invoicePayments.values()) {
      if (payment.invoice === invoice.id && payment.status === 'open') {
        payment.status = 'canceled';
        payment.status_transitions.canceled_at = at;
      }
    }
    this.events.emit('invoice.voided', invoice);
    this.hooks.voided(invoice);
  }

  /** `POST /v1/invoices/:id/void`: an open invoice only, as Stripe (a draft is deleted, a paid one refunded instead). */
  voidOpen(invoice: Stripe.Invoice): Stripe.Invoice {
    if (invoice.status !== 'open') {
      throw unexpectedState(
        'invoice_not_open',
        `You can only void an open invoice; this invoice is ${invoice.status ?? 'draft'}.`,
      );
    }
    this.void(invoice, this.store.nowFor(invoice.customer as string));
    return invoice;
  }

  /**
   * The customer pays on the invoice's hosted page with a card number: an on-session attempt. Answers the card
   * error's message when it fails, null when the invoice is paid.
   */
  payOnPage(invoice: Stripe.Invoice, cardNumber: string): string | null {
    const at = this.store.nowFor(invoice.customer as string);
    if (invoice.status !== 'open') return `This invoice is ${invoice.status ?? 'draft'}; it cannot be paid.`;
    const number = cardNumber.replace(/[\s-]/g, '');
    let method: Stripe.PaymentMethod;
    try {
      method = this.payments.createFromParams(
        new Params({
          type: 'card',
          card: { number, exp_month: '12', exp_year: String(new Date().getUTCFullYear() + 4), cvc: '123' },
        }),
        at,
      );
    } catch (error) {
      if (error instanceof StripeApiError) return error.body.message;
      throw error;
    }
    this.collect(invoice, 'on_session', method);
    if (invoice.status === 'paid') return null;
    const intent = this.intentOf(invoice);
    if (intent?.status === 'requires_action')
      return 'This card needs 3-D Secure, which the emulated invoice page does not offer. Use another test card.';
    return intent?.last_payment_error?.message ?? 'Your card was declined.';
  }

  /** `POST /v1/invoices/:id/pay`: off-session by default, like Stripe. */
  pay(invoice: Stripe.Invoice, params: Params): Stripe.Invoice {
    const at = this.store.nowFor(invoice.customer as string);
    if (invoice.status === 'draft') this.finalize(invoice, at);
    if (invoice.status === 'paid') throw unexpectedState('invoice_already_paid', 'Invoice is already paid');
    if (invoice.status !== 'open') {
      throw unexpectedState(
        'invoice_not_open',
        `You can only pay an open invoice; this invoice is ${invoice.status}.`,
      );
    }
    if (params.bool('paid_out_of_band')) {
      this.markPaid(invoice, at, true);
      return invoice;
    }
    const reference = params.str('payment_method');
    const method = reference
      ? this.payments.resolve(reference, 'payment_method', at)
      : this.defaultPaymentMethod(invoice);
    if (!method) {
      throw invalidRequest(
        'This customer has no attached payment source or default payment method. Please consider adding a default payment method.',
        undefined,
        'invoice_no_customer_payment_method',
      );
    }
    if (!method.customer) this.payments.attach(method, invoice.customer as string);
    this.collect(
      invoice,
      params.bool('off_session') === false ? 'on_session' : 'invoice_off_session',
      method,
    );
    if (invoice.status === 'paid') return invoice;
    const intent = this.intentOf(invoice)!;
    if (intent.status === 'requires_action') {
      throw new StripeApiError(402, {
        type: 'card_error',
        code: 'invoice_payment_intent_requires_action',
        message: REQUIRES_ACTION_MESSAGE,
        payment_intent: structuredClone(intent),
      });
    }
    const error = intent.last_payment_error;
    throw cardError(
      {
        code: error?.code ?? 'card_declined',
        decline_code: error?.decline_code ?? 'generic_decline',
        message: error?.message ?? 'Your card was declined.',
      },
      { payment_intent: structuredClone(intent) },
    );
  }
}

export { REQUIRES_ACTION_MESSAGE };

/** amount_due and balances as Stripe computes them: a credit (negative balance) reduces what is due. */
function applyBalance(invoice: Stripe.Invoice, balance: number): void {
  const due = invoice.total + balance;
  invoice.starting_balance = balance;
  invoice.amount_due = Math.max(0, due);
  invoice.amount_remaining = invoice.amount_due;
  invoice.ending_balance = Math.min(0, due);
}

function intentDescription(reason: Stripe.Invoice.BillingReason | null): string {
  if (reason === 'subscription_create') return 'Subscription creation';
  if (reason === 'subscription_update') return 'Subscription update';
  return 'Subscription cycle';
}

function lineItem(
  line: LineSpec,
  invoiceId: string,
  id: string,
  discountAmounts: Array<{ amount: number; discount: string }>,
): Stripe.InvoiceLineItem {
  const product = typeof line.price.product === 'string' ? line.price.product : line.price.product.id;
  return {
    id,
    object: 'line_item',
    amount: line.amount,
    currency: line.price.currency,
    description: line.description,
    discount_amounts: discountAmounts,
    discountable: true,
    discounts: [],
    invoice: invoiceId,
    livemode: false,
    metadata: {},
    parent: {
      type: 'subscription_item_details',
      invoice_item_details: null,
      subscription_item_details: {
        invoice_item: line.invoiceItem,
        proration: line.proration,
        proration_details: { credited_items: null },
        subscription: line.subscription,
        subscription_item: line.subscriptionItem ?? '',
      },
    },
    period: line.period,
    pretax_credit_amounts: discountAmounts.map(({ amount, discount }) => ({
      amount,
      discount,
      type: 'discount',
    })),
    pricing: {
      type: 'price_details',
      price_details: { price: line.price.id, product },
      unit_amount_decimal: decimal(line.price.unit_amount),
    },
    quantity: line.quantity,
    quantity_decimal: decimal(line.quantity),
    subscription: line.subscription,
    subtotal: line.amount,
    taxes: [],
  };
}

/** A line's tax rates: its subscription item's, else the subscription's defaults. */
function taxRatesOf(subscription: Stripe.Subscription | undefined, itemId: string | null): Stripe.TaxRate[] {
  if (!subscription) return [];
  const item = itemId ? subscription.items.data.find((i) => i.id === itemId) : undefined;
  if (item?.tax_rates && item.tax_rates.length > 0) return item.tax_rates;
  return subscription.default_tax_rates ?? [];
}

/**
 * Taxes of a line's amount after discounts, as Stripe computes tax rates: an exclusive rate adds its percentage of
 * the amount, an inclusive one is contained in it (amount × p / (100 + Σ inclusive p)); rounded to the minor unit.
 */
export function lineTaxes(amount: number, rates: Stripe.TaxRate[]): Stripe.InvoiceLineItem.Tax[] {
  const inclusive = rates.filter((rate) => rate.inclusive);
  const inclusivePercent = inclusive.reduce((sum, rate) => sum + rate.percentage, 0);
  const taxable = Math.round((amount * 100) / (100 + inclusivePercent));
  return rates.map((rate) => ({
    amount: Math.round((taxable * rate.percentage) / 100),
    tax_behavior: rate.inclusive ? 'inclusive' : 'exclusive',
    tax_rate_details: { tax_rate: rate.id },
    taxability_reason: 'not_available',
    taxable_amount: taxable,
    type: 'tax_rate_details',
  }));
}

/** The invoice's `total_taxes`: the lines' taxes summed by tax rate. */
function totalTaxes(taxes: Stripe.InvoiceLineItem.Tax[]): Stripe.Invoice.TotalTax[] {
  const byRate = new Map<string, Stripe.Invoice.TotalTax>();
  for (const tax of taxes) {
    const rate = tax.tax_rate_details?.tax_rate ?? '';
    const total = byRate.get(rate);
    if (total) {
      total.amount += tax.amount;
      total.taxable_amount = (total.taxable_amount ?? 0) + (tax.taxable_amount ?? 0);
    } else byRate.set(rate, { ...structuredClone(tax) } as Stripe.Invoice.TotalTax);
  }
  return [...byRate.values()];
}
