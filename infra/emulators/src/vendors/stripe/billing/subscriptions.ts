import type Stripe from 'stripe';
import { invalidParam, invalidRequest, missingParam, noSuch, StripeApiError } from '../errors';
import { changedAttributes, snapshot, type EventLog } from '../events';
import { newId } from '../ids';
import { newPrice, newSubscription, newSubscriptionItem, planOf } from '../objects';
import { mergeMetadata, Params } from '../params';
import { cardError, paymentOutcome, type PaymentMode, type Payments } from '../payments';
import type { LineSpec, StripeStore } from '../store';
import { DAY, HOUR } from '../time';
import type { Discounts } from './discounts';
import { REQUIRES_ACTION_MESSAGE, type DunningOptions, type Invoices } from './invoices';
import {
  periodFrom,
  periodLine,
  prorationLine,
  sameInterval,
  trialLine,
  type BilledItem,
  type Period,
} from './lines';
import {
  itemInputs,
  type DeferredChanges,
  type ItemInput,
  type PaymentBehavior,
  type PlanInput,
  type PlannedItem,
  type UpdatePlan,
} from './plan';

export const PAYMENT_BEHAVIORS: PaymentBehavior[] = [
  'allow_incomplete',
  'default_incomplete',
  'error_if_incomplete',
  'pending_if_incomplete',
];
export const PRORATION_BEHAVIORS = ['create_prorations', 'always_invoice', 'none'] as const;

/** What `payment_behavior=pending_if_incomplete` accepts on a subscription update (the pinned API version). */
export const PENDING_UPDATE_PARAMS = [
  'expand',
  'payment_behavior',
  'proration_behavior',
  'proration_date',
  'billing_cycle_anchor',
  'items',
  'trial_end',
  'trial_from_plan',
  'add_invoice_items',
  'discounts',
  'metadata',
  'cancel_at_period_end',
];
const PENDING_UPDATE_ITEM_PARAMS = ['id', 'price', 'quantity', 'discounts'];

/** A first invoice left unpaid this long turns the subscription `incomplete_expired`. */
export const INCOMPLETE_EXPIRY = 23 * HOUR;

export interface CreateSpec {
  customer: Stripe.Customer;
  items: ItemInput[];
  defaultPaymentMethod: string | null;
  paymentBehavior: PaymentBehavior;
  trialEnd: number | null;
  discounts: Params[];
  metadata: Record<string, string>;
  description: string | null;
  cancelAtPeriodEnd: boolean;
  collectionMethod: Stripe.Subscription.CollectionMethod;
  daysUntilDue: number | null;
  offSession: boolean;
  saveDefaultPaymentMethod: boolean;
  defaultTaxRates: Stripe.TaxRate[];
  applicationFeePercent: number | null;
  at: number;
}

/**
 * Subscriptions: creation with its first invoice, updates with prorations, renewals, trials, cancellation,
 * and the status machine driven by their invoices' payments.
 */
export class Subscriptions {
  /** Set by schedules: a subscription ended (its schedule ends with it). */
  onCanceled: (subscription: Stripe.Subscription, at: number) => void = () => undefined;

  constructor(
    private readonly store: StripeStore,
    private readonly events: EventLog,
    private readonly payments: Payments,
    private readonly invoices: Invoices,
    private readonly discounts: Discounts,
    private readonly dunning: DunningOptions,
  ) {
    invoices.hooks = {
      paid: (invoice) => this.onInvoicePaid(invoice),
      paymentFailed: (invoice, exhausted) => this.onInvoicePaymentFailed(invoice, exhausted),
      overdue: (invoice) => this.onInvoiceOverdue(invoice),
      voided: (invoice) => this.onInvoiceVoided(invoice),
    };
    payments.onSetupIntentSucceeded = (intent) => this.onSetupIntentSucceeded(intent);
  }

  // ---- reading ----

  billedItems(subscription: Stripe.Subscription): BilledItem[] {
    return subscription.items.data.map((item) => ({
      id: item.id,
      price: item.price,
      quantity: item.quantity ?? 1,
    }));
  }

  period(subscription: Stripe.Subscription): Period {
    const item = subscription.items.data[0]!;
    return { start: item.current_period_start, end: item.current_period_end };
  }

  private setPeriod(subscription: Stripe.Subscription, period: Period): void {
    for (const item of subscription.items.data) {
      item.current_period_start = period.start;
      item.current_period_end = period.end;
    }
  }

  activeDiscounts(subscription: Stripe.Subscription): Stripe.Discount[] {
    return subscription.discounts
      .map((id) => this.store.discounts.get(id as string))
      .filter((discount): discount is Stripe.Discount => discount !== undefined);
  }

  /**
   * The discount ids a schedule phase puts on the subscription: existing discounts reused, coupons and
   * promotion codes redeemed once (the phase then keeps the discount it created, so entering it again reuses it).
   */
  discountsForPhase(
    subscription: Stripe.Subscription,
    specs: Stripe.SubscriptionSchedule.Phase.Discount[],
    at: number,
  ): string[] {
    return specs.map((spec) => {
      const existing = typeof spec.discount === 'string' ? spec.discount : spec.discount?.id;
      if (existing) return existing;
      const coupon = typeof spec.coupon === 'string' ? spec.coupon : spec.coupon?.id;
      const promotionCode =
        typeof spec.promotion_code === 'string' ? spec.promotion_code : spec.promotion_code?.id;
      const [created] = this.discounts.fromParams(
        [new Params(promotionCode ? { promotion_code: promotionCode } : { coupon }, 'discounts[0]')],
        {
          customer: subscription.customer as string,
          subscription: subscription.id,
          currency: subscription.currency,
          at,
        },
      );
      spec.discount = created!.id;
      return created!.id;
    });
  }

  pendingLines(subscriptionId: string): LineSpec[] {
    return [...this.store.pendingItems.values()]
      .filter((item) => item.subscription === subscriptionId)
      .map((item) => item.line);
  }

  private consumePending(subscriptionId: string): void {
    for (const [id, item] of this.store.pendingItems) {
      if (item.subscription === subscriptionId) this.store.pendingItems.delete(id);
    }
  }

  private addPending(subscription: Stripe.Subscription, lines: LineSpec[]): void {
    for (const line of lines) {
      const id = newId('ii');
      line.invoiceItem = id;
      this.store.pendingItems.set(id, {
        id,
        customer: subscription.customer as string,
        subscription: subscription.id,
        line,
      });
    }
  }

  price(id: string, param: string): Stripe.Price {
    const price = this.store.price(id, param);
    if (!price.active) {
      throw invalidRequest('The price specified is inactive. This field only accepts active prices.', param);
    }
    if (price.type !== 'recurring') {
      throw invalidRequest(
        'The price specified is set to `type=one_time` but this field only accepts prices with `type=recurring`.',
        param,
      );
    }
    return price;
  }

  /**
   * An item's price: its `price` (active and recurring), or the one `price_data` makes for it. Neither: Stripe's
   * "You must pass one of plan, price, or price_data."
   */
  itemPrice(input: ItemInput, at: number): Stripe.Price {
    if (input.price) return this.price(input.price, input.params.name('price'));
    if (input.priceData) return this.inlinePrice(input.priceData, at);
    throw invalidParam(
      'You must pass one of plan, price, or price_data.',
      input.params.name('price'),
      'parameter_missing',
    );
  }

  /**
   * `price_data`: as Stripe, a new price of an existing product, made for this item and archived at once
   * (`active: false`), so no other call can use it. Whole minor units only (`unit_amount_decimal` without a
   * fraction): the emulator bills integer amounts.
   */
  private inlinePrice(data: Params, at: number): Stripe.Price {
    const product = data.str('product');
    if (!product) throw missingParam(data.name('product'));
    this.store.get(this.store.products, product, 'product', data.name('product'));
    const currency = data.str('currency');
    if (!currency) throw missingParam(data.name('currency'));
    const recurring = data.obj('recurring');
    if (!recurring) throw missingParam(data.name('recurring'));
    const interval = recurring.oneOf('interval', ['day', 'week', 'month', 'year'] as const);
    if (!interval) throw missingParam(recurring.name('interval'));
    const intervalCount = recurring.int('interval_count') ?? 1;
    if (intervalCount < 1)
      throw invalidParam('This value must be greater than or equal to 1.', recurring.name('interval_count'));
    const amount = data.int('unit_amount');
    const decimal = data.str('unit_amount_decimal');
    if (amount !== undefined && decimal !== undefined) {
      throw invalidParam(
        'You may only specify one of these parameters: unit_amount, unit_amount_decimal.',
        data.name('unit_amount'),
      );
    }
    let unitAmount = amount;
    if (decimal !== undefined) {
      if (!/^\d+(\.0*)?$/.test(decimal)) {
        throw invalidParam(
          'The emulator bills whole minor units only: unit_amount_decimal must have no fraction.',
          data.name('unit_amount_decimal'),
        );
      }
      unitAmount = Number.parseInt(decimal, 10);
    }
    if (unitAmount === undefined) throw missingParam(data.name('unit_amount'));
    if (unitAmount < 0)
      throw invalidParam('This value must be greater than or equal to 0.', data.name('unit_amount'));
    const price = newPrice({
      product,
      currency: currency.toLowerCase(),
      unit_amount: unitAmount,
      recurring: { interval, interval_count: intervalCount },
      created: at,
    });
    price.active = false;
    price.tax_behavior =
      data.oneOf('tax_behavior', ['exclusive', 'inclusive', 'unspecified']) ?? 'unspecified';
    return price;
  }

  /** An inline price is kept (retrievable by its id) once the item using it exists; a preview keeps none. */
  private keepPrice(price: Stripe.Price): void {
    if (!this.store.prices.has(price.id)) this.store.put(this.store.prices, price);
  }

  private checkItems(items: Array<{ price: Stripe.Price }>, currency: string): void {
    const first = items[0]!.price;
    for (const { price } of items) {
      if (price.currency !== currency) {
        throw invalidRequest(
          `The price specified is in ${price.currency} but this subscription is in ${currency}.`,
          'items',
        );
      }
      if (!sameInterval(price, first)) {
        throw invalidRequest(
          'Currency and interval fields must match across all plans on this subscription.',
          'items',
        );
      }
    }
  }

  private attachedPaymentMethod(customer: string, id: string, param: string): string {
    const method = this.store.paymentMethods.get(id);
    if (!method || method.customer !== customer) {
      throw invalidRequest(
        `The customer does not have a payment method with the ID ${id}. The payment method must be attached to the customer.`,
        param,
      );
    }
    return id;
  }

  // ---- create ----

  specFromParams(params: Params): CreateSpec {
    const customer = this.store.customer(params.reqStr('customer'));
    const items = itemInputs(params.list('items'));
    if (items.length === 0) throw missingParam('items');
    const at = this.store.nowFor(customer.id);
    const trialEndParam = params.timeOrNow('trial_end');
    const trialDays = params.int('trial_period_days');
    let trialEnd: number | null = null;
    if (typeof trialEndParam === 'number') {
      if (trialEndParam <= at)
        throw invalidParam(
          'Invalid timestamp: must be an integer Unix timestamp in the future.',
          'trial_end',
        );
      trialEnd = trialEndParam;
    } else if (trialEndParam === undefined && trialDays !== undefined && trialDays > 0) {
      trialEnd = at + trialDays * DAY;
    }
    const defaultPaymentMethod = params.str('default_payment_method');
    return {
      customer,
      items,
      defaultPaymentMethod: defaultPaymentMethod
        ? this.attachedPaymentMethod(customer.id, defaultPaymentMethod, 'default_payment_method')
        : null,
      paymentBehavior: params.oneOf('payment_behavior', PAYMENT_BEHAVIORS) ?? 'allow_incomplete',
      trialEnd,
      discounts: params.list('discounts') ?? [],
      metadata: mergeMetadata({}, params.metadata()),
      description: params.nullableStr('description') ?? null,
      cancelAtPeriodEnd: params.bool('cancel_at_period_end') ?? false,
      collectionMethod:
        params.oneOf('collection_method', ['charge_automatically', 'send_invoice']) ?? 'charge_automatically',
      daysUntilDue: params.int('days_until_due') ?? null,
      offSession: params.bool('off_session') ?? false,
      saveDefaultPaymentMethod:
        params.obj('payment_settings')?.str('save_default_payment_method') === 'on_subscription',
      defaultTaxRates: this.taxRates(params, 'default_tax_rates'),
      applicationFeePercent: this.applicationFeePercent(params),
      at,
    };
  }

  /** Tax rate ids of this account (`default_tax_rates`, `items[0][tax_rates]`), active ones only, as Stripe. */
  taxRates(params: Params, key: string): Stripe.TaxRate[] {
    return (params.strList(key) ?? []).map((id, index) => {
      const rate = this.store.get(this.store.taxRates, id, 'tax rate', `${params.name(key)}[${index}]`);
      if (!rate.active)
        throw invalidParam(`Tax rate ${id} is inactive and cannot be used.`, `${params.name(key)}[${index}]`);
      return structuredClone(rate);
    });
  }

  /** The platform's cut of each invoice: only on a connected account's subscription (`Stripe-Account`), as Stripe. */
  private applicationFeePercent(params: Params): number | null {
    const percent = params.num('application_fee_percent');
    if (percent === undefined) return null;
    if (this.store.account === null) {
      throw invalidParam(
        'Can only apply an application_fee_percent when the request is made on behalf of another account (using an OAuth key, the Stripe-Account header, or the destination parameter).',
        'application_fee_percent',
      );
    }
    if (percent < 0 || percent > 100)
      throw invalidParam('application_fee_percent must be between 0 and 100.', 'application_fee_percent');
    return percent;
  }

  create(spec: CreateSpec): Stripe.Subscription {
    const { customer, at } = spec;
    if (spec.paymentBehavior === 'pending_if_incomplete') {
      throw invalidParam(
        'pending_if_incomplete is only allowed when updating a subscription.',
        'payment_behavior',
      );
    }
    const planned = spec.items.map((input) => ({
      price: this.itemPrice(input, at),
      quantity: input.quantity ?? 1,
      input,
    }));
    const currency = planned[0]!.price.currency;
    this.checkItems(planned, currency);
    const period: Period = spec.trialEnd
      ? { start: at, end: spec.trialEnd }
      : periodFrom(at, at, planned[0]!.price);
    const id = newId('sub');
    const subscription = newSubscription({
      id,
      customer: customer.id,
      currency,
      created: at,
      testClock: this.store.clockOf(customer.id),
      billingCycleAnchor: spec.trialEnd ?? at,
    });
    subscription.items.data = planned.map(({ price, quantity, input }) => {
      const item = newSubscriptionItem(id, price, quantity, period, at, mergeMetadata({}, input.metadata));
      item.tax_rates = this.taxRates(input.params, 'tax_rates');
      return item;
    });
    subscription.default_tax_rates = spec.defaultTaxRates;
    subscription.application_fee_percent = spec.applicationFeePercent;
    subscription.metadata = spec.metadata;
    subscription.description = spec.description;
    subscription.default_payment_method = spec.defaultPaymentMethod;
    subscription.collection_method = spec.collectionMethod;
    subscription.days_until_due = spec.collectionMethod === 'send_invoice' ? (spec.daysUntilDue ?? 30) : null;
    // Stripe: a subscription that sends its invoices is active from the start (the customer has until the due date
    // to pay), never incomplete.
    if (spec.collectionMethod === 'send_invoice') subscription.status = 'active';
    subscription.payment_settings!.save_default_payment_method = spec.saveDefaultPaymentMethod
      ? 'on_subscription'
      : 'off';
    if (spec.trialEnd) {
      subscription.status = 'trialing';
      subscription.trial_start = at;
      subscription.trial_end = spec.trialEnd;
    }
    if (spec.cancelAtPeriodEnd) {
      subscription.cancel_at_period_end = true;
      subscription.cancel_at = period.end;
      subscription.canceled_at = at;
      subscription.cancellation_details!.reason = 'cancellation_requested';
    }

    const lines = this.firstLines(subscription, period, spec.trialEnd !== null);
    if (spec.paymentBehavior === 'error_if_incomplete') {
      const discounts = this.discounts.fromParams(spec.discounts, {
        customer: customer.id,
        subscription: id,
        currency,
        at,
        preview: true,
      });
      this.precheckPayment(
        subscription,
        lines,
        discounts,
        spec.offSession ? 'off_session' : 'on_session',
        at,
      );
    }
    subscription.discounts = this.discounts
      .fromParams(spec.discounts, { customer: customer.id, subscription: id, currency, at })
      .map((discount) => discount.id);
    customer.currency ??= currency;

    const invoiceId = newId('in');
    subscription.latest_invoice = invoiceId;
    for (const { price } of planned) this.keepPrice(price);
    this.store.put(this.store.subscriptions, subscription);
    this.store.subscriptionMeta.set(id, {
      trialWillEndSent: false,
      incompleteExpiresAt: subscription.status === 'incomplete' ? at + INCOMPLETE_EXPIRY : null,
      saveDefaultPaymentMethod: spec.saveDefaultPaymentMethod,
    });
    this.events.emit('customer.subscription.created', subscription);

    const invoice = this.invoices.create({
      id: invoiceId,
      customer,
      subscription: id,
      billingReason: 'subscription_create',
      lines,
      discounts: this.activeDiscounts(subscription),
      at,
      periodStart: at,
      periodEnd: at,
    });
    if (subscription.collection_method === 'send_invoice') invoice.collection_method = 'send_invoice';
    this.invoices.finalize(invoice, at);
    if (invoice.status === 'open') {
      if (subscription.collection_method === 'send_invoice') {
        invoice.due_date = at + (subscription.days_until_due ?? 30) * DAY;
      } else if (spec.paymentBehavior !== 'default_incomplete') {
        this.invoices.collect(invoice, spec.offSession ? 'invoice_off_session' : 'on_session');
      }
    }
    if (
      spec.paymentBehavior === 'default_incomplete' &&
      invoice.amount_due === 0 &&
      !this.invoices.defaultPaymentMethod(invoice)
    ) {
      const before = snapshot(subscription);
      const setupIntent = this.payments.createSetupIntent({
        customer: customer.id,
        paymentMethod: null,
        usage: 'off_session',
        metadata: {},
        description: null,
        created: at,
      });
      subscription.pending_setup_intent = setupIntent.id;
      this.events.emitUpdated('customer.subscription.updated', subscription, before);
    }
    return subscription;
  }

  private firstLines(subscription: Stripe.Subscription, period: Period, trial: boolean): LineSpec[] {
    return this.billedItems(subscription).map((item) =>
      trial
        ? trialLine(subscription.id, item, period, this.store.products)
        : periodLine(subscription.id, item, period, this.store.products),
    );
  }

  /** payment_behavior=error_if_incomplete: refuse up front what would leave the subscription unpaid. */
  private precheckPayment(
    subscription: Stripe.Subscription,
    lines: LineSpec[],
    discounts: Stripe.Discount[],
    mode: PaymentMode,
    at: number,
  ): void {
    const customer = this.store.customer(subscription.customer as string);
    const invoice = this.invoices.build({
      customer,
      subscription: subscription.id,
      billingReason: 'subscription_update',
      lines,
      discounts,
      at,
      periodStart: at,
      periodEnd: at,
      preview: true,
    });
    if (invoice.amount_due === 0) return;
    const methodId = subscription.default_payment_method ?? customer.invoice_settings.default_payment_method;
    const method = typeof methodId === 'string' ? this.store.paymentMethods.get(methodId) : undefined;
    if (!method) {
      throw invalidRequest(
        'This customer has no attached payment source or default payment method. Please consider adding a default payment method.',
        undefined,
        'resource_missing',
      );
    }
    const { card, setUp } = this.payments.cardOf(method.id);
    const outcome = paymentOutcome(card, setUp, mode, false);
    if (outcome.kind === 'declined') throw cardError(outcome.error);
    if (outcome.kind === 'requires_action') {
      throw new StripeApiError(402, {
        type: 'card_error',
        code: 'invoice_payment_intent_requires_action',
        message: REQUIRES_ACTION_MESSAGE,
      });
    }
  }

  private setStatus(subscription: Stripe.Subscription, status: Stripe.Subscription.Status): void {
    if (subscription.status === status) return;
    const before = snapshot(subscription);
    subscription.status = status;
    this.events.emitUpdated('customer.subscription.updated', subscription, before);
  }

  // ---- update ----

  /** Works out what an update of items, trial or billing anchor does; changes nothing. */
  plan(subscription: Stripe.Subscription, input: PlanInput, at: number): UpdatePlan {
    const current = subscription.items.data;
    const items: PlannedItem[] = current.map((item) => ({
      id: item.id,
      price: item.price,
      quantity: item.quantity ?? 1,
      metadata: item.metadata,
    }));
    let itemsChanged = false;
    for (const input_ of input.items ?? []) {
      if (input_.id) {
        const index = items.findIndex((item) => item.id === input_.id);
        if (index < 0) throw noSuch('subscription item', input_.id, input_.params.name('id'));
        if (input_.deleted) {
          items.splice(index, 1);
          itemsChanged = true;
          continue;
        }
        const item = items[index]!;
        const price = input_.price || input_.priceData ? this.itemPrice(input_, at) : item.price;
        const quantity = input_.quantity ?? item.quantity;
        if (price.id !== item.price.id || quantity !== item.quantity) itemsChanged = true;
        items[index] = { ...item, price, quantity, metadata: mergeMetadata(item.metadata, input_.metadata) };
      } else {
        items.push({
          id: newId('si'),
          price: this.itemPrice(input_, at),
          quantity: input_.quantity ?? 1,
          metadata: mergeMetadata({}, input_.metadata),
        });
        itemsChanged = true;
      }
    }
    if (items.length === 0)
      throw invalidRequest('A subscription must have at least one active price.', 'items');
    this.checkItems(items, subscription.currency);

    const period = this.period(subscription);
    const trialing = subscription.status === 'trialing';
    let trial: UpdatePlan['trial'] = null;
    if (input.trialEnd === 'now' && trialing) trial = { kind: 'end_now' };
    if (typeof input.trialEnd === 'number') {
      if (input.trialEnd <= at)
        throw invalidParam(
          'Invalid timestamp: must be an integer Unix timestamp in the future.',
          'trial_end',
        );
      trial = { kind: 'set', end: input.trialEnd };
    }
    const intervalChanged = !sameInterval(current[0]!.price, items[0]!.price);
    const resetNow =
      trial?.kind === 'end_now' ||
      (!trialing && trial === null && (intervalChanged || input.billingCycleAnchor === 'now'));
    const reset = resetNow ? periodFrom(at, at, items[0]!.price) : null;

    const prorationDate = input.prorationDate ?? at;
    const prorations: LineSpec[] = [];
    const prorate = input.prorationBehavior !== 'none' && !trialing && subscription.status !== 'incomplete';
    if (prorate) {
      if (prorationDate < period.start || prorationDate > period.end) {
        throw invalidParam(
          'proration_date must be within the current period of the subscription.',
          'proration_date',
        );
      }
      const line = (kind: 'unused' | 'remaining', item: BilledItem) =>
        prorationLine(kind, subscription.id, item, period, prorationDate, this.store.products);
      if (reset || trial?.kind === 'set') {
        for (const item of this.billedItems(subscription)) prorations.push(line('unused', item));
      } else if (itemsChanged) {
        for (const old of this.billedItems(subscription)) {
          const next = items.find((item) => item.id === old.id);
          if (!next) prorations.push(line('unused', old));
          else if (next.price.id !== old.price.id || next.quantity !== old.quantity) {
            prorations.push(line('unused', old), line('remaining', next));
          }
        }
        for (const item of items) {
          if (!current.some((old) => old.id === item.id)) prorations.push(line('remaining', item));
        }
      }
    }
    const charged = prorations.filter((line) => line.amount !== 0);
    return {
      at,
      prorationDate,
      items,
      itemsChanged,
      prorations: charged,
      reset,
      trial,
      invoiceNow: reset !== null || (input.prorationBehavior === 'always_invoice' && charged.length > 0),
    };
  }

  /** Puts a plan's items, period and trial on the subscription (no events). */
  applyPlan(subscription: Stripe.Subscription, plan: UpdatePlan): void {
    const existing = new Map(subscription.items.data.map((item) => [item.id, item]));
    let period = plan.reset ?? this.period(subscription);
    if (plan.trial?.kind === 'set') period = { start: plan.at, end: plan.trial.end };
    subscription.items.data = plan.items.map((planned) => {
      this.keepPrice(planned.price);
      const item = existing.get(planned.id);
      if (item) {
        item.price = planned.price;
        item.plan = planOf(planned.price);
        item.quantity = planned.quantity;
        item.metadata = planned.metadata;
        return item;
      }
      const created = newSubscriptionItem(
        subscription.id,
        planned.price,
        planned.quantity,
        period,
        plan.at,
        planned.metadata,
      );
      created.id = planned.id;
      return created;
    });
    this.setPeriod(subscription, period);
    if (plan.deferred) this.applyDeferred(subscription, plan.deferred, plan.at);
    if (plan.reset) subscription.billing_cycle_anchor = plan.reset.start;
    if (plan.trial?.kind === 'end_now') {
      subscription.trial_end = plan.at;
      subscription.status = 'active';
    } else if (plan.trial?.kind === 'set') {
      subscription.trial_start ??= plan.at;
      subscription.trial_end = plan.trial.end;
      subscription.billing_cycle_anchor = plan.trial.end;
      subscription.status = 'trialing';
      const meta = this.store.subscriptionMeta.get(subscription.id);
      if (meta) meta.trialWillEndSent = false;
    }
  }

  /** The lines of the invoice a plan sends at once. */
  immediateLines(subscription: Stripe.Subscription, plan: UpdatePlan): LineSpec[] {
    const reset = plan.reset;
    return [
      ...this.pendingLines(subscription.id),
      ...plan.prorations,
      ...(reset
        ? plan.items.map((item) => periodLine(subscription.id, item, reset, this.store.products))
        : []),
    ];
  }

  update(subscription: Stripe.Subscription, params: Params): Stripe.Subscription {
    if (subscription.status === 'canceled' || subscription.status === 'incomplete_expired') {
      throw invalidRequest(
        'You cannot update a subscription that is `canceled` or `incomplete_expired`.',
        undefined,
        'subscription_unexpected_state',
      );
    }
    const customerId = subscription.customer as string;
    const at = this.store.nowFor(customerId);
    const before = snapshot(subscription);
    const behavior = params.oneOf('payment_behavior', PAYMENT_BEHAVIORS) ?? 'allow_incomplete';
    const prorationBehavior = params.oneOf('proration_behavior', PRORATION_BEHAVIORS) ?? 'create_prorations';
    if (behavior === 'pending_if_incomplete') return this.updatePending(subscription, params, before, at);

    subscription.metadata = mergeMetadata(subscription.metadata, params.metadata());
    const description = params.nullableStr('description');
    if (description !== undefined) subscription.description = description;
    const defaultPaymentMethod = params.nullableStr('default_payment_method');
    if (defaultPaymentMethod !== undefined) {
      subscription.default_payment_method = defaultPaymentMethod
        ? this.attachedPaymentMethod(customerId, defaultPaymentMethod, 'default_payment_method')
        : null;
    }
    this.updateCancellation(subscription, params, at);
    const discountParams = params.list('discounts');
    if (discountParams !== undefined) {
      subscription.discounts = this.discounts
        .fromParams(discountParams, {
          customer: customerId,
          subscription: subscription.id,
          currency: subscription.currency,
          at,
        })
        .map((discount) => discount.id);
    }
    const saveDefault = params.obj('payment_settings')?.str('save_default_payment_method');
    if (saveDefault) {
      subscription.payment_settings!.save_default_payment_method =
        saveDefault as Stripe.Subscription.PaymentSettings.SaveDefaultPaymentMethod;
      this.store.subscriptionMeta.get(subscription.id)!.saveDefaultPaymentMethod =
        saveDefault === 'on_subscription';
    }

    const items = itemInputs(params.list('items'));
    const trialEnd = params.timeOrNow('trial_end');
    const billingCycleAnchor = params.oneOf('billing_cycle_anchor', ['now', 'unchanged'] as const);
    if (items.length === 0 && trialEnd === undefined && billingCycleAnchor !== 'now') {
      this.events.emitUpdated('customer.subscription.updated', subscription, before);
      return subscription;
    }
    const plan = this.plan(
      subscription,
      { items, prorationBehavior, prorationDate: params.int('proration_date'), trialEnd, billingCycleAnchor },
      at,
    );
    this.execute(
      subscription,
      plan,
      behavior,
      before,
      params.bool('off_session') ? 'invoice_off_session' : 'on_session',
    );
    return subscription;
  }

  /**
   * `payment_behavior=pending_if_incomplete`: only what a pending update can hold (Stripe's pending-updates
   * reference, with `discounts` and `metadata` from 2026-05-27 and `cancel_at_period_end` from 2026-09-30);
   * anything else is refused. When the update invoices at once, the new items, discounts, metadata and
   * cancellation wait in `pending_update` until that invoice is paid; otherwise they apply now.
   */
  private updatePending(
    subscription: Stripe.Subscription,
    params: Params,
    before: Stripe.Subscription,
    at: number,
  ): Stripe.Subscription {
    const refused = Object.keys(params.raw).filter((key) => !PENDING_UPDATE_PARAMS.includes(key));
    for (const [index, item] of (params.list('items') ?? []).entries()) {
      for (const key of Object.keys(item.raw)) {
        if (!PENDING_UPDATE_ITEM_PARAMS.includes(key)) refused.push(`items[${index}][${key}]`);
      }
    }
    if (refused.length > 0) {
      throw invalidParam(
        `The following parameters are not supported with \`payment_behavior=pending_if_incomplete\`: ${refused.join(', ')}. A pending update can only change ${PENDING_UPDATE_PARAMS.filter((key) => key !== 'expand' && key !== 'payment_behavior').join(', ')}.`,
        refused[0]!,
        'parameter_invalid',
      );
    }
    const customerId = subscription.customer as string;
    const discountParams = params.list('discounts');
    const deferred: DeferredChanges = {
      discounts:
        discountParams === undefined
          ? undefined
          : this.discounts
              .fromParams(discountParams, {
                customer: customerId,
                subscription: subscription.id,
                currency: subscription.currency,
                at,
              })
              .map((discount) => discount.id),
      metadata: params.metadata(),
      cancelAtPeriodEnd: params.bool('cancel_at_period_end'),
    };
    const items = itemInputs(params.list('items'));
    const trialEnd = params.timeOrNow('trial_end');
    const billingCycleAnchor = params.oneOf('billing_cycle_anchor', ['now', 'unchanged'] as const);
    const plan = this.plan(
      subscription,
      {
        items,
        prorationBehavior: params.oneOf('proration_behavior', PRORATION_BEHAVIORS) ?? 'create_prorations',
        prorationDate: params.int('proration_date'),
        trialEnd,
        billingCycleAnchor,
      },
      at,
    );
    plan.deferred = deferred;
    this.execute(subscription, plan, 'pending_if_incomplete', before, 'on_session');
    return subscription;
  }

  /** What a pending update carries besides items and trial, put on the subscription when it applies. */
  private applyDeferred(subscription: Stripe.Subscription, deferred: DeferredChanges, at: number): void {
    if (deferred.discounts !== undefined) subscription.discounts = deferred.discounts;
    subscription.metadata = mergeMetadata(subscription.metadata, deferred.metadata);
    if (deferred.cancelAtPeriodEnd !== undefined) {
      this.setCancellation(subscription, deferred.cancelAtPeriodEnd, undefined, at);
    }
  }

  private updateCancellation(subscription: Stripe.Subscription, params: Params, at: number): void {
    const cancelAtPeriodEnd = params.bool('cancel_at_period_end');
    const hasCancelAt = params.has('cancel_at');
    if (cancelAtPeriodEnd === undefined && !hasCancelAt) return;
    if (subscription.schedule) {
      throw invalidRequest(
        `The subscription is managed by the subscription schedule \`${subscription.schedule as string}\`, and updating any cancelation behavior directly is not allowed. Please update the schedule instead.`,
        undefined,
      );
    }
    const cancelAt = hasCancelAt ? (params.isEmpty('cancel_at') ? null : params.int('cancel_at')) : undefined;
    this.setCancellation(subscription, cancelAtPeriodEnd, cancelAt, at);
  }

  private setCancellation(
    subscription: Stripe.Subscription,
    cancelAtPeriodEnd: boolean | undefined,
    cancelAt: number | null | undefined,
    at: number,
  ): void {
    const periodEnd = this.period(subscription).end;
    const cancel = cancelAtPeriodEnd ?? (cancelAt !== undefined && cancelAt !== null);
    if (cancel) {
      subscription.cancel_at_period_end = cancelAtPeriodEnd === true || cancelAt === periodEnd;
      subscription.cancel_at = cancelAt ?? periodEnd;
      subscription.canceled_at = at;
      subscription.cancellation_details = {
        comment: null,
        feedback: null,
        feedback_option: null,
        reason: 'cancellation_requested',
      };
    } else {
      subscription.cancel_at_period_end = false;
      subscription.cancel_at = null;
      subscription.canceled_at = null;
      subscription.cancellation_details = {
        comment: null,
        feedback: null,
        feedback_option: null,
        reason: null,
      };
    }
  }

  /** Carries out a plan with the payment behaviour asked for; shared by updates and schedule phases. */
  execute(
    subscription: Stripe.Subscription,
    plan: UpdatePlan,
    behavior: PaymentBehavior,
    before: Stripe.Subscription,
    mode: PaymentMode,
  ): void {
    if (!plan.invoiceNow) {
      this.applyPlan(subscription, plan);
      this.addPending(subscription, plan.prorations);
      this.events.emitUpdated('customer.subscription.updated', subscription, before);
      return;
    }
    const lines = this.immediateLines(subscription, plan);
    const discounts =
      plan.deferred?.discounts !== undefined
        ? plan.deferred.discounts
            .map((id) => this.store.discounts.get(id))
            .filter((discount): discount is Stripe.Discount => discount !== undefined)
        : this.activeDiscounts(subscription);
    if (behavior === 'error_if_incomplete') {
      this.precheckPayment(
        subscription,
        lines,
        discounts,
        mode === 'on_session' ? 'on_session' : 'off_session',
        plan.at,
      );
    }
    const customer = this.store.customer(subscription.customer as string);
    const invoiceId = newId('in');
    if (behavior === 'pending_if_incomplete') {
      const invoice = this.invoices.create({
        id: invoiceId,
        customer,
        subscription: subscription.id,
        billingReason: 'subscription_update',
        lines,
        discounts,
        at: plan.at,
        periodStart: plan.at,
        periodEnd: plan.at,
        prorationDate: plan.prorationDate,
      });
      this.consumePending(subscription.id);
      this.invoices.meta(invoice).pendingUpdateOf = subscription.id;
      this.store.pendingUpdates.set(subscription.id, { plan, invoice: invoice.id });
      this.invoices.finalize(invoice, plan.at);
      if (invoice.status === 'open') this.invoices.collect(invoice, mode);
      if (this.store.pendingUpdates.has(subscription.id)) {
        subscription.latest_invoice = invoice.id;
        const deferred = plan.deferred;
        subscription.pending_update = {
          billing_cycle_anchor: plan.reset?.start ?? null,
          cancel_at_period_end: deferred?.cancelAtPeriodEnd ?? null,
          discount: null,
          discounts: deferred?.discounts ?? null,
          expires_at: plan.at + INCOMPLETE_EXPIRY,
          metadata: deferred?.metadata ?? null,
          subscription_items: plan.items.map((item) =>
            newSubscriptionItem(
              subscription.id,
              item.price,
              item.quantity,
              plan.reset ?? this.period(subscription),
              plan.at,
            ),
          ),
          trial_end: plan.trial?.kind === 'set' ? plan.trial.end : null,
          trial_from_plan: null,
        };
        this.events.emitUpdated('customer.subscription.updated', subscription, before);
      }
      return;
    }
    this.applyPlan(subscription, plan);
    subscription.latest_invoice = invoiceId;
    this.events.emitUpdated('customer.subscription.updated', subscription, before);
    const invoice = this.invoices.create({
      id: invoiceId,
      customer,
      subscription: subscription.id,
      billingReason: 'subscription_update',
      lines,
      discounts,
      at: plan.at,
      periodStart: plan.at,
      periodEnd: plan.at,
      prorationDate: plan.prorationDate,
    });
    this.consumePending(subscription.id);
    this.invoices.finalize(invoice, plan.at);
    if (invoice.status !== 'open') return;
    if (behavior === 'default_incomplete') this.setStatus(subscription, 'past_due');
    else this.invoices.collect(invoice, mode);
  }

  // ---- invoice outcomes ----

  private subscriptionOf(invoice: Stripe.Invoice): Stripe.Subscription | undefined {
    const id = invoice.parent?.subscription_details?.subscription;
    return typeof id === 'string' ? this.store.subscriptions.get(id) : undefined;
  }

  private onInvoicePaid(invoice: Stripe.Invoice): void {
    const subscription = this.subscriptionOf(invoice);
    if (!subscription || subscription.status === 'canceled' || subscription.status === 'incomplete_expired')
      return;
    const at = this.store.nowFor(subscription.customer as string);
    const before = snapshot(subscription);
    const pending = this.store.pendingUpdates.get(subscription.id);
    if (pending && pending.invoice === invoice.id) {
      this.applyPlan(subscription, pending.plan);
      this.store.pendingUpdates.delete(subscription.id);
      subscription.pending_update = null;
      subscription.latest_invoice = invoice.id;
      this.events.emit(
        'customer.subscription.pending_update_applied',
        subscription,
        changedAttributes(before, subscription),
      );
    }
    const meta = this.store.subscriptionMeta.get(subscription.id);
    if (subscription.status === 'incomplete') {
      subscription.status = subscription.trial_end && subscription.trial_end > at ? 'trialing' : 'active';
      if (meta) meta.incompleteExpiresAt = null;
    } else {
      this.recover(subscription);
    }
    if (meta?.saveDefaultPaymentMethod) {
      const intent = this.invoices.intentOf(invoice);
      if (typeof intent?.payment_method === 'string')
        subscription.default_payment_method = intent.payment_method;
    }
    this.events.emitUpdated('customer.subscription.updated', subscription, before);
  }

  private onInvoicePaymentFailed(invoice: Stripe.Invoice, exhausted: boolean): void {
    const subscription = this.subscriptionOf(invoice);
    if (!subscription || subscription.status === 'canceled' || subscription.status === 'incomplete_expired')
      return;
    if (invoice.billing_reason === 'subscription_create') return;
    if (this.store.invoiceMeta.get(invoice.id)?.pendingUpdateOf) return;
    this.fallBehind(subscription, exhausted);
  }

  /**
   * Stripe: a send_invoice subscription "becomes past_due when its invoice is not paid by the due date", its
   * first invoice included (the subscription was active from the start, not incomplete).
   */
  private onInvoiceOverdue(invoice: Stripe.Invoice): void {
    const subscription = this.subscriptionOf(invoice);
    if (!subscription || subscription.status === 'canceled' || subscription.status === 'incomplete_expired')
      return;
    this.fallBehind(subscription, false);
  }

  /** A voided invoice is no longer owed: with nothing else keeping it behind, the subscription is active again. */
  private onInvoiceVoided(invoice: Stripe.Invoice): void {
    const subscription = this.subscriptionOf(invoice);
    if (!subscription) return;
    const before = snapshot(subscription);
    this.recover(subscription);
    this.events.emitUpdated('customer.subscription.updated', subscription, before);
  }

  /** past_due (then, once dunning is exhausted, what the settings say), with `customer.subscription.updated`. */
  private fallBehind(subscription: Stripe.Subscription, exhausted: boolean): void {
    const at = this.store.nowFor(subscription.customer as string);
    const before = snapshot(subscription);
    if (subscription.status === 'active' || subscription.status === 'trialing')
      subscription.status = 'past_due';
    if (exhausted) {
      if (this.dunning.afterFinalRetry === 'canceled') {
        this.cancel(subscription, at, 'payment_failed');
        return;
      }
      if (this.dunning.afterFinalRetry === 'unpaid') subscription.status = 'unpaid';
    }
    this.events.emitUpdated('customer.subscription.updated', subscription, before);
  }

  /** past_due or unpaid: active again once none of its invoices keeps it behind (the caller emits the update). */
  private recover(subscription: Stripe.Subscription): void {
    if (subscription.status !== 'past_due' && subscription.status !== 'unpaid') return;
    const behind = [...this.store.invoices.values()].some(
      (invoice) =>
        invoice.parent?.subscription_details?.subscription === subscription.id && this.owed(invoice),
    );
    if (!behind) subscription.status = 'active';
  }

  /**
   * An open invoice keeps its subscription behind: one collected automatically at once, a send_invoice one only
   * once overdue (before its due date, the customer is not late).
   */
  private owed(invoice: Stripe.Invoice): boolean {
    if (invoice.status !== 'open') return false;
    if (invoice.collection_method !== 'send_invoice') return true;
    return this.store.invoiceMeta.get(invoice.id)?.overdue === true;
  }

  private onSetupIntentSucceeded(intent: Stripe.SetupIntent): void {
    for (const subscription of this.store.subscriptions.values()) {
      if (subscription.pending_setup_intent !== intent.id) continue;
      const before = snapshot(subscription);
      subscription.pending_setup_intent = null;
      if (typeof intent.payment_method === 'string')
        subscription.default_payment_method = intent.payment_method;
      this.events.emitUpdated('customer.subscription.updated', subscription, before);
    }
  }

  // ---- time ----

  /** The end of the period: cancel at period end, or a new period and its invoice (trial end included). */
  renew(subscription: Stripe.Subscription, at: number): void {
    const period = this.period(subscription);
    if (subscription.cancel_at !== null && subscription.cancel_at <= period.end) {
      this.cancel(subscription, subscription.cancel_at, 'cancellation_requested', false);
      return;
    }
    const before = snapshot(subscription);
    const items = this.billedItems(subscription);
    const next = periodFrom(period.end, subscription.billing_cycle_anchor, items[0]!.price);
    if (subscription.status === 'trialing') subscription.status = 'active';
    this.setPeriod(subscription, next);
    const invoiceId = newId('in');
    subscription.latest_invoice = invoiceId;
    this.events.emitUpdated('customer.subscription.updated', subscription, before);
    const customer = this.store.customer(subscription.customer as string);
    const invoice = this.invoices.create({
      id: invoiceId,
      customer,
      subscription: subscription.id,
      billingReason: 'subscription_cycle',
      lines: [
        ...this.pendingLines(subscription.id),
        ...items.map((item) => periodLine(subscription.id, item, next, this.store.products)),
      ],
      discounts: this.activeDiscounts(subscription),
      at,
      periodStart: period.start,
      periodEnd: period.end,
    });
    this.consumePending(subscription.id);
    if (subscription.status === 'unpaid') return;
    if (subscription.collection_method === 'send_invoice') invoice.collection_method = 'send_invoice';
    this.invoices.finalize(invoice, at);
    if (invoice.status !== 'open') return;
    if (invoice.collection_method === 'send_invoice') {
      invoice.due_date = at + (subscription.days_until_due ?? 30) * DAY;
      return;
    }
    this.invoices.collect(invoice, 'invoice_off_session');
  }

  trialWillEnd(subscription: Stripe.Subscription): void {
    this.store.subscriptionMeta.get(subscription.id)!.trialWillEndSent = true;
    this.events.emit('customer.subscription.trial_will_end', subscription);
  }

  expireIncomplete(subscription: Stripe.Subscription, at: number): void {
    const before = snapshot(subscription);
    subscription.status = 'incomplete_expired';
    subscription.ended_at = at;
    subscription.canceled_at = at;
    this.store.subscriptionMeta.get(subscription.id)!.incompleteExpiresAt = null;
    const latest = subscription.latest_invoice
      ? this.store.invoices.get(subscription.latest_invoice as string)
      : undefined;
    if (latest) this.invoices.void(latest, at);
    this.events.emitUpdated('customer.subscription.updated', subscription, before);
  }

  expirePendingUpdate(subscription: Stripe.Subscription, at: number): void {
    const pending = this.store.pendingUpdates.get(subscription.id);
    if (!pending) return;
    const before = snapshot(subscription);
    this.store.pendingUpdates.delete(subscription.id);
    subscription.pending_update = null;
    const invoice = this.store.invoices.get(pending.invoice);
    if (invoice) this.invoices.void(invoice, at);
    this.events.emit('customer.subscription.pending_update_expired', subscription);
    this.events.emitUpdated('customer.subscription.updated', subscription, before);
  }

  /** Ends the subscription now; `prorate` credits the unused time, `invoiceNow` bills what is pending. */
  cancel(
    subscription: Stripe.Subscription,
    at: number,
    reason: Stripe.Subscription.CancellationDetails.Reason,
    requestedNow = true,
    options: {
      prorate?: boolean;
      invoiceNow?: boolean;
      comment?: string | null;
      feedback?: string | null;
    } = {},
  ): Stripe.Subscription {
    if (subscription.status === 'canceled' || subscription.status === 'incomplete_expired') {
      throw invalidRequest(`This subscription has already been canceled.`, undefined, 'resource_missing');
    }
    if (options.prorate && subscription.status !== 'trialing' && subscription.status !== 'incomplete') {
      const period = this.period(subscription);
      this.addPending(
        subscription,
        this.billedItems(subscription)
          .map((item) => prorationLine('unused', subscription.id, item, period, at, this.store.products))
          .filter((line) => line.amount !== 0),
      );
    }
    if (options.invoiceNow && this.pendingLines(subscription.id).length > 0) {
      const invoice = this.invoices.create({
        customer: this.store.customer(subscription.customer as string),
        subscription: subscription.id,
        billingReason: 'subscription_update',
        lines: this.pendingLines(subscription.id),
        discounts: this.activeDiscounts(subscription),
        at,
        periodStart: at,
        periodEnd: at,
      });
      this.consumePending(subscription.id);
      this.invoices.finalize(invoice, at);
      if (invoice.status === 'open') this.invoices.collect(invoice, 'invoice_off_session');
    }
    subscription.status = 'canceled';
    subscription.ended_at = at;
    if (requestedNow || subscription.canceled_at === null) subscription.canceled_at = at;
    subscription.cancel_at = requestedNow ? null : subscription.cancel_at;
    subscription.cancellation_details = {
      comment: options.comment ?? subscription.cancellation_details?.comment ?? null,
      feedback: (options.feedback ??
        subscription.cancellation_details?.feedback ??
        null) as Stripe.Subscription.CancellationDetails.Feedback | null,
      feedback_option: null,
      reason,
    };
    this.consumePending(subscription.id);
    this.store.pendingUpdates.delete(subscription.id);
    subscription.pending_update = null;
    for (const invoice of this.store.invoices.values()) {
      if (
        invoice.status === 'open' &&
        invoice.parent?.subscription_details?.subscription === subscription.id
      ) {
        invoice.next_payment_attempt = null;
      }
    }
    this.onCanceled(subscription, at);
    this.events.emit('customer.subscription.deleted', subscription);
    return subscription;
  }
}
