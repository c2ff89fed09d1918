import type Stripe from 'stripe';
import { startStripe, type StripeHarness } from './stripe-support';

describe('Stripe emulator: catalogue, coupons, promotion codes', () => {
  let h: StripeHarness;
  let stripe: Stripe;

  beforeAll(async () => {
    h = await startStripe();
    stripe = h.stripe;
  });
  afterAll(() => h.close());

  it('creates a product with the id the caller chose and retrieves it', async () => {
    const product = await stripe.products.create({
      id: 'tourly_pro',
      name: 'Pro',
      metadata: { tier: 'pro' },
    });
    expect(product).toMatchObject({
      id: 'tourly_pro',
      object: 'product',
      name: 'Pro',
      active: true,
      livemode: false,
    });
    expect(product.metadata).toEqual({ tier: 'pro' });
    expect(typeof product.created).toBe('number');

    expect(await stripe.products.retrieve('tourly_pro')).toEqual(product);

    await expect(stripe.products.create({ id: 'tourly_pro', name: 'Again' })).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      code: 'resource_already_exists',
    });
  });

  it('renames a product, keeping what was not sent, and refuses an empty name as Stripe does', async () => {
    await stripe.products.create({ id: 'tourly_renamed', name: 'Creator', metadata: { tier: 'creator' } });
    const renamed = await stripe.products.update('tourly_renamed', { name: 'Creator plan' });
    expect(renamed).toMatchObject({
      id: 'tourly_renamed',
      name: 'Creator plan',
      metadata: { tier: 'creator' },
    });
    expect((await stripe.products.retrieve('tourly_renamed')).name).toBe('Creator plan');
    await expect(stripe.products.update('tourly_renamed', { name: '' })).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      param: 'name',
    });
    await expect(stripe.products.update('tourly_missing', { name: 'Any' })).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      code: 'resource_missing',
    });
  });

  it('creates recurring prices with lookup keys, transfers a key, filters and expands lists', async () => {
    await stripe.products.create({ id: 'tourly_starter', name: 'Starter' });
    const monthly = await stripe.prices.create({
      product: 'tourly_starter',
      currency: 'usd',
      unit_amount: 1900,
      recurring: { interval: 'month' },
      lookup_key: 'starter_monthly',
      metadata: { plan: 'starter' },
    });
    expect(monthly).toMatchObject({
      object: 'price',
      product: 'tourly_starter',
      unit_amount: 1900,
      currency: 'usd',
      type: 'recurring',
      lookup_key: 'starter_monthly',
      recurring: { interval: 'month', interval_count: 1, usage_type: 'licensed' },
    });
    expect(String(monthly.unit_amount_decimal)).toBe('1900');

    await expect(
      stripe.prices.create({
        product: 'tourly_starter',
        currency: 'usd',
        unit_amount: 2100,
        lookup_key: 'starter_monthly',
      }),
    ).rejects.toMatchObject({ type: 'StripeInvalidRequestError', param: 'lookup_key' });
    const replacement = await stripe.prices.create({
      product: 'tourly_starter',
      currency: 'usd',
      unit_amount: 2100,
      recurring: { interval: 'month' },
      lookup_key: 'starter_monthly',
      transfer_lookup_key: true,
    });
    expect((await stripe.prices.retrieve(monthly.id)).lookup_key).toBeNull();

    const yearly = await stripe.prices.create({
      product: 'tourly_starter',
      currency: 'usd',
      unit_amount: 19000,
      recurring: { interval: 'year' },
      lookup_key: 'starter_yearly',
    });
    const byKeys = await stripe.prices.list({
      lookup_keys: ['starter_monthly', 'starter_yearly'],
      expand: ['data.product'],
    });
    expect(byKeys.data.map((p) => p.id).sort()).toEqual([replacement.id, yearly.id].sort());
    expect((byKeys.data[0]!.product as Stripe.Product).name).toBe('Starter');

    const active = await stripe.prices.list({ product: 'tourly_starter', active: true, currency: 'usd' });
    expect(active.data.map((p) => p.id).sort()).toEqual([monthly.id, replacement.id, yearly.id].sort());
  });

  it('pages lists with limit and starting_after', async () => {
    await stripe.products.create({ id: 'page_product', name: 'Paged' });
    const created: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      created.push(
        (await stripe.prices.create({ product: 'page_product', currency: 'usd', unit_amount: 100 + i })).id,
      );
    }
    const first = await stripe.prices.list({ product: 'page_product', limit: 2 });
    expect(first.has_more).toBe(true);
    expect(first.data.map((p) => p.id)).toEqual([created[4], created[3]]);
    const second = await stripe.prices.list({
      product: 'page_product',
      limit: 2,
      starting_after: first.data[1]!.id,
    });
    expect(second.data.map((p) => p.id)).toEqual([created[2], created[1]]);
    const all: string[] = [];
    for await (const price of stripe.prices.list({ product: 'page_product', limit: 2 })) all.push(price.id);
    expect(all).toEqual([...created].reverse());
  });

  it('creates, lists and deletes coupons, and promotion codes found by code', async () => {
    const percent = await stripe.coupons.create({
      id: 'LAUNCH20',
      percent_off: 20,
      duration: 'repeating',
      duration_in_months: 3,
    });
    expect(percent).toMatchObject({
      id: 'LAUNCH20',
      percent_off: 20,
      amount_off: null,
      duration: 'repeating',
      duration_in_months: 3,
      valid: true,
    });
    const fixed = await stripe.coupons.create({
      amount_off: 500,
      currency: 'usd',
      duration: 'once',
      name: 'Five off',
    });
    expect(fixed).toMatchObject({ amount_off: 500, currency: 'usd', duration: 'once', percent_off: null });
    expect((await stripe.coupons.retrieve('LAUNCH20')).id).toBe('LAUNCH20');

    const code = await stripe.promotionCodes.create({
      promotion: { type: 'coupon', coupon: 'LAUNCH20' },
      code: 'SPRING',
    });
    expect(code).toMatchObject({
      object: 'promotion_code',
      code: 'SPRING',
      active: true,
      promotion: { type: 'coupon', coupon: 'LAUNCH20' },
    });
    expect(
      (await stripe.promotionCodes.list({ code: 'spring', active: true })).data.map((p) => p.id),
    ).toEqual([code.id]);
    await expect(stripe.coupons.retrieve('NOPE')).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      code: 'resource_missing',
      statusCode: 404,
    });
  });

  it('answers Stripe-shaped errors: unknown ids, unknown routes, missing or wrong keys', async () => {
    await expect(stripe.products.retrieve('nope')).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 404,
      code: 'resource_missing',
      message: "No such product: 'nope'",
      param: 'id',
    });
    const unknown = await fetch(`${h.emulators.url}/v1/nothing_here`, {
      headers: { authorization: 'Bearer sk_test_x' },
    });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({
      error: {
        type: 'invalid_request_error',
        message: expect.stringMatching(/^Unrecognized request URL \(GET: \/v1\/nothing_here\)/),
      },
    });
    const noKey = await fetch(`${h.emulators.url}/v1/prices`);
    expect(noKey.status).toBe(401);
    const { stripeClient } = await import('./stripe-support');
    await expect(stripeClient(h.emulators.url, 'sk_live_real').prices.list()).rejects.toMatchObject({
      type: 'StripeAuthenticationError',
    });
    await expect(stripeClient(h.emulators.url, 'pk_test_browser').prices.list()).rejects.toMatchObject({
      type: 'StripeAuthenticationError',
    });
  });

  it('replays a request sent again with the same idempotency key, and refuses the key with other parameters', async () => {
    const first = await stripe.customers.create(
      { email: 'same@example.com' },
      { idempotencyKey: 'create-ada-1' },
    );
    const again = await stripe.customers.create(
      { email: 'same@example.com' },
      { idempotencyKey: 'create-ada-1' },
    );
    expect(again.id).toBe(first.id);
    expect((await stripe.customers.list({ email: 'same@example.com' })).data).toHaveLength(1);
    await expect(
      stripe.customers.create({ email: 'other@example.com' }, { idempotencyKey: 'create-ada-1' }),
    ).rejects.toMatchObject({ type: 'StripeIdempotencyError', statusCode: 400 });
    await expect(
      stripe.products.create({ name: 'x' }, { idempotencyKey: 'create-ada-1' }),
    ).rejects.toMatchObject({
      type: 'StripeIdempotencyError',
    });
    const replayed = await fetch(`${h.emulators.url}/v1/customers`, {
      method: 'POST',
      headers: {
        authorization: 'Bearer sk_test_x',
        'content-type': 'application/x-www-form-urlencoded',
        'idempotency-key': 'create-ada-1',
      },
      body: 'email=same%40example.com',
    });
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    expect(((await replayed.json()) as { id: string }).id).toBe(first.id);
  });
});
