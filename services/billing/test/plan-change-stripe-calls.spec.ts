import type Stripe from 'stripe';
import { PLANS } from '@tourly/contracts';
import { startBilling, type Billing, type Person } from './support';

const DAY_MS = 24 * 60 * 60 * 1000;
const monthly = (code: keyof typeof PLANS) => PLANS[code].prices.usd.monthly;

/**
 * Plan changes as real Stripe takes them (the emulator refuses what Stripe refuses): an upgrade's card is set
 * apart from its pending update and put back when the payment is declined, its coupon applies only once paid,
 * and a scheduled downgrade starts from the plan running now and keeps the subscription's discounts.
 */
describe('plan changes Stripe accepts', () => {
  let it_: Billing;
  let admin: Person;

  beforeAll(async () => {
    it_ = await startBilling();
    admin = await it_.staff();
  });
  afterAll(() => it_.stop());

  async function aPayingProvider(name: string, productCode: keyof typeof PLANS) {
    const provider = await it_.signUp(name);
    await provider.send('put', '/provider/billing/account', {
      name,
      email: 'billing@calls.test',
      address: '1 Main St',
      country: 'US',
    });
    const visa = await it_.saveCard(provider, 'pm_card_visa');
    const first = await change(provider, {
      product_code: productCode,
      interval: 'month',
      payment_method_id: visa,
    });
    expect(first.body.data).toMatchObject({ result: 'success', subscription: { product_code: productCode } });
    await it_.settled();
    return { provider, visa };
  }
  const change = (provider: Person, selection: object) =>
    provider.send('put', '/provider/billing/service_plan_subscription', {
      service_plan_subscription: selection,
    });
  const current = async (provider: Person) =>
    (await provider.get('/provider/billing/service_plan_subscription')).body.data;
  async function stripeSubscription(provider: Person): Promise<Stripe.Subscription> {
    const [{ id }] = (await it_.billingDb.dataSource.query(
      'SELECT stripe_subscription_id AS id FROM subscriptions WHERE provider_id = $1',
      [provider.providerId],
    )) as Array<{ id: string }>;
    return it_.stripe.subscriptions.retrieve(id, { expand: ['discounts', 'latest_invoice'] });
  }
  async function clockTo(provider: Person, time: number) {
    const clock = (await provider.get('/provider/billing/test_clock')).body.data.test_clock;
    const moved = await provider.send('post', '/provider/billing/advance_test_clock', {
      test_clock_id: clock.id,
      time: new Date(time).toISOString(),
    });
    expect(moved.status).toBe(200);
    await it_.settled();
  }
  const couponsOf = (subscription: Stripe.Subscription) =>
    subscription.discounts.map((discount) => (discount as Stripe.Discount).source.coupon);

  it('upgrades with a chosen card and a coupon; a declined upgrade keeps neither the card nor the coupon', async () => {
    const { provider, visa } = await aPayingProvider('Upgrade Calls', 'starter_plan');
    await it_.stripe.coupons.create({ id: 'UPGRADE50', percent_off: 50, duration: 'forever' });

    const failing = await it_.saveCard(provider, 'pm_card_chargeCustomerFail');
    const declined = await change(provider, {
      product_code: 'vt_creator_plan',
      interval: 'month',
      payment_method_id: failing,
      coupon: 'UPGRADE50',
    });
    expect(declined.status).toBe(402);
    expect(declined.body.errors.base[0]).toMatch(/declined/i);
    await it_.settled();
    const kept = await stripeSubscription(provider);
    expect(kept.default_payment_method).toBe(visa);
    expect(kept.discounts).toEqual([]);
    expect(kept.items.data[0]!.price.lookup_key).toBe('starter_plan_month_usd');
    expect((await current(provider)).product_code).toBe('starter_plan');

    const mastercard = await it_.saveCard(provider, 'pm_card_mastercard');
    const upgraded = await change(provider, {
      product_code: 'vt_creator_plan',
      interval: 'month',
      payment_method_id: mastercard,
      coupon: 'UPGRADE50',
    });
    expect(upgraded.status).toBe(200);
    expect(upgraded.body.data).toMatchObject({
      result: 'success',
      subscription: { product_code: 'vt_creator_plan', status: 'active' },
    });
    await it_.settled();
    const paid = await stripeSubscription(provider);
    expect(paid.default_payment_method).toBe(mastercard);
    expect(couponsOf(paid)).toEqual(['UPGRADE50']);
    const invoice = paid.latest_invoice as Stripe.Invoice;
    expect(invoice.status).toBe('paid');
    // The clock has not moved since Starter began: its whole month credited (-19.95), Creator's charged (45.95),
    // and the coupon's 50% off each line, rounded half away from zero (-9.98 and 22.98).
    expect(invoice.lines.data.map((line) => line.amount)).toEqual([-1995, 4595]);
    expect({ subtotal: invoice.subtotal, total: invoice.total }).toEqual({ subtotal: 2600, total: 1300 });
    const cards = (await provider.get('/provider/billing/account/credit_cards')).body.data;
    expect(cards.find((card: { is_default: boolean }) => card.is_default).id).toBe(mastercard);
  });

  it('schedules a second downgrade from the plan running now (Pro, Creator, Starter), keeping the negotiated discount', async () => {
    const { provider } = await aPayingProvider('Downgrade Calls', 'experience_creator_plan');
    const priced = await admin.send(
      'post',
      `/admin/providers/${provider.providerId}/billing_account/pricing`,
      {
        pricing: { discount_percent: 20 },
      },
    );
    expect(priced.status).toBe(200);

    const toCreator = await change(provider, { product_code: 'vt_creator_plan', interval: 'month' });
    expect(toCreator.body.data.subscription).toMatchObject({
      product_code: 'experience_creator_plan',
      next_product: { product_code: 'vt_creator_plan' },
    });
    const firstEnd = Date.parse(toCreator.body.data.subscription.current_period_end);
    await clockTo(provider, firstEnd + DAY_MS);
    const onCreator = await stripeSubscription(provider);
    expect(onCreator.items.data[0]!.price.lookup_key).toBe('vt_creator_plan_month_usd');
    expect(couponsOf(onCreator)).toEqual(['negotiated_20_percent']);
    expect(onCreator.latest_invoice).toMatchObject({
      status: 'paid',
      amount_paid: Math.round(monthly('vt_creator_plan') * 0.8),
    });

    // The schedule is still running its second phase: the next change must not start from its first one (Pro).
    const toStarter = await change(provider, { product_code: 'starter_plan', interval: 'month' });
    expect(toStarter.status).toBe(200);
    expect(toStarter.body.data.subscription).toMatchObject({
      product_code: 'vt_creator_plan',
      next_product: { product_code: 'starter_plan' },
    });
    const stillCreator = await stripeSubscription(provider);
    expect(stillCreator.items.data[0]!.price.lookup_key).toBe('vt_creator_plan_month_usd');
    expect(stillCreator.latest_invoice).toMatchObject({
      id: (onCreator.latest_invoice as Stripe.Invoice).id,
    });

    await clockTo(provider, Date.parse(toStarter.body.data.subscription.current_period_end) + DAY_MS);
    expect(await current(provider)).toMatchObject({ product_code: 'starter_plan', next_product: null });
    const onStarter = await stripeSubscription(provider);
    expect(couponsOf(onStarter)).toEqual(['negotiated_20_percent']);
    expect(onStarter.latest_invoice).toMatchObject({
      status: 'paid',
      amount_paid: Math.round(monthly('starter_plan') * 0.8),
    });
  });

  it('moves a test clock months ahead in steps Stripe accepts, renewing each month; never more than two years', async () => {
    const { provider } = await aPayingProvider('Clock Calls', 'starter_plan');
    const clock = (await provider.get('/provider/billing/test_clock')).body.data.test_clock;
    const start = Date.parse(clock.frozen_time);
    const tooFar = await provider.send('post', '/provider/billing/advance_test_clock', {
      test_clock_id: clock.id,
      time: new Date(start + 25 * 31 * DAY_MS).toISOString(),
    });
    expect(tooFar.status).toBe(422);
    expect(tooFar.body.errors).toEqual({
      time: ["must be at most two years after the clock's current time"],
    });

    const target = start + 200 * DAY_MS; // more than two monthly intervals: Stripe refuses that in one advance
    const moved = await provider.send('post', '/provider/billing/advance_test_clock', {
      test_clock_id: clock.id,
      time: new Date(target).toISOString(),
    });
    expect(moved.status).toBe(200);
    expect(moved.body.data.test_clock).toMatchObject({
      status: 'ready',
      frozen_time: new Date(Math.floor(target / 1000) * 1000).toISOString(),
    });
    await it_.settled();
    const subscription = await stripeSubscription(provider);
    const invoices = await it_.stripe.invoices.list({ subscription: subscription.id, limit: 100 });
    expect(invoices.data.filter((invoice) => invoice.billing_reason === 'subscription_cycle')).toHaveLength(
      6,
    );
    expect(await current(provider)).toMatchObject({ product_code: 'starter_plan', status: 'active' });
  });
});
