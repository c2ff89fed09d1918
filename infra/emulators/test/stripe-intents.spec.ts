import type Stripe from 'stripe';
import {
  aClock,
  aCustomerWithCard,
  advanceClock,
  aPrice,
  authenticate,
  DAY,
  startStripe,
  type StripeHarness,
} from './stripe-support';

describe('Stripe emulator: payment intents and pending subscription updates', () => {
  let h: StripeHarness;
  let stripe: Stripe;

  beforeAll(async () => {
    h = await startStripe();
    stripe = h.stripe;
  });
  afterAll(() => h.close());

  it('creates and confirms payment intents: succeeded, 3-D Secure, declined, off-session authentication', async () => {
    const { customer, paymentMethod } = await aCustomerWithCard(stripe);
    const pending = await stripe.paymentIntents.create({
      amount: 2000,
      currency: 'usd',
      customer: customer.id,
      metadata: { order: 'o1' },
    });
    expect(pending).toMatchObject({
      object: 'payment_intent',
      status: 'requires_payment_method',
      amount: 2000,
      metadata: { order: 'o1' },
    });
    const paid = await stripe.paymentIntents.confirm(pending.id, { payment_method: paymentMethod.id });
    expect(paid).toMatchObject({
      status: 'succeeded',
      amount_received: 2000,
      latest_charge: expect.stringMatching(/^ch_/),
    });

    const secure = await stripe.paymentIntents.create({
      amount: 3000,
      currency: 'usd',
      customer: customer.id,
      payment_method: 'pm_card_authenticationRequired',
      setup_future_usage: 'off_session',
      confirm: true,
    });
    expect(secure).toMatchObject({ status: 'requires_action', next_action: { type: 'use_stripe_sdk' } });
    expect(await authenticate(h.emulators, secure.client_secret!, 'complete')).toMatchObject({
      status: 'succeeded',
    });
    const saved = await stripe.paymentMethods.retrieve(
      (await stripe.paymentIntents.retrieve(secure.id)).payment_method as string,
    );
    expect(saved.customer).toBe(customer.id);

    const declined = await stripe.paymentIntents
      .create({ amount: 1000, currency: 'usd', payment_method: 'pm_card_visa_chargeDeclined', confirm: true })
      .catch((error: Stripe.errors.StripeCardError) => error);
    expect(declined).toMatchObject({
      type: 'StripeCardError',
      code: 'card_declined',
      decline_code: 'generic_decline',
    });
    expect((declined as Stripe.errors.StripeCardError).payment_intent).toMatchObject({
      status: 'requires_payment_method',
      last_payment_error: { code: 'card_declined' },
    });

    const offSession = await stripe.paymentIntents
      .create({
        amount: 1000,
        currency: 'usd',
        customer: customer.id,
        payment_method: (
          await stripe.paymentMethods.attach('pm_card_authenticationRequired', { customer: customer.id })
        ).id,
        off_session: true,
        confirm: true,
      })
      .catch((error: Stripe.errors.StripeCardError) => error);
    expect(offSession).toMatchObject({ type: 'StripeCardError', code: 'authentication_required' });

    const canceled = await stripe.paymentIntents.cancel(
      (await stripe.paymentIntents.create({ amount: 500, currency: 'usd' })).id,
    );
    expect(canceled).toMatchObject({ status: 'canceled', cancellation_reason: 'requested_by_customer' });
    await expect(stripe.paymentIntents.cancel(paid.id)).rejects.toMatchObject({
      code: 'payment_intent_unexpected_state',
    });
  });

  it('applies an upgrade with pending_if_incomplete only once its invoice is paid', async () => {
    const clock = await aClock(stripe);
    const basic = await aPrice(stripe, 1000, 'month', 'Basic');
    const pro = await aPrice(stripe, 3100, 'month', 'Pro');
    const { customer } = await aCustomerWithCard(stripe, 'pm_card_visa', clock.id);
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: basic.id }],
    });
    const itemId = subscription.items.data[0]!.id;
    await advanceClock(stripe, clock.id, clock.frozen_time + 16 * DAY);

    const secureCard = await stripe.paymentMethods.attach('pm_card_authenticationRequired', {
      customer: customer.id,
    });
    const pending = await stripe.subscriptions.update(subscription.id, {
      items: [{ id: itemId, price: pro.id }],
      proration_behavior: 'always_invoice',
      payment_behavior: 'pending_if_incomplete',
      default_payment_method: secureCard.id,
      expand: ['latest_invoice.confirmation_secret'],
    });
    expect(pending.items.data[0]!.price.id).toBe(basic.id);
    expect(pending.pending_update).toMatchObject({
      subscription_items: [expect.objectContaining({ price: expect.objectContaining({ id: pro.id }) })],
    });
    const invoice = pending.latest_invoice as Stripe.Invoice;
    expect(invoice).toMatchObject({ status: 'open', amount_due: -484 + 1500 });

    await authenticate(h.emulators, invoice.confirmation_secret!.client_secret, 'complete');
    const applied = await stripe.subscriptions.retrieve(subscription.id);
    expect(applied).toMatchObject({ pending_update: null, status: 'active' });
    expect(applied.items.data[0]).toMatchObject({ id: itemId, price: { id: pro.id } });
    const types = (await stripe.events.list({ type: 'customer.subscription.pending_update_applied' })).data;
    expect(types.map((e) => (e.data.object as Stripe.Subscription).id)).toContain(subscription.id);
  });

  it('ends a trial now, redeems a promotion code, and lists and deletes test clocks', async () => {
    const clock = await aClock(stripe);
    await stripe.coupons.create({ id: 'HALF', percent_off: 50, duration: 'once' });
    const code = await stripe.promotionCodes.create({
      promotion: { type: 'coupon', coupon: 'HALF' },
      code: 'HALFOFF',
      max_redemptions: 1,
    });
    const price = await aPrice(stripe, 3000);
    const { customer } = await aCustomerWithCard(stripe, 'pm_card_visa', clock.id);
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      trial_period_days: 30,
      discounts: [{ promotion_code: code.id }],
    });
    expect(subscription.status).toBe('trialing');
    expect((await stripe.promotionCodes.retrieve(code.id)).times_redeemed).toBe(1);

    const ended = await stripe.subscriptions.update(subscription.id, {
      trial_end: 'now',
      expand: ['latest_invoice', 'discounts'],
    });
    expect(ended).toMatchObject({ status: 'active', trial_end: clock.frozen_time });
    expect(ended.latest_invoice).toMatchObject({ subtotal: 3000, total: 1500, amount_paid: 1500 });
    expect(ended.discounts).toEqual([]);
    expect(ended.items.data[0]!.current_period_start).toBe(clock.frozen_time);

    expect((await stripe.testHelpers.testClocks.list()).data.map((c) => c.id)).toContain(clock.id);
    expect(await stripe.testHelpers.testClocks.del(clock.id)).toMatchObject({ id: clock.id, deleted: true });
    await expect(stripe.subscriptions.retrieve(subscription.id)).rejects.toMatchObject({ statusCode: 404 });
  });
});
