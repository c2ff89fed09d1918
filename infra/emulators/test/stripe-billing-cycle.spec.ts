import type Stripe from 'stripe';
import {
  aClock,
  aCustomerWithCard,
  advanceClock,
  aPrice,
  DAY,
  startStripe,
  type StripeHarness,
} from './stripe-support';

const JAN_1 = Date.UTC(2026, 0, 1) / 1000;
const FEB_1 = Date.UTC(2026, 1, 1) / 1000;
const MAR_1 = Date.UTC(2026, 2, 1) / 1000;
const APR_1 = Date.UTC(2026, 3, 1) / 1000;

describe('Stripe emulator: renewals, trials, dunning, schedules and previews on test clocks', () => {
  let h: StripeHarness;
  let stripe: Stripe;

  beforeAll(async () => {
    h = await startStripe({ retryDelaysMs: [] });
    stripe = h.stripe;
  });
  afterAll(() => h.close());

  async function eventTypes(objectId: string): Promise<string[]> {
    const events = await stripe.events.list({ limit: 100 });
    return events.data
      .filter((event) => (event.data.object as { id?: string }).id === objectId)
      .map((event) => event.type)
      .reverse();
  }

  it('renews on the clock, and on a failing card goes past_due, retries at +3, +5, +7 days, then unpaid', async () => {
    const clock = await aClock(stripe, JAN_1);
    const price = await aPrice(stripe, 2500);
    const { customer } = await aCustomerWithCard(stripe, 'pm_card_visa', clock.id);
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
    });
    expect(subscription.status).toBe('active');

    // The card starts failing: a new default that attaches but declines every charge.
    const failing = await stripe.paymentMethods.attach('pm_card_chargeCustomerFail', {
      customer: customer.id,
    });
    await stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: failing.id } });

    await advanceClock(stripe, clock.id, FEB_1 + 60);
    const pastDue = await stripe.subscriptions.retrieve(subscription.id);
    expect(pastDue.status).toBe('past_due');
    expect(pastDue.items.data[0]).toMatchObject({ current_period_start: FEB_1, current_period_end: MAR_1 });
    const renewal = await stripe.invoices.retrieve(pastDue.latest_invoice as string);
    expect(renewal).toMatchObject({
      billing_reason: 'subscription_cycle',
      status: 'open',
      attempt_count: 1,
      next_payment_attempt: FEB_1 + 3 * DAY,
      period_start: JAN_1,
      period_end: FEB_1,
    });

    await advanceClock(stripe, clock.id, FEB_1 + 3 * DAY + 60);
    expect(await stripe.invoices.retrieve(renewal.id)).toMatchObject({
      attempt_count: 2,
      next_payment_attempt: FEB_1 + 5 * DAY,
    });
    await advanceClock(stripe, clock.id, FEB_1 + 5 * DAY + 60);
    expect((await stripe.invoices.retrieve(renewal.id)).next_payment_attempt).toBe(FEB_1 + 7 * DAY);
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('past_due');
    await advanceClock(stripe, clock.id, FEB_1 + 7 * DAY + 60);
    expect(await stripe.invoices.retrieve(renewal.id)).toMatchObject({
      attempt_count: 4,
      next_payment_attempt: null,
      status: 'open',
    });
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('unpaid');
    expect(await eventTypes(renewal.id)).toEqual([
      'invoice.created',
      'invoice.finalized',
      'invoice.payment_failed',
      'invoice.payment_failed',
      'invoice.payment_failed',
      'invoice.payment_failed',
    ]);

    // Paying the invoice with a working card makes the subscription active again.
    const visa = await stripe.paymentMethods.attach('pm_card_visa', { customer: customer.id });
    const paid = await stripe.invoices.pay(renewal.id, { payment_method: visa.id });
    expect(paid.status).toBe('paid');
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('active');
  });

  it('recovers from past_due when a retry succeeds', async () => {
    const clock = await aClock(stripe, JAN_1);
    const price = await aPrice(stripe, 900);
    const { customer } = await aCustomerWithCard(stripe, 'pm_card_visa', clock.id);
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
    });
    const failing = await stripe.paymentMethods.attach('pm_card_chargeCustomerFail', {
      customer: customer.id,
    });
    await stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: failing.id } });
    await advanceClock(stripe, clock.id, FEB_1 + 60);
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('past_due');

    const visa = await stripe.paymentMethods.attach('pm_card_visa', { customer: customer.id });
    await stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: visa.id } });
    await advanceClock(stripe, clock.id, FEB_1 + 3 * DAY + 60);
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('active');
  });

  it('runs a trial: $0 first invoice, trial_will_end three days before, then the first paid invoice', async () => {
    const clock = await aClock(stripe, JAN_1);
    const price = await aPrice(stripe, 4000);
    const { customer } = await aCustomerWithCard(stripe, 'pm_card_visa', clock.id);
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      trial_period_days: 14,
      expand: ['latest_invoice'],
    });
    const trialEnd = JAN_1 + 14 * DAY;
    expect(subscription).toMatchObject({ status: 'trialing', trial_start: JAN_1, trial_end: trialEnd });
    expect(subscription.latest_invoice).toMatchObject({ status: 'paid', amount_due: 0, total: 0 });
    expect((subscription.latest_invoice as Stripe.Invoice).lines.data[0]!.description).toBe(
      'Trial period for Plan 4000',
    );

    await advanceClock(stripe, clock.id, trialEnd - 3 * DAY - 60);
    expect(await eventTypes(subscription.id)).not.toContain('customer.subscription.trial_will_end');
    await advanceClock(stripe, clock.id, trialEnd - 3 * DAY + 60);
    expect(await eventTypes(subscription.id)).toContain('customer.subscription.trial_will_end');

    await advanceClock(stripe, clock.id, trialEnd + 60);
    const active = await stripe.subscriptions.retrieve(subscription.id, { expand: ['latest_invoice'] });
    expect(active.status).toBe('active');
    expect(active.items.data[0]!.current_period_start).toBe(trialEnd);
    expect(active.latest_invoice).toMatchObject({
      status: 'paid',
      amount_paid: 4000,
      billing_reason: 'subscription_cycle',
    });
  });

  it('ends a trial without a card past_due', async () => {
    const clock = await aClock(stripe, JAN_1);
    const price = await aPrice(stripe, 4000);
    const customer = await stripe.customers.create({ test_clock: clock.id });
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      trial_end: JAN_1 + 7 * DAY,
    });
    expect(subscription.status).toBe('trialing');
    await advanceClock(stripe, clock.id, JAN_1 + 7 * DAY + 60);
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('past_due');
  });

  it('downgrades through a schedule: the new price from the period end, then the schedule is released', async () => {
    const clock = await aClock(stripe, JAN_1);
    const pro = await aPrice(stripe, 5000, 'month', 'Pro');
    const basic = await aPrice(stripe, 2000, 'month', 'Basic');
    const { customer } = await aCustomerWithCard(stripe, 'pm_card_visa', clock.id);
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: pro.id }],
    });

    await advanceClock(stripe, clock.id, JAN_1 + 10 * DAY);
    const schedule = await stripe.subscriptionSchedules.create({ from_subscription: subscription.id });
    expect(schedule).toMatchObject({
      object: 'subscription_schedule',
      status: 'active',
      subscription: subscription.id,
      end_behavior: 'release',
      current_phase: { start_date: JAN_1, end_date: FEB_1 },
    });
    expect((await stripe.subscriptions.retrieve(subscription.id)).schedule).toBe(schedule.id);

    const updated = await stripe.subscriptionSchedules.update(schedule.id, {
      end_behavior: 'release',
      proration_behavior: 'none',
      phases: [
        { items: [{ price: pro.id, quantity: 1 }], start_date: JAN_1, end_date: FEB_1 },
        { items: [{ price: basic.id, quantity: 1 }], duration: { interval: 'month', interval_count: 1 } },
      ],
    });
    expect(updated.phases.map((phase) => [phase.start_date, phase.end_date, phase.items[0]!.price])).toEqual([
      [JAN_1, FEB_1, pro.id],
      [FEB_1, MAR_1, basic.id],
    ]);

    await advanceClock(stripe, clock.id, FEB_1 + 60);
    const switched = await stripe.subscriptions.retrieve(subscription.id, { expand: ['latest_invoice'] });
    expect(switched.items.data[0]).toMatchObject({
      price: { id: basic.id },
      current_period_start: FEB_1,
      current_period_end: MAR_1,
    });
    expect(switched.latest_invoice).toMatchObject({ amount_paid: 2000, status: 'paid' });
    expect(await stripe.subscriptionSchedules.retrieve(schedule.id)).toMatchObject({
      status: 'active',
      current_phase: { start_date: FEB_1, end_date: MAR_1 },
    });

    await advanceClock(stripe, clock.id, MAR_1 + 60);
    const released = await stripe.subscriptionSchedules.retrieve(schedule.id);
    expect(released).toMatchObject({
      status: 'released',
      released_subscription: subscription.id,
      subscription: null,
      released_at: MAR_1,
    });
    const continuing = await stripe.subscriptions.retrieve(subscription.id);
    expect(continuing).toMatchObject({ status: 'active', schedule: null });
    expect(continuing.items.data[0]).toMatchObject({ price: { id: basic.id }, current_period_end: APR_1 });
    expect(await eventTypes(schedule.id)).toEqual([
      'subscription_schedule.created',
      'subscription_schedule.updated',
      'subscription_schedule.updated',
      'subscription_schedule.released',
    ]);
  });

  it('sets the subscription’s discounts from each phase: kept when the phase carries them, dropped otherwise', async () => {
    const clock = await aClock(stripe, JAN_1);
    const pro = await aPrice(stripe, 5000, 'month', 'Pro');
    const basic = await aPrice(stripe, 2000, 'month', 'Basic');
    await stripe.coupons.create({ id: 'PHASE20', percent_off: 20, duration: 'forever' });
    const { customer } = await aCustomerWithCard(stripe, 'pm_card_visa', clock.id);
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: pro.id }],
      discounts: [{ coupon: 'PHASE20' }],
    });
    const discount = subscription.discounts[0] as string;
    const schedule = await stripe.subscriptionSchedules.create({ from_subscription: subscription.id });
    expect(schedule.phases[0]!.discounts).toEqual([{ coupon: null, discount, promotion_code: null }]);

    const phases = (carried: boolean) => [
      {
        items: [{ price: pro.id, quantity: 1 }],
        discounts: [{ discount }],
        start_date: JAN_1,
        end_date: FEB_1,
      },
      {
        items: [{ price: basic.id, quantity: 1 }],
        ...(carried ? { discounts: [{ discount }] } : {}),
        duration: { interval: 'month' as const, interval_count: 1 },
      },
    ];
    await stripe.subscriptionSchedules.update(schedule.id, {
      proration_behavior: 'none',
      phases: phases(true),
    });
    await advanceClock(stripe, clock.id, FEB_1 + 60);
    const carried = await stripe.subscriptions.retrieve(subscription.id, { expand: ['latest_invoice'] });
    expect(carried.discounts).toEqual([discount]);
    expect(carried.latest_invoice).toMatchObject({ amount_paid: 1600 });

    // A phase without discounts removes them when it starts, as Stripe's phases do.
    const second = await stripe.subscriptionSchedules.update(schedule.id, {
      proration_behavior: 'none',
      phases: [
        {
          items: [{ price: basic.id, quantity: 1 }],
          discounts: [{ discount }],
          start_date: FEB_1,
          end_date: MAR_1,
        },
        { items: [{ price: basic.id, quantity: 1 }], duration: { interval: 'month', interval_count: 1 } },
      ],
    });
    expect(second.phases.at(-1)!.discounts).toEqual([]);
    await advanceClock(stripe, clock.id, MAR_1 + 60);
    const dropped = await stripe.subscriptions.retrieve(subscription.id, { expand: ['latest_invoice'] });
    expect(dropped.discounts).toEqual([]);
    expect(dropped.latest_invoice).toMatchObject({ amount_paid: 2000 });
  });

  it('starts a schedule created with phases, and releases its subscription', async () => {
    const clock = await aClock(stripe, JAN_1);
    const price = await aPrice(stripe, 3000);
    const { customer } = await aCustomerWithCard(stripe, 'pm_card_visa', clock.id);
    const schedule = await stripe.subscriptionSchedules.create({
      customer: customer.id,
      start_date: JAN_1 + 5 * DAY,
      end_behavior: 'cancel',
      phases: [{ items: [{ price: price.id }], duration: { interval: 'month', interval_count: 2 } }],
    });
    expect(schedule).toMatchObject({ status: 'not_started', subscription: null });
    await advanceClock(stripe, clock.id, JAN_1 + 5 * DAY + 60);
    const started = await stripe.subscriptionSchedules.retrieve(schedule.id);
    expect(started.status).toBe('active');
    const subscription = await stripe.subscriptions.retrieve(started.subscription as string);
    expect(subscription).toMatchObject({ status: 'active', schedule: schedule.id });

    const released = await stripe.subscriptionSchedules.release(schedule.id);
    expect(released).toMatchObject({ status: 'released', released_subscription: subscription.id });
    expect(await stripe.subscriptions.retrieve(subscription.id)).toMatchObject({
      status: 'active',
      schedule: null,
    });
  });

  it('previews the first invoice of a new subscription and an upgrade of an existing one, with a coupon', async () => {
    const clock = await aClock(stripe, JAN_1);
    await stripe.coupons.create({ id: 'TENOFF', percent_off: 10, duration: 'forever' });
    const basic = await aPrice(stripe, 2000, 'month', 'Basic');
    const premium = await aPrice(stripe, 6200, 'month', 'Premium');
    const { customer } = await aCustomerWithCard(stripe, 'pm_card_visa', clock.id);

    const first = await stripe.invoices.createPreview({
      customer: customer.id,
      subscription_details: { items: [{ price: basic.id }] },
      discounts: [{ coupon: 'TENOFF' }],
    });
    expect(first).toMatchObject({
      object: 'invoice',
      status: 'draft',
      subtotal: 2000,
      total: 1800,
      amount_due: 1800,
    });
    expect(first.id).toMatch(/^upcoming_in_/);
    expect(first.total_discount_amounts).toEqual([{ amount: 200, discount: expect.any(String) }]);
    expect(first.lines.data[0]).toMatchObject({
      amount: 2000,
      discount_amounts: [{ amount: 200, discount: expect.any(String) }],
    });

    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: basic.id }],
      discounts: [{ coupon: 'TENOFF' }],
      expand: ['latest_invoice'],
    });
    expect(subscription.latest_invoice).toMatchObject({ total: 1800, amount_paid: 1800 });
    expect(subscription.discounts).toHaveLength(1);

    const at = JAN_1 + 15 * DAY;
    await advanceClock(stripe, clock.id, at);
    const preview = await stripe.invoices.createPreview({
      customer: customer.id,
      subscription: subscription.id,
      subscription_details: {
        items: [{ id: subscription.items.data[0]!.id, price: premium.id }],
        proration_behavior: 'always_invoice',
        proration_date: at,
      },
    });
    // 16 of 31 days left.
    const credit = -Math.round((2000 * 16) / 31);
    const charge = Math.round((6200 * 16) / 31);
    expect(
      preview.lines.data.map((line) => [line.amount, line.parent?.subscription_item_details?.proration]),
    ).toEqual([
      [credit, true],
      [charge, true],
    ]);
    const discount = Math.round(credit * 0.1) + Math.round(charge * 0.1);
    expect(preview).toMatchObject({
      subtotal: credit + charge,
      total: credit + charge - discount,
      amount_due: credit + charge - discount,
    });
    expect(preview.total_discount_amounts).toEqual([
      { amount: discount, discount: subscription.discounts[0] },
    ]);

    const upcoming = await stripe.invoices.createPreview({
      customer: customer.id,
      subscription: subscription.id,
    });
    expect(upcoming).toMatchObject({ subtotal: 2000, total: 1800, period_end: FEB_1 });
    expect(upcoming.lines.data[0]!.period).toEqual({ start: FEB_1, end: MAR_1 });
    await expect(
      stripe.invoices.createPreview({ customer: (await stripe.customers.create({})).id }),
    ).rejects.toMatchObject({
      code: 'invoice_upcoming_none',
    });
  });
});
