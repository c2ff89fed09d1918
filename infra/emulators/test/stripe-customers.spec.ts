import type Stripe from 'stripe';
import { aCustomerWithCard, aPrice, authenticate, startStripe, type StripeHarness } from './stripe-support';

describe('Stripe emulator: customers, cards and setup intents', () => {
  let h: StripeHarness;
  let stripe: Stripe;

  beforeAll(async () => {
    h = await startStripe();
    stripe = h.stripe;
  });
  afterAll(() => h.close());

  it('creates, updates and lists a customer', async () => {
    const customer = await stripe.customers.create({
      name: 'Ada Lovelace',
      email: 'ada@analytical.test',
      address: { line1: '1 Engine St', city: 'London', country: 'GB', postal_code: 'N1' },
      metadata: { provider_id: 'prov_1' },
    });
    expect(customer).toMatchObject({
      object: 'customer',
      livemode: false,
      name: 'Ada Lovelace',
      email: 'ada@analytical.test',
      address: {
        line1: '1 Engine St',
        line2: null,
        city: 'London',
        country: 'GB',
        postal_code: 'N1',
        state: null,
      },
      metadata: { provider_id: 'prov_1' },
      invoice_settings: { default_payment_method: null },
      balance: 0,
      test_clock: null,
    });
    expect(customer.id).toMatch(/^cus_\w+$/);
    const updated = await stripe.customers.update(customer.id, {
      name: 'Ada King',
      metadata: { plan: 'pro' },
    });
    expect(updated.metadata).toEqual({ provider_id: 'prov_1', plan: 'pro' });
    expect((await stripe.customers.list({ email: 'ada@analytical.test' })).data.map((c) => c.id)).toEqual([
      customer.id,
    ]);
  });

  it('deletes a customer: its running subscriptions end at once, then it is a deleted object nothing new may use', async () => {
    const price = await aPrice(stripe, 1200);
    const { customer } = await aCustomerWithCard(stripe);
    const running = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
    });
    const ended = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }] });
    await stripe.subscriptions.cancel(ended.id);

    expect(await stripe.customers.del(customer.id)).toEqual({
      id: customer.id,
      object: 'customer',
      deleted: true,
    });
    expect(await stripe.subscriptions.retrieve(running.id)).toMatchObject({
      status: 'canceled',
      cancellation_details: { reason: 'cancellation_requested' },
    });
    const subscriptionEnds = await stripe.events.list({ type: 'customer.subscription.deleted' });
    const endedIds = subscriptionEnds.data.map((e) => (e.data.object as Stripe.Subscription).id);
    expect(endedIds.filter((id) => id === running.id)).toHaveLength(1);
    expect(endedIds.filter((id) => id === ended.id)).toHaveLength(1);
    const [gone] = (await stripe.events.list({ type: 'customer.deleted', limit: 1 })).data;
    expect(gone?.data.object).toMatchObject({
      id: customer.id,
      object: 'customer',
      email: 'ada@example.com',
    });

    expect(await stripe.customers.retrieve(customer.id)).toEqual({
      id: customer.id,
      object: 'customer',
      deleted: true,
    });
    const refused = {
      statusCode: 404,
      code: 'resource_missing',
      message: `No such customer: '${customer.id}'`,
    };
    await expect(
      stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }] }),
    ).rejects.toMatchObject({ ...refused, param: 'customer' });
    await expect(stripe.customers.update(customer.id, { name: 'Back' })).rejects.toMatchObject(refused);
    await expect(stripe.customers.del(customer.id)).rejects.toMatchObject(refused);
    expect((await stripe.customers.list({ email: 'ada@example.com' })).data.map((c) => c.id)).not.toContain(
      customer.id,
    );
  });

  it('attaches test cards as new payment methods, lists, sets the default, expands it and detaches', async () => {
    const customer = await stripe.customers.create({ email: 'cards@example.com' });
    const visa = await stripe.paymentMethods.attach('pm_card_visa', { customer: customer.id });
    expect(visa).toMatchObject({
      object: 'payment_method',
      type: 'card',
      customer: customer.id,
      card: { brand: 'visa', last4: '4242', funding: 'credit', country: 'US', exp_month: 12 },
    });
    expect(visa.id).toMatch(/^pm_\w+$/);
    expect(visa.id).not.toBe('pm_card_visa');
    const mastercard = await stripe.paymentMethods.attach('pm_card_mastercard', { customer: customer.id });
    const amex = await stripe.paymentMethods.attach('pm_card_amex', { customer: customer.id });
    expect(mastercard.card).toMatchObject({ brand: 'mastercard', last4: '4444' });
    expect(amex.card).toMatchObject({ brand: 'amex', last4: '0005' });

    const listed = await stripe.customers.listPaymentMethods(customer.id, { type: 'card' });
    expect(listed.data.map((m) => m.id)).toEqual([amex.id, mastercard.id, visa.id]);

    await stripe.customers.update(customer.id, {
      invoice_settings: { default_payment_method: mastercard.id },
    });
    const expanded = await stripe.customers.retrieve(customer.id, {
      expand: ['invoice_settings.default_payment_method'],
    });
    const method = (expanded as Stripe.Customer).invoice_settings
      .default_payment_method as Stripe.PaymentMethod;
    expect(method).toMatchObject({ id: mastercard.id, card: { last4: '4444' } });

    const detached = await stripe.paymentMethods.detach(mastercard.id);
    expect(detached.customer).toBeNull();
    expect(
      ((await stripe.customers.retrieve(customer.id)) as Stripe.Customer).invoice_settings
        .default_payment_method,
    ).toBeNull();
    expect((await stripe.customers.listPaymentMethods(customer.id)).data.map((m) => m.id)).toEqual([
      amex.id,
      visa.id,
    ]);

    await expect(
      stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: mastercard.id } }),
    ).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      param: 'invoice_settings[default_payment_method]',
    });
  });

  it('refuses declined cards at attach with card errors, but attaches the card that fails later', async () => {
    const customer = await stripe.customers.create({});
    await expect(
      stripe.paymentMethods.attach('pm_card_visa_chargeDeclined', { customer: customer.id }),
    ).rejects.toMatchObject({
      type: 'StripeCardError',
      statusCode: 402,
      code: 'card_declined',
      decline_code: 'generic_decline',
    });
    await expect(
      stripe.paymentMethods.attach('pm_card_visa_chargeDeclinedInsufficientFunds', { customer: customer.id }),
    ).rejects.toMatchObject({
      type: 'StripeCardError',
      code: 'card_declined',
      decline_code: 'insufficient_funds',
    });
    const failing = await stripe.paymentMethods.attach('pm_card_chargeCustomerFail', {
      customer: customer.id,
    });
    expect(failing.card).toMatchObject({ last4: '0341' });
    const created = await stripe.paymentMethods.create({ type: 'card', card: { token: 'tok_visa' } });
    expect(created).toMatchObject({ customer: null, card: { last4: '4242' } });
  });

  it('confirms a setup intent with a plain card: succeeded and the card attached', async () => {
    const customer = await stripe.customers.create({ email: 'setup@example.com' });
    const intent = await stripe.setupIntents.create({ customer: customer.id, usage: 'off_session' });
    expect(intent).toMatchObject({
      object: 'setup_intent',
      status: 'requires_payment_method',
      usage: 'off_session',
    });
    expect(intent.client_secret).toMatch(new RegExp(`^${intent.id}_secret_\\w+$`));
    const confirmed = await stripe.setupIntents.confirm(intent.id, { payment_method: 'pm_card_visa' });
    expect(confirmed.status).toBe('succeeded');
    const method = await stripe.paymentMethods.retrieve(confirmed.payment_method as string);
    expect(method.customer).toBe(customer.id);
  });

  it('confirms a setup intent with a 3-D Secure card in the browser: requires_action, then authenticated', async () => {
    const customer = await stripe.customers.create({});
    const intent = await stripe.setupIntents.create({ customer: customer.id });
    const browserConfirm = await fetch(`${h.emulators.url}/v1/setup_intents/${intent.id}/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        key: 'pk_test_browser',
        client_secret: intent.client_secret!,
        payment_method: 'pm_card_authenticationRequired',
      }).toString(),
    });
    const pending = (await browserConfirm.json()) as Stripe.SetupIntent;
    expect(pending).toMatchObject({ status: 'requires_action', next_action: { type: 'use_stripe_sdk' } });
    expect((await stripe.customers.listPaymentMethods(customer.id)).data).toEqual([]);

    const failed = await authenticate(h.emulators, intent.client_secret!, 'fail');
    expect(failed).toMatchObject({
      status: 'requires_payment_method',
      last_setup_error: { code: 'setup_intent_authentication_failure' },
    });

    await stripe.setupIntents.confirm(intent.id, { payment_method: 'pm_card_authenticationRequired' });
    const done = await authenticate(h.emulators, intent.client_secret!, 'complete');
    expect(done).toMatchObject({ status: 'succeeded' });
    expect((await stripe.customers.listPaymentMethods(customer.id)).data.map((m) => m.id)).toEqual([
      done.payment_method,
    ]);

    const wrongSecret = await fetch(
      `${h.emulators.url}/v1/setup_intents/${intent.id}?key=pk_test_browser&client_secret=nope`,
    );
    expect(wrongSecret.status).toBe(401);
  });

  it('reports a declined card on setup as a card error and setup_failed, and cancels', async () => {
    const customer = await stripe.customers.create({});
    const intent = await stripe.setupIntents.create({ customer: customer.id });
    const error = await stripe.setupIntents
      .confirm(intent.id, { payment_method: 'pm_card_visa_chargeDeclined' })
      .catch((e: Stripe.errors.StripeCardError) => e);
    expect(error).toMatchObject({ type: 'StripeCardError', code: 'card_declined' });
    expect((error as Stripe.errors.StripeCardError).raw).toMatchObject({
      setup_intent: { id: intent.id, status: 'requires_payment_method' },
    });
    const events = await stripe.events.list({ type: 'setup_intent.setup_failed' });
    expect(events.data.map((e) => (e.data.object as Stripe.SetupIntent).id)).toContain(intent.id);
  });

  it('answers CORS preflights on the routes Stripe.js calls', async () => {
    const preflight = await fetch(`${h.emulators.url}/v1/setup_intents/seti_x/confirm`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/Content-Type/i);
  });
});
