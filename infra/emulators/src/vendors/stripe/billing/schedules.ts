import type Stripe from 'stripe';
import { invalidParam, invalidRequest, missingParam } from '../errors';
import { snapshot, type EventLog } from '../events';
import { newId } from '../ids';
import { Params } from '../params';
import type { StripeStore } from '../store';
import { addIntervals, type Interval } from '../time';
import { intervalOf } from './lines';
import { PRORATION_BEHAVIORS, type Subscriptions } from './subscriptions';
import type { ItemInput, ProrationBehavior } from './plan';

type Phase = Stripe.SubscriptionSchedule.Phase;
const UPDATABLE = ['not_started', 'active'];

/**
 * Subscription schedules: phases of prices over time. When the clock reaches a phase's end the subscription
 * moves to the next phase's items; after the last phase it is released (or canceled, `end_behavior=cancel`).
 */
export class Schedules {
  constructor(
    private readonly store: StripeStore,
    private readonly events: EventLog,
    private readonly subscriptions: Subscriptions,
  ) {
    subscriptions.onCanceled = (subscription, at) => this.onSubscriptionCanceled(subscription, at);
  }

  schedule(id: string): Stripe.SubscriptionSchedule {
    return this.store.get(this.store.schedules, id, 'subscription schedule');
  }

  create(params: Params): Stripe.SubscriptionSchedule {
    const from = params.str('from_subscription');
    if (from) {
      if (params.has('phases') || params.has('customer')) {
        throw invalidParam(
          'You cannot set `phases` or `customer` if `from_subscription` is set.',
          'from_subscription',
        );
      }
      return this.fromSubscription(this.store.subscription(from, 'from_subscription'));
    }
    const customer = this.store.customer(params.reqStr('customer'));
    const phaseParams = params.list('phases');
    if (!phaseParams?.length) throw missingParam('phases');
    const at = this.store.nowFor(customer.id);
    const start = params.timeOrNow('start_date');
    const startDate = start === undefined || start === 'now' ? at : start;
    const schedule = this.newSchedule(customer.id, at);
    schedule.end_behavior = params.oneOf('end_behavior', ['release', 'cancel']) ?? 'release';
    schedule.metadata = params.metadata() ?? {};
    schedule.default_settings.default_payment_method =
      params.obj('default_settings')?.str('default_payment_method') ?? null;
    schedule.phases = this.phasesFromParams(phaseParams, startDate, at);
    this.store.put(this.store.schedules, schedule);
    this.events.emit('subscription_schedule.created', schedule);
    if (schedule.phases[0]!.start_date <= at) this.start(schedule, at);
    return schedule;
  }

  private newSchedule(customer: string, created: number): Stripe.SubscriptionSchedule {
    return {
      id: newId('sub_sched'),
      object: 'subscription_schedule',
      application: null,
      billing_mode: { flexible: null, type: 'classic' },
      canceled_at: null,
      completed_at: null,
      created,
      current_phase: null,
      customer,
      customer_account: null,
      default_settings: {
        application_fee_percent: null,
        billing_cycle_anchor: 'automatic',
        billing_thresholds: null,
        collection_method: 'charge_automatically',
        default_payment_method: null,
        description: null,
        invoice_settings: {
          account_tax_ids: null,
          custom_fields: null,
          days_until_due: null,
          description: null,
          footer: null,
          issuer: { type: 'self' },
        },
        on_behalf_of: null,
        transfer_data: null,
      },
      end_behavior: 'release',
      livemode: false,
      metadata: {},
      pause_schedules: [],
      phases: [],
      released_at: null,
      released_subscription: null,
      status: 'not_started',
      subscription: null,
      test_clock: this.store.clockOf(customer),
    };
  }

  private fromSubscription(subscription: Stripe.Subscription): Stripe.SubscriptionSchedule {
    if (subscription.schedule) {
      throw invalidRequest(
        `You cannot migrate a subscription that is already attached to a schedule: \`${subscription.schedule as string}\`.`,
        'from_subscription',
      );
    }
    if (['canceled', 'incomplete_expired', 'incomplete'].includes(subscription.status)) {
      throw invalidRequest(
        `You cannot create a schedule from a subscription with status ${subscription.status}.`,
        'from_subscription',
      );
    }
    const customer = subscription.customer as string;
    const at = this.store.nowFor(customer);
    const period = this.subscriptions.period(subscription);
    const schedule = this.newSchedule(customer, at);
    schedule.default_settings.default_payment_method = subscription.default_payment_method as string | null;
    const first = phase(
      period.start,
      period.end,
      this.subscriptions.billedItems(subscription).map(({ price, quantity }) => ({ price, quantity })),
      'create_prorations',
      subscription.currency,
    );
    // As Stripe does: the first phase reuses the subscription's discounts.
    first.discounts = subscription.discounts.map((discount) => ({
      coupon: null,
      discount: typeof discount === 'string' ? discount : discount.id,
      promotion_code: null,
    }));
    schedule.phases = [first];
    schedule.status = 'active';
    schedule.subscription = subscription.id;
    schedule.current_phase = { start_date: period.start, end_date: period.end };
    this.store.put(this.store.schedules, schedule);
    this.events.emit('subscription_schedule.created', schedule);
    const before = snapshot(subscription);
    subscription.schedule = schedule.id;
    this.events.emitUpdated('customer.subscription.updated', subscription, before);
    return schedule;
  }

  /** Phases from `phases[n]`: each starts where the previous ends; end_date or duration (the last: one period). */
  private phasesFromParams(list: Params[], firstStart: number, at: number): Phase[] {
    const phases: Phase[] = [];
    let start = firstStart;
    list.forEach((params, index) => {
      if (index === 0) {
        const given = params.timeOrNow('start_date');
        if (given !== undefined) start = given === 'now' ? at : given;
      }
      const itemParams = params.list('items');
      if (!itemParams?.length) throw missingParam(params.name('items'));
      const items = itemParams.map((item) => {
        const priceId = item.str('price') ?? item.str('plan');
        if (!priceId) throw missingParam(item.name('price'));
        return {
          price: this.subscriptions.price(priceId, item.name('price')),
          quantity: item.int('quantity') ?? 1,
        };
      });
      const { interval, count } = intervalOf(items[0]!.price);
      const endGiven = params.timeOrNow('end_date');
      const duration = params.obj('duration');
      let end: number;
      if (endGiven !== undefined) end = endGiven === 'now' ? at : endGiven;
      else if (duration) {
        const unit = duration.oneOf('interval', ['day', 'week', 'month', 'year'] as const) ?? 'month';
        end = addIntervals(start, unit as Interval, duration.int('interval_count') ?? 1);
      } else if (index === list.length - 1) end = addIntervals(start, interval, count);
      else throw missingParam(params.name('end_date'));
      if (end <= start) throw invalidParam('A phase must end after it starts.', params.name('end_date'));
      const proration = (params.oneOf('proration_behavior', PRORATION_BEHAVIORS) ??
        'create_prorations') as ProrationBehavior;
      const created = phase(start, end, items, proration, items[0]!.price.currency);
      created.metadata = params.metadata() ?? {};
      created.discounts = (params.list('discounts') ?? []).map((spec) => this.phaseDiscount(spec));
      phases.push(created);
      start = end;
    });
    return phases;
  }

  /** `phases[n][discounts][m]`: a coupon, a promotion code or an existing discount, each checked now. */
  private phaseDiscount(spec: Params): Stripe.SubscriptionSchedule.Phase.Discount {
    const coupon = spec.str('coupon') ?? null;
    const discount = spec.str('discount') ?? null;
    const promotionCode = spec.str('promotion_code') ?? null;
    if ([coupon, discount, promotionCode].filter((value) => value !== null).length !== 1) {
      throw invalidParam(
        'Each discount must have exactly one of `coupon`, `discount` or `promotion_code`.',
        spec.name('coupon'),
      );
    }
    if (coupon) this.store.get(this.store.coupons, coupon, 'coupon', spec.name('coupon'));
    if (discount) this.store.get(this.store.discounts, discount, 'discount', spec.name('discount'));
    if (promotionCode) {
      this.store.get(this.store.promotionCodes, promotionCode, 'promotion code', spec.name('promotion_code'));
    }
    return { coupon, discount, promotion_code: promotionCode };
  }

  /** A not-started schedule reaches its start: its subscription is created with the first phase. */
  start(schedule: Stripe.SubscriptionSchedule, at: number): void {
    const first = schedule.phases[0]!;
    const customer = this.store.customer(schedule.customer as string);
    const subscription = this.subscriptions.create({
      customer,
      items: phaseItemInputs(first),
      defaultPaymentMethod: schedule.default_settings.default_payment_method as string | null,
      paymentBehavior: 'allow_incomplete',
      defaultTaxRates: [],
      applicationFeePercent: null,
      trialEnd: null,
      discounts: [],
      metadata: {},
      description: null,
      cancelAtPeriodEnd: false,
      collectionMethod: 'charge_automatically',
      daysUntilDue: null,
      offSession: true,
      saveDefaultPaymentMethod: false,
      at,
    });
    const subscriptionBefore = snapshot(subscription);
    subscription.schedule = schedule.id;
    this.events.emitUpdated('customer.subscription.updated', subscription, subscriptionBefore);
    const before = snapshot(schedule);
    schedule.status = 'active';
    schedule.subscription = subscription.id;
    schedule.current_phase = { start_date: first.start_date, end_date: first.end_date };
    this.events.emitUpdated('subscription_schedule.updated', schedule, before);
  }

  update(schedule: Stripe.SubscriptionSchedule, params: Params): Stripe.SubscriptionSchedule {
    this.assertUpdatable(schedule, 'update');
    const before = snapshot(schedule);
    const at = this.store.nowFor(schedule.customer as string);
    const endBehavior = params.oneOf('end_behavior', ['release', 'cancel']);
    if (endBehavior) schedule.end_behavior = endBehavior;
    if (params.has('metadata'))
      schedule.metadata = { ...(schedule.metadata ?? {}), ...(params.metadata() ?? {}) };
    const defaultPaymentMethod = params.obj('default_settings')?.nullableStr('default_payment_method');
    if (defaultPaymentMethod !== undefined)
      schedule.default_settings.default_payment_method = defaultPaymentMethod;
    const phaseParams = params.list('phases');
    if (phaseParams?.length) {
      const currentIndex = this.currentIndex(schedule);
      const kept = schedule.status === 'active' ? schedule.phases.slice(0, currentIndex) : [];
      const firstStart =
        schedule.status === 'active'
          ? schedule.phases[currentIndex]!.start_date
          : schedule.phases[0]!.start_date;
      const phases = this.phasesFromParams(phaseParams, firstStart, at);
      if (schedule.status === 'active' && phases[0]!.start_date !== firstStart) {
        throw invalidParam(
          'You can not modify the start date of the current phase.',
          'phases[0][start_date]',
        );
      }
      schedule.phases = [...kept, ...phases];
      if (schedule.status === 'active') {
        const current = phases[0]!;
        schedule.current_phase = { start_date: current.start_date, end_date: current.end_date };
        const subscription = this.store.subscription(schedule.subscription as string);
        const proration = (params.oneOf('proration_behavior', PRORATION_BEHAVIORS) ??
          current.proration_behavior) as ProrationBehavior;
        this.moveTo(subscription, current, proration, at);
      }
    }
    this.events.emitUpdated('subscription_schedule.updated', schedule, before);
    return schedule;
  }

  /** The subscription takes a phase's items (same price keeps its item id). */
  private moveTo(
    subscription: Stripe.Subscription,
    target: Phase,
    proration: ProrationBehavior,
    at: number,
  ): void {
    // Each phase sets the subscription's discounts (none when the phase lists none), as on Stripe.
    const discountsBefore = snapshot(subscription);
    const discounts = this.subscriptions.discountsForPhase(subscription, target.discounts, at);
    if (discounts.join() !== subscription.discounts.join()) {
      subscription.discounts = discounts;
      this.events.emitUpdated('customer.subscription.updated', subscription, discountsBefore);
    }
    const inputs = itemChanges(subscription, target);
    if (inputs.length === 0) return;
    const before = snapshot(subscription);
    const plan = this.subscriptions.plan(subscription, { items: inputs, prorationBehavior: proration }, at);
    this.subscriptions.execute(subscription, plan, 'allow_incomplete', before, 'invoice_off_session');
  }

  private currentIndex(schedule: Stripe.SubscriptionSchedule): number {
    const current = schedule.current_phase;
    const index = current ? schedule.phases.findIndex((p) => p.start_date === current.start_date) : 0;
    return Math.max(0, index);
  }

  private assertUpdatable(schedule: Stripe.SubscriptionSchedule, action: string): void {
    if (!UPDATABLE.includes(schedule.status)) {
      throw invalidRequest(
        `You cannot ${action} a subscription schedule that is currently in the \`${schedule.status}\` status. It must be in one of the following statuses: \`not_started\`, \`active\`.`,
        undefined,
        'subscription_schedule_unexpected_state',
      );
    }
  }

  release(schedule: Stripe.SubscriptionSchedule, at: number): Stripe.SubscriptionSchedule {
    this.assertUpdatable(schedule, 'release');
    const subscriptionId = schedule.subscription as string | null;
    schedule.status = 'released';
    schedule.released_at = at;
    schedule.released_subscription = subscriptionId;
    schedule.subscription = null;
    schedule.current_phase = null;
    this.events.emit('subscription_schedule.released', schedule);
    const subscription = subscriptionId ? this.store.subscriptions.get(subscriptionId) : undefined;
    if (subscription) {
      const subscriptionBefore = snapshot(subscription);
      subscription.schedule = null;
      this.events.emitUpdated('customer.subscription.updated', subscription, subscriptionBefore);
    }
    return schedule;
  }

  private end(schedule: Stripe.SubscriptionSchedule, status: 'canceled' | 'completed', at: number): void {
    schedule.status = status;
    if (status === 'canceled') schedule.canceled_at = at;
    else schedule.completed_at = at;
    schedule.current_phase = null;
    this.events.emit(`subscription_schedule.${status}`, schedule);
  }

  private onSubscriptionCanceled(subscription: Stripe.Subscription, at: number): void {
    const scheduleId = subscription.schedule as string | null;
    const schedule = scheduleId ? this.store.schedules.get(scheduleId) : undefined;
    if (schedule && UPDATABLE.includes(schedule.status)) this.end(schedule, 'canceled', at);
  }

  /** When the clock machinery has to act on the schedule next. */
  dueAt(schedule: Stripe.SubscriptionSchedule): number | null {
    if (schedule.status === 'not_started') return schedule.phases[0]?.start_date ?? null;
    if (schedule.status === 'active') return schedule.current_phase?.end_date ?? null;
    return null;
  }

  /** The clock reached `dueAt`: start, next phase, or the end (release / cancel). */
  advance(schedule: Stripe.SubscriptionSchedule, at: number): void {
    if (schedule.status === 'not_started') {
      this.start(schedule, at);
      return;
    }
    const index = this.currentIndex(schedule);
    const next = schedule.phases[index + 1];
    const subscription = this.store.subscriptions.get(schedule.subscription as string);
    if (!subscription) return;
    if (next) {
      const before = snapshot(schedule);
      schedule.current_phase = { start_date: next.start_date, end_date: next.end_date };
      this.moveTo(subscription, next, next.proration_behavior as ProrationBehavior, at);
      this.events.emitUpdated('subscription_schedule.updated', schedule, before);
      return;
    }
    if (schedule.end_behavior === 'cancel') {
      this.end(schedule, 'completed', at);
      this.subscriptions.cancel(subscription, at, 'cancellation_requested');
      return;
    }
    this.release(schedule, at);
  }
}

function phase(
  start: number,
  end: number,
  items: Array<{ price: Stripe.Price; quantity: number }>,
  proration: ProrationBehavior,
  currency: string,
): Phase {
  return {
    add_invoice_items: [],
    application_fee_percent: null,
    billing_cycle_anchor: null,
    billing_thresholds: null,
    collection_method: null,
    currency,
    default_payment_method: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    end_date: end,
    invoice_settings: null,
    items: items.map(({ price, quantity }) => ({
      billing_thresholds: null,
      discounts: [],
      metadata: {},
      plan: price.id,
      price: price.id,
      quantity,
      tax_rates: [],
    })),
    metadata: {},
    on_behalf_of: null,
    proration_behavior: proration,
    start_date: start,
    transfer_data: null,
    trial_end: null,
  };
}

function phaseItemInputs(target: Phase): ItemInput[] {
  return target.items.map((item, index) => ({
    price: item.price as string,
    quantity: item.quantity ?? 1,
    deleted: false,
    params: new Params({}, `phases[0][items][${index}]`),
  }));
}

/**
 * The item changes that turn the subscription's items into the phase's: same price first (quantity
 * only), then remaining items paired in order (the item keeps its id, its price changes), then additions
 * and deletions.
 */
function itemChanges(subscription: Stripe.Subscription, target: Phase): ItemInput[] {
  const wanted = target.items.map((item) => ({ price: item.price as string, quantity: item.quantity ?? 1 }));
  const current = subscription.items.data.map((item) => ({
    id: item.id,
    price: item.price.id,
    quantity: item.quantity ?? 1,
  }));
  const changes: ItemInput[] = [];
  const params = new Params({}, 'phases[items]');
  const unmatchedCurrent = current.filter((item) => {
    const index = wanted.findIndex((w) => w.price === item.price);
    if (index < 0) return true;
    const [match] = wanted.splice(index, 1);
    if (match!.quantity !== item.quantity)
      changes.push({ id: item.id, quantity: match!.quantity, deleted: false, params });
    return false;
  });
  unmatchedCurrent.forEach((item, index) => {
    const replacement = wanted[index];
    if (replacement)
      changes.push({
        id: item.id,
        price: replacement.price,
        quantity: replacement.quantity,
        deleted: false,
        params,
      });
    else changes.push({ id: item.id, deleted: true, params });
  });
  for (const extra of wanted.slice(unmatchedCurrent.length)) {
    changes.push({ price: extra.price, quantity: extra.quantity, deleted: false, params });
  }
  return changes;
}
