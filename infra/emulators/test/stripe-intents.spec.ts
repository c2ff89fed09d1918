import Stripe from 'stripe';
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
    // The card is not a pending-update attribute: it is set on its own first.
    await stripe.subscriptions.update(subscription.id, { default_payment_method: secureCard.id });
    const pending = await stripe.subscriptions.update(subscription.id, {
      items: [{ id: itemId, price: pro.id }],
      proration_behavior: 'always_invoice',
      payment_behavior: 'pending_if_incomplete',
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

  it('refuses with pending_if_incomplete what a pending update cannot hold, as Stripe does', async () => {
    const basic = await aPrice(stripe, 1000, 'month', 'Basic');
    const pro = await aPrice(stripe, 3100, 'month', 'Pro');
    const { customer, paymentMethod } = await aCustomerWithCard(stripe);
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: basic.id }],
    });
    const itemId = subscription.items.data[0]!.id;
    const refused = await stripe.subscriptions
      .update(subscription.id, {
        items: [{ id: itemId, price: pro.id }],
        proration_behavior: 'always_invoice',
        payment_behavior: 'pending_if_incomplete',
        default_payment_method: paymentMethod.id,
        description: 'upgrade',
      })
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(refused).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(refused).toMatchObject({
      statusCode: 400,
      code: 'parameter_invalid',
      param: 'default_payment_method',
      message: expect.stringMatching(
        /^The following parameters are not supported with `payment_behavior=pending_if_incomplete`: default_payment_method, description\./,
      ),
    });
    const unchanged = await stripe.subscriptions.retrieve(subscription.id);
    expect(unchanged).toMatchObject({
      default_payment_method: null,
      description: null,
      pending_update: null,
    });
    expect(unchanged.items.data[0]!.price.id).toBe(basic.id);
  });

  it('keeps the discounts and metadata of a pending update until its invoice is paid, and drops them on expiry', async () => {
    const clock = await aClock(stripe);
    const basic = await aPrice(stripe, 1000, 'month', 'Basic');
    const pro = await aPrice(stripe, 3000, 'month', 'Pro');
    await stripe.coupons.create({ id: 'PENDING25', percent_off: 25, duration: 'forever' });
    const { customer } = await aCustomerWithCard(stripe, 'pm_card_chargeCustomerFail', clock.id);
    const visa = await stripe.paymentMethods.attach('pm_card_visa', { customer: customer.id });
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: basic.id }],
      default_payment_method: visa.id,
    });
    await stripe.subscriptions.update(subscription.id, { default_payment_method: '' });
    const itemId = subscription.items.data[0]!.id;
    const pending = await stripe.subscriptions.update(subscription.id, {
      items: [{ id: itemId, price: pro.id }],
      proration_behavior: 'always_invoice',
      payment_behavior: 'pending_if_incomplete',
      discounts: [{ coupon: 'PENDING25' }],
      metadata: { plan: 'pro' },
      expand: ['latest_invoice'],
    });
    // Declined: the invoice carries the new discount, the subscription does not (yet).
    const invoice = pending.latest_invoice as Stripe.Invoice;
    expect(invoice.status).toBe('open');
    expect(invoice.total_discount_amounts?.[0]?.amount).toBeGreaterThan(0);
    expect(pending).toMatchObject({ discounts: [], metadata: {} });
    expect(pending.pending_update).toMatchObject({
      discounts: [expect.stringMatching(/^di_/)],
      metadata: { plan: 'pro' },
    });
    await advanceClock(stripe, clock.id, clock.frozen_time + DAY);
    const expired = await stripe.subscriptions.retrieve(subscription.id);
    expect(expired).toMatchObject({ pending_update: null, discounts: [], metadata: {} });
    expect(expired.items.data[0]!.price.id).toBe(basic.id);

    // Paid at once: everything applies together.
    await stripe.subscriptions.update(subscription.id, { default_payment_method: visa.id });
    const applied = await stripe.subscriptions.update(subscription.id, {
      items: [{ id: itemId, price: pro.id }],
      proration_behavior: 'always_invoice',
      payment_behavior: 'pending_if_incomplete',
      discounts: [{ coupon: 'PENDING25' }],
      metadata: { plan: 'pro' },
    });
    expect(applied).toMatchObject({ pending_update: null, metadata: { plan: 'pro' } });
    expect(applied.discounts).toHaveLength(1);
    expect(applied.items.data[0]!.price.id).toBe(pro.id);
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
    expect((await stripe.promotionCodes.list({ code: 'HALFOFF' })).data[0]!.times_redeemed).toBe(1);

    const ended = await stripe.subscriptions.update(subscription.id, {
      trial_end: 'now',
      expand: ['latest_invoice', 'discounts'],
    });
    expect(ended).toMatchObject({ status: 'active', trial_end: clock.frozen_time });
    expect(ended.latest_invoice).toMatchObject({ subtotal: 3000, total: 1500, amount_paid: 1500 });
    expect(ended.discounts).toEqual([]);
    expect(ended.items.data[0]!.current_period_start).toBe(clock.frozen_time);

    expect(await stripe.testHelpers.testClocks.del(clock.id)).toMatchObject({ id: clock.id, deleted: true });
    await expect(stripe.subscriptions.retrieve(subscription.id)).rejects.toMatchObject({ statusCode: 404 });
  });
});
