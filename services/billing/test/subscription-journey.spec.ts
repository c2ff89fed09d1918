import { CURRENCIES, PLANS, type Currency } from '@tourly/contracts';
import { startBillingPlatform, type BillingPlatform, type Person } from './support';

const DAY_MS = 24 * 60 * 60 * 1000;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** `15 Jan 2026`: the day in Stripe's proration line descriptions (UTC). */
const dayOf = (time: number) => {
  const date = new Date(time);
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
};
const billingForm = (currency: Currency) => ({
  name: 'Journey Media',
  email: 'billing@journey.test',
  address: '1 Main St',
  country: 'NZ',
  currency,
});

/**
 * 000 §3-§4 end to end through the gateway against the Stripe emulator: sign up on the free plan, preview,
 * upgrade, 3-D Secure, a scheduled downgrade reached by the test clock, and a failing card that runs out the
 * payment window.
 */
describe('a provider’s service plan, from sign-up to unpaid', () => {
  let it_: BillingPlatform;
  let provider: Person;

  beforeAll(async () => {
    it_ = await startBillingPlatform();
    provider = await it_.signUp('Journey Media');
  });
  afterAll(() => it_.stop());

  const subscription = async () =>
    (await provider.get('/provider/billing/service_plan_subscription')).body.data;
  const change = (selection: object) =>
    provider.send('put', '/provider/billing/service_plan_subscription', {
      service_plan_subscription: selection,
    });
  const preview = (selection: object) =>
    provider.send('post', '/provider/billing/service_plan_subscription/preview_change', {
      service_plan_subscription: selection,
    });
  const publishing = async () => (await provider.get('/provider/permissions/publishing')).body.data;
  async function clockTo(time: number) {
    const clock = (await provider.get('/provider/billing/test_clock')).body.data.test_clock;
    const moved = await provider.send('post', '/provider/billing/advance_test_clock', {
      test_clock_id: clock.id,
      time: new Date(time).toISOString(),
    });
    expect(moved.status).toBe(200);
    await it_.settled();
  }
  const clockNow = async () =>
    Date.parse((await provider.get('/provider/billing/test_clock')).body.data.test_clock.frozen_time);

  it('starts on the free plan, cached for five minutes', async () => {
    const current = await provider.get('/provider/billing/service_plan_subscription');
    expect(current.status).toBe(200);
    expect(current.headers['cache-control']).toBe('private, max-age=300');
    expect(current.body.data).toMatchObject({
      product_code: 'free_tier_plan',
      status: 'active',
      next_product: null,
      premium_tour_limit: 0,
    });
    expect(await publishing()).toMatchObject({ product_code: 'free_tier_plan', can_publish: false });
  });

  it('previews every paid plan at the table’s exact cents, monthly and annual, in each currency', async () => {
    for (const currency of CURRENCIES) {
      expect((await provider.send('put', '/provider/billing/account', billingForm(currency))).status).toBe(
        200,
      );
      for (const code of ['starter_plan', 'vt_creator_plan', 'experience_creator_plan'] as const) {
        for (const interval of ['month', 'year'] as const) {
          const summary = await preview({ product_code: code, interval });
          expect(summary.status).toBe(200);
          const cents =
            interval === 'year' ? PLANS[code].prices[currency].annual : PLANS[code].prices[currency].monthly;
          expect({ currency, code, interval, total: summary.body.data.total_in_cents }).toEqual({
            currency,
            code,
            interval,
            total: cents,
          });
          expect(summary.body.data).toMatchObject({
            currency,
            subtotal_in_cents: cents,
            discount_in_cents: 0,
          });
          expect(summary.body.data.line_items).toEqual([
            expect.objectContaining({ type: 'item', amount_in_cents: cents }),
          ]);
        }
      }
    }
    await provider.send('put', '/provider/billing/account', billingForm('usd'));
  });

  it('refuses a change without a plan or a card, in the spec’s words', async () => {
    const noPlan = await change({ interval: 'month' });
    expect(noPlan.status).toBe(422);
    expect(noPlan.body.errors.base).toEqual(['No selected plan to upgrade']);
    const noInterval = await change({ product_code: 'starter_plan' });
    expect(noInterval.body.errors).toEqual({ 'service_plan_subscription.interval': ['Required'] });
    const noCard = await change({ product_code: 'starter_plan', interval: 'month' });
    expect(noCard.status).toBe(422);
    expect(noCard.body.errors).toEqual({ 'service_plan_subscription.payment_method_id': ['Required'] });
    expect((await subscription()).product_code).toBe('free_tier_plan');
  });

  it('refuses a declined card in the issuer’s words and stays on the free plan', async () => {
    const declined = await it_.saveCard(provider, 'pm_card_chargeCustomerFail');
    const attempt = await change({
      product_code: 'starter_plan',
      interval: 'month',
      payment_method_id: declined,
    });
    expect(attempt.status).toBe(402);
    expect(attempt.body.errors.base[0]).toMatch(/declined/i);
    await it_.settled();
    expect((await subscription()).product_code).toBe('free_tier_plan');
    expect(await publishing()).toMatchObject({ can_publish: false });
    await provider.send('delete', `/provider/billing/account/credit_card/${declined}`);
  });

  it('upgrades to Starter with a card: paid now, publishing unlocked', async () => {
    const visa = await it_.saveCard(provider, 'pm_card_visa');
    const upgraded = await change({
      product_code: 'starter_plan',
      interval: 'month',
      payment_method_id: visa,
    });
    expect(upgraded.status).toBe(200);
    expect(upgraded.body.data).toMatchObject({
      result: 'success',
      subscription: {
        product_code: 'starter_plan',
        interval: 'month',
        status: 'active',
        premium_tour_limit: 20,
      },
    });
    await it_.settled();
    expect(await publishing()).toMatchObject({ product_code: 'starter_plan', can_publish: true });
    // The first card a plan is paid with is the default one, as renewals charge it.
    const cards = (await provider.get('/provider/billing/account/credit_cards')).body.data;
    expect(cards).toEqual([expect.objectContaining({ id: visa, is_default: true })]);
    expect(await it_.published('billing.subscription.changed.v1', provider.providerId)).toEqual([
      {
        providerId: provider.providerId,
        productCode: 'starter_plan',
        interval: 'month',
        status: 'active',
        premiumTourLimit: 20,
        version: 1,
      },
    ]);
    const again = await change({ product_code: 'starter_plan', interval: 'month' });
    expect(again.status).toBe(422);
    expect(again.body.errors.base).toEqual(['You are already on this plan.']);
  });

  it('previews an upgrade with the proration, and a coupon as a discount line', async () => {
    await it_.stripe.coupons.create({ id: 'JOURNEY20', percent_off: 20, duration: 'once' });
    // The test clock has not moved since Starter began (its frozen time): none of its month is used yet, so the
    // proration (the price times the share of the period left, to the cent) credits all of Starter's 19.95 and
    // charges all of Creator's 45.95.
    const day = dayOf(await clockNow());
    const summary = (await preview({ product_code: 'vt_creator_plan', interval: 'month' })).body.data;
    expect(summary).toEqual({
      currency: 'usd',
      line_items: [
        { type: 'item', label: `Unused time on Starter plan after ${day}`, amount_in_cents: -1995 },
        { type: 'item', label: `Remaining time on Creator plan after ${day}`, amount_in_cents: 4595 },
      ],
      subtotal_in_cents: 2600,
      discount_in_cents: 0,
      total_in_cents: 2600,
      starts_at: null,
      withdrawals: null,
    });
    // Monthly to annual starts a new period today: the unused month credited, the year charged, and the coupon's 20%
    // taken off each line (rounded per line): 20% of -1995 is -399, of 99950 is 19990.
    const withCoupon = (
      await preview({ product_code: 'experience_creator_plan', interval: 'year', coupon: 'JOURNEY20' })
    ).body.data;
    expect(withCoupon).toEqual({
      currency: 'usd',
      line_items: [
        { type: 'item', label: `Unused time on Starter plan after ${day}`, amount_in_cents: -1995 },
        { type: 'item', label: '1 × Pro plan (at $999.50 / year)', amount_in_cents: 99950 },
        { type: 'discount', label: 'Coupon JOURNEY20', amount_in_cents: -19591 },
      ],
      subtotal_in_cents: 97955,
      discount_in_cents: 19591,
      total_in_cents: 78364,
      starts_at: null,
      withdrawals: null,
    });
    const bogus = await preview({ product_code: 'vt_creator_plan', interval: 'month', coupon: 'NOPE' });
    expect(bogus.status).toBe(422);
    expect(bogus.body.errors).toEqual({
      'service_plan_subscription.coupon': ['This coupon code is not valid; check it and try again.'],
    });
  });

  it('upgrades to Creator with a 3-D Secure card: requires_action, paid access only once confirmed', async () => {
    const secure = await it_.saveCard(provider, 'pm_card_authenticationRequired');
    const upgrade = await change({
      product_code: 'vt_creator_plan',
      interval: 'month',
      payment_method_id: secure,
    });
    expect(upgrade.status).toBe(200);
    expect(upgrade.body.data.result).toBe('requires_action');
    expect(upgrade.body.data.client_secret).toMatch(/_secret_/);
    await it_.settled();
    expect((await subscription()).product_code).toBe('starter_plan');

    await it_.authenticate(upgrade.body.data.client_secret, 'complete');
    await it_.settled();
    expect(await subscription()).toMatchObject({
      product_code: 'vt_creator_plan',
      status: 'active',
      premium_tour_limit: 100,
    });
    expect(await publishing()).toMatchObject({ product_code: 'vt_creator_plan', whitelabel_domain: true });
    // This card asks for authentication on every payment: renewals go back to the visa.
    const visa = (await provider.get('/provider/billing/account/credit_cards')).body.data.find(
      (card: { last4: string }) => card.last4 === '4242',
    );
    await provider.send('post', '/provider/billing/set_default_payment_method', {
      payment_method_id: visa.id,
    });
  });

  it('schedules a downgrade for the period end, cancellable, and the clock makes it happen', async () => {
    const scheduled = await change({ product_code: 'starter_plan', interval: 'month' });
    expect(scheduled.status).toBe(200);
    const periodEnd = scheduled.body.data.subscription.current_period_end;
    expect(scheduled.body.data.subscription).toMatchObject({
      product_code: 'vt_creator_plan',
      next_product: { product_code: 'starter_plan', interval: 'month', starts_at: periodEnd },
    });
    const cancelled = await provider.send(
      'post',
      '/provider/billing/service_plan_subscription/cancel_subscription_schedules',
    );
    expect(cancelled.body.data.next_product).toBeNull();
    const nothing = await provider.send(
      'post',
      '/provider/billing/service_plan_subscription/cancel_subscription_schedules',
    );
    expect(nothing.body.errors.base).toEqual(['There is no scheduled plan change to cancel.']);

    await change({ product_code: 'starter_plan', interval: 'month' });
    await clockTo(Date.parse(periodEnd) + DAY_MS);
    expect(await subscription()).toMatchObject({
      product_code: 'starter_plan',
      status: 'active',
      next_product: null,
    });
    expect(await it_.published('billing.subscription.downgraded.v1', provider.providerId)).toEqual([
      {
        providerId: provider.providerId,
        fromProductCode: 'vt_creator_plan',
        toProductCode: 'starter_plan',
        premiumTourLimit: 20,
      },
    ]);
  });

  it('runs out the payment window with a failing card: past_due, then unpaid and the free plan’s limits', async () => {
    const failing = await it_.saveCard(provider, 'pm_card_chargeCustomerFail');
    await provider.send('post', '/provider/billing/set_default_payment_method', {
      payment_method_id: failing,
    });
    const current = await subscription();

    await clockTo(Date.parse(current.current_period_end) + 60 * 60 * 1000);
    expect(await subscription()).toMatchObject({ product_code: 'starter_plan', status: 'past_due' });
    expect(await publishing()).toMatchObject({ can_publish: true }); // the 14-day window keeps the features

    await clockTo((await clockNow()) + 15 * DAY_MS);
    expect(await subscription()).toMatchObject({ status: 'unpaid', premium_tour_limit: 0 });
    expect(await publishing()).toMatchObject({ can_publish: false });
    const downgrades = await it_.published('billing.subscription.downgraded.v1', provider.providerId);
    expect(downgrades.at(-1)).toEqual({
      providerId: provider.providerId,
      fromProductCode: 'starter_plan',
      toProductCode: 'free_tier_plan',
      premiumTourLimit: 0,
    });
  });
});
