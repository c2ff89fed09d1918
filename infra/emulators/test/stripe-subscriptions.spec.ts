import Stripe from 'stripe';
import {
  aClock,
  aCustomerWithCard,
  advanceClock,
  aPrice,
  authenticate,
  DAY,
  startStripe,
  stripeClient,
  type StripeHarness,
} from './stripe-support';

describe('Stripe emulator: subscriptions', () => {
  let h: StripeHarness;
  let stripe: Stripe;

  beforeAll(async () => {
    h = await startStripe();
    stripe = h.stripe;
  });
  afterAll(() => h.close());

  it('charges the first invoice on the default card: active, invoice paid, expandable invoice fields', async () => {
    const price = await aPrice(stripe, 2900, 'month', 'Pro');
    const { customer, paymentMethod } = await aCustomerWithCard(stripe);
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id, quantity: 1 }],
      metadata: { provider_id: 'prov_1' },
      expand: ['latest_invoice.confirmation_secret', 'latest_invoice.payments'],
    });
    expect(subscription).toMatchObject({
      object: 'subscription',
      status: 'active',
      customer: customer.id,
      currency: 'usd',
      metadata: { provider_id: 'prov_1' },
      schedule: null,
      cancel_at_period_end: false,
    });
    const [item] = subscription.items.data;
    expect(item).toMatchObject({ object: 'subscription_item', price: { id: price.id }, quantity: 1 });
    expect(item!.current_period_end - item!.current_period_start).toBeGreaterThanOrEqual(28 * DAY);
    const invoice = subscription.latest_invoice as Stripe.Invoice;
    expect(invoice).toMatchObject({
      object: 'invoice',
      status: 'paid',
      billing_reason: 'subscription_create',
      amount_due: 2900,
      amount_paid: 2900,
      total: 2900,
      parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id } },
      confirmation_secret: {
        type: 'payment_intent',
        client_secret: expect.stringMatching(/^pi_\w+_secret_\w+$/),
      },
    });
    expect(invoice.number).toMatch(/^[A-Z0-9]{8}-0001$/);
    expect(invoice.lines.data).toEqual([
      expect.objectContaining({
        amount: 2900,
        description: '1 × Pro (at $29.00 / month)',
        parent: expect.objectContaining({
          subscription_item_details: expect.objectContaining({
            proration: false,
            subscription_item: item!.id,
          }),
        }),
        pricing: expect.objectContaining({ price_details: { price: price.id, product: price.product } }),
      }),
    ]);
    const payment = invoice.payments!.data[0]!;
    expect(payment).toMatchObject({ object: 'invoice_payment', status: 'paid', amount_paid: 2900 });
    const intent = await stripe.paymentIntents.retrieve(payment.payment.payment_intent as string);
    expect(intent).toMatchObject({
      status: 'succeeded',
      amount: 2900,
      payment_method: paymentMethod.id,
      customer: customer.id,
    });

    const listed = await stripe.subscriptions.list({
      customer: customer.id,
      status: 'active',
      price: price.id,
    });
    expect(listed.data.map((s) => s.id)).toEqual([subscription.id]);
    expect((await stripe.invoices.list({ subscription: subscription.id, status: 'paid' })).data).toHaveLength(
      1,
    );
    expect((await stripe.invoices.retrieve(invoice.id)).lines.data).toHaveLength(1);
  });

  it('leaves the subscription incomplete on a 3-D Secure card until the payment is authenticated', async () => {
    const price = await aPrice(stripe, 4900);
    const { customer } = await aCustomerWithCard(stripe, 'pm_card_authenticationRequired');
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      payment_behavior: 'allow_incomplete',
      expand: ['latest_invoice.confirmation_secret'],
    });
    expect(subscription.status).toBe('incomplete');
    const invoice = subscription.latest_invoice as Stripe.Invoice;
    expect(invoice.status).toBe('open');
    const secret = invoice.confirmation_secret!.client_secret;
    const intent = await stripe.paymentIntents.retrieve(secret.split('_secret_')[0]!);
    expect(intent).toMatchObject({ status: 'requires_action', next_action: { type: 'use_stripe_sdk' } });

    const authenticated = await authenticate(h.emulators, secret, 'complete');
    expect(authenticated.status).toBe('succeeded');
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('active');
    expect((await stripe.invoices.retrieve(invoice.id)).status).toBe('paid');
  });

  it('with default_incomplete, waits for the browser to confirm the payment, then saves the card on the subscription', async () => {
    const price = await aPrice(stripe, 1500);
    const customer = await stripe.customers.create({ email: 'new@example.com' });
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      payment_behavior: 'default_incomplete',
      payment_settings: { save_default_payment_method: 'on_subscription' },
      expand: ['latest_invoice.confirmation_secret'],
    });
    expect(subscription.status).toBe('incomplete');
    const secret = (subscription.latest_invoice as Stripe.Invoice).confirmation_secret!.client_secret;
    const intentId = secret.split('_secret_')[0]!;
    expect((await stripe.paymentIntents.retrieve(intentId)).status).toBe('requires_payment_method');

    const response = await fetch(`${h.emulators.url}/v1/payment_intents/${intentId}/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        key: 'pk_test_browser',
        client_secret: secret,
        payment_method: 'pm_card_visa',
      }).toString(),
    });
    expect(((await response.json()) as Stripe.PaymentIntent).status).toBe('succeeded');
    const active = await stripe.subscriptions.retrieve(subscription.id);
    expect(active.status).toBe('active');
    expect(active.default_payment_method).toMatch(/^pm_/);
  });

  it('refuses with error_if_incomplete a card that would be declined, creating nothing', async () => {
    const price = await aPrice(stripe, 1500);
    const { customer } = await aCustomerWithCard(stripe, 'pm_card_chargeCustomerFail');
    await expect(
      stripe.subscriptions.create({
        customer: customer.id,
        items: [{ price: price.id }],
        payment_behavior: 'error_if_incomplete',
      }),
    ).rejects.toMatchObject({ type: 'StripeCardError', statusCode: 402, code: 'card_declined' });
    expect((await stripe.subscriptions.list({ customer: customer.id, status: 'all' })).data).toEqual([]);
  });

  it('turns an unpaid first invoice incomplete_expired after 23 hours on the clock', async () => {
    const clock = await aClock(stripe);
    const price = await aPrice(stripe, 2000);
    const { customer } = await aCustomerWithCard(stripe, 'pm_card_chargeCustomerFail', clock.id);
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
    });
    expect(subscription.status).toBe('incomplete');
    expect(subscription.created).toBe(clock.frozen_time);
    const invoiceId = subscription.latest_invoice as string;
    expect((await stripe.invoices.retrieve(invoiceId)).attempt_count).toBe(1);

    await advanceClock(stripe, clock.id, clock.frozen_time + 22 * 3600);
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('incomplete');
    await advanceClock(stripe, clock.id, clock.frozen_time + 24 * 3600);
    const expired = await stripe.subscriptions.retrieve(subscription.id);
    expect(expired).toMatchObject({ status: 'incomplete_expired', ended_at: clock.frozen_time + 23 * 3600 });
    expect((await stripe.invoices.retrieve(invoiceId)).status).toBe('void');
  });

  it('upgrades with always_invoice: credit for unused time, charge for the remaining time, charged at once', async () => {
    const clock = await aClock(stripe);
    const basic = await aPrice(stripe, 1000, 'month', 'Basic');
    const premium = await aPrice(stripe, 3000, 'month', 'Premium');
    const { customer } = await aCustomerWithCard(stripe, 'pm_card_visa', clock.id);
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: basic.id }],
    });
    const [item] = subscription.items.data;
    const start = clock.frozen_time;
    const end = Date.UTC(2026, 1, 1) / 1000;
    expect(item).toMatchObject({ current_period_start: start, current_period_end: end });

    const upgradeAt = start + 10 * DAY;
    await advanceClock(stripe, clock.id, upgradeAt);
    const upgraded = await stripe.subscriptions.update(subscription.id, {
      items: [{ id: item!.id, price: premium.id }],
      proration_behavior: 'always_invoice',
      proration_date: upgradeAt,
      expand: ['latest_invoice'],
    });
    const share = (end - upgradeAt) / (end - start);
    const credit = -Math.round(1000 * share);
    const charge = Math.round(3000 * share);
    expect([credit, charge]).toEqual([-677, 2032]);
    const invoice = upgraded.latest_invoice as Stripe.Invoice;
    expect(invoice).toMatchObject({
      billing_reason: 'subscription_update',
      status: 'paid',
      subtotal: credit + charge,
      total: credit + charge,
      amount_paid: credit + charge,
    });
    expect(
      invoice.lines.data.map((line) => [
        line.amount,
        line.description,
        line.parent?.subscription_item_details?.proration,
      ]),
    ).toEqual([
      [credit, 'Unused time on Basic after 11 Jan 2026', true],
      [charge, 'Remaining time on Premium after 11 Jan 2026', true],
    ]);
    expect(upgraded.items.data[0]).toMatchObject({
      id: item!.id,
      price: { id: premium.id },
      current_period_end: end,
    });

    await advanceClock(stripe, clock.id, end + 3600);
    const renewal = (await stripe.invoices.list({ subscription: subscription.id, limit: 1 })).data[0]!;
    expect(renewal).toMatchObject({
      billing_reason: 'subscription_cycle',
      amount_paid: 3000,
      status: 'paid',
    });
  });

  it('keeps create_prorations for the renewal invoice, and cancels at the period end or at once', async () => {
    const clock = await aClock(stripe);
    const basic = await aPrice(stripe, 1000, 'month', 'Basic');
    const premium = await aPrice(stripe, 3100, 'month', 'Premium');
    const { customer } = await aCustomerWithCard(stripe, 'pm_card_visa', clock.id);
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: basic.id }],
    });
    const itemId = subscription.items.data[0]!.id;
    const upgradeAt = clock.frozen_time + 16 * DAY;
    await advanceClock(stripe, clock.id, upgradeAt);
    await stripe.subscriptions.update(subscription.id, {
      items: [{ id: itemId, price: premium.id }],
      proration_date: upgradeAt,
    });
    expect((await stripe.invoices.list({ subscription: subscription.id })).data).toHaveLength(1);

    const ending = await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
    expect(ending).toMatchObject({
      cancel_at_period_end: true,
      status: 'active',
      cancel_at: Date.UTC(2026, 1, 1) / 1000,
    });
    await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: false });

    const end = Date.UTC(2026, 1, 1) / 1000;
    await advanceClock(stripe, clock.id, end + 60);
    const renewal = (await stripe.invoices.list({ subscription: subscription.id, limit: 1 })).data[0]!;
    // 15 of 31 days left: -round(1000 * 15/31) + round(3100 * 15/31) + 3100.
    expect(renewal.lines.data.map((line) => line.amount)).toEqual([-484, 1500, 3100]);
    expect(renewal.amount_paid).toBe(4116);

    const canceled = await stripe.subscriptions.cancel(subscription.id);
    expect(canceled).toMatchObject({ status: 'canceled', canceled_at: end + 60, ended_at: end + 60 });
    const deletedEvents = await stripe.events.list({ type: 'customer.subscription.deleted' });
    expect(deletedEvents.data.map((e) => (e.data.object as Stripe.Subscription).id)).toContain(
      subscription.id,
    );
  });

  it('makes an inline price from items[].price_data, archived so no other call can use it', async () => {
    const product = await stripe.products.create({ name: 'Hosting of 2 tours' });
    const { customer } = await aCustomerWithCard(stripe);
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [
        {
          price_data: {
            currency: 'EUR',
            product: product.id,
            unit_amount_decimal: Stripe.Decimal.from('4900'),
            recurring: { interval: 'year', interval_count: 1 },
            tax_behavior: 'exclusive',
          },
        },
      ],
      expand: ['latest_invoice'],
    });
    const inline = subscription.items.data[0]!.price;
    expect(inline).toMatchObject({
      object: 'price',
      active: false,
      currency: 'eur',
      product: product.id,
      unit_amount: 4900,
      recurring: { interval: 'year', interval_count: 1 },
      tax_behavior: 'exclusive',
      type: 'recurring',
    });
    expect(String(inline.unit_amount_decimal)).toBe('4900');
    expect(subscription).toMatchObject({ status: 'active', currency: 'eur' });
    expect((subscription.latest_invoice as Stripe.Invoice).amount_paid).toBe(4900);
    expect(await stripe.prices.retrieve(inline.id)).toMatchObject({ id: inline.id, active: false });
    await expect(
      stripe.subscriptions.create({ customer: customer.id, items: [{ price: inline.id }] }),
    ).rejects.toMatchObject({
      statusCode: 400,
      message: 'The price specified is inactive. This field only accepts active prices.',
    });

    // An update swaps the item's price for a new inline one, with prorations as for any price change.
    const updated = await stripe.subscriptions.update(subscription.id, {
      items: [
        {
          id: subscription.items.data[0]!.id,
          price_data: {
            currency: 'eur',
            product: product.id,
            unit_amount: 9900,
            recurring: { interval: 'year' },
          },
        },
      ],
      proration_behavior: 'none',
    });
    expect(updated.items.data).toHaveLength(1);
    expect(updated.items.data[0]!.price).toMatchObject({ unit_amount: 9900, active: false });
    expect(updated.items.data[0]!.price.id).not.toBe(inline.id);
  });

  it('refuses items with neither price nor price_data, and incomplete price_data, as Stripe', async () => {
    const product = await stripe.products.create({ name: 'Hosting' });
    const { customer } = await aCustomerWithCard(stripe);
    const create = (item: Stripe.SubscriptionCreateParams.Item) =>
      stripe.subscriptions.create({ customer: customer.id, items: [item] });
    const recurring = { interval: 'month' as const };
    await expect(create({ quantity: 1 })).rejects.toMatchObject({
      statusCode: 400,
      message: 'You must pass one of plan, price, or price_data.',
    });
    await expect(
      create({ price_data: { currency: 'eur', unit_amount: 100, recurring } as never }),
    ).rejects.toMatchObject({ code: 'parameter_missing', param: 'items[0][price_data][product]' });
    await expect(
      create({ price_data: { currency: 'eur', product: 'prod_nobody', unit_amount: 100, recurring } }),
    ).rejects.toMatchObject({ statusCode: 404, message: "No such product: 'prod_nobody'" });
    await expect(
      create({ price_data: { currency: 'eur', product: product.id, unit_amount: 100 } as never }),
    ).rejects.toMatchObject({ param: 'items[0][price_data][recurring]' });
    await expect(
      create({ price_data: { currency: 'eur', product: product.id, recurring } }),
    ).rejects.toMatchObject({ param: 'items[0][price_data][unit_amount]' });
    await expect(
      create({
        price_data: {
          currency: 'eur',
          product: product.id,
          recurring,
          unit_amount: 1,
          unit_amount_decimal: Stripe.Decimal.from('1'),
        },
      }),
    ).rejects.toMatchObject({
      message: 'You may only specify one of these parameters: unit_amount, unit_amount_decimal.',
    });
    expect((await stripe.subscriptions.list({ customer: customer.id })).data).toEqual([]);
  });

  it('only lets a publishable key confirm with the right client secret', async () => {
    const price = await aPrice(stripe, 1500);
    const customer = await stripe.customers.create({});
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      payment_behavior: 'default_incomplete',
      expand: ['latest_invoice.confirmation_secret'],
    });
    const secret = (subscription.latest_invoice as Stripe.Invoice).confirmation_secret!.client_secret;
    const browser = stripeClient(h.emulators.url, 'pk_test_browser');
    await expect(browser.subscriptions.retrieve(subscription.id)).rejects.toMatchObject({
      type: 'StripeAuthenticationError',
    });
    const intentId = secret.split('_secret_')[0]!;
    const wrong = await fetch(`${h.emulators.url}/v1/payment_intents/${intentId}/confirm`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: 'Bearer pk_test_browser',
      },
      body: new URLSearchParams({
        client_secret: `${intentId}_secret_wrong`,
        payment_method: 'pm_card_visa',
      }).toString(),
    });
    expect(wrong.status).toBe(401);
  });
});
