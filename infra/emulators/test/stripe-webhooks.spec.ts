import type Stripe from 'stripe';
import { STRIPE_API_VERSION } from '@tourly/emulators';
import { aCustomerWithCard, aPrice, aReceiver, startStripe, type StripeHarness } from './stripe-support';

describe('Stripe emulator: events and webhooks', () => {
  const secret = 'whsec_configured_secret';
  let h: StripeHarness;
  let stripe: Stripe;
  let receiver: Awaited<ReturnType<typeof aReceiver>>;

  beforeAll(async () => {
    receiver = await aReceiver(1);
    h = await startStripe({ webhookEndpoints: [{ url: receiver.url, secret }], retryDelaysMs: [30, 30] });
    stripe = h.stripe;
  });
  afterAll(async () => {
    await h.close();
    await receiver.close();
  });

  it('delivers every event signed as Stripe signs, in order, retrying after a 500', async () => {
    const price = await aPrice(stripe, 1200);
    const { customer } = await aCustomerWithCard(stripe);
    const subscription = await stripe.subscriptions.create(
      { customer: customer.id, items: [{ price: price.id }] },
      { idempotencyKey: 'subscribe-1' },
    );
    await h.emulators.stripe!.webhooksSettled();

    const events = (await stripe.events.list({ limit: 100 })).data.reverse();
    const delivered = receiver.received.map(({ body, signature }) =>
      stripe.webhooks.constructEvent(body, signature, secret),
    );
    expect(delivered.map((event) => event.id)).toEqual(events.map((event) => event.id));
    expect(receiver.attempts).toBe(events.length + 1);
    expect(() =>
      stripe.webhooks.constructEvent(
        receiver.received[0]!.body,
        receiver.received[0]!.signature,
        'whsec_other',
      ),
    ).toThrow();

    const types = delivered.map((event) => event.type);
    expect(types).toEqual(
      expect.arrayContaining([
        'product.created',
        'price.created',
        'customer.created',
        'payment_method.attached',
        'customer.updated',
        'customer.subscription.created',
        'invoice.created',
        'invoice.finalized',
        'payment_intent.created',
        'payment_intent.succeeded',
        'invoice.paid',
        'invoice.payment_succeeded',
        'customer.subscription.updated',
      ]),
    );
    expect(types.indexOf('customer.subscription.created')).toBeLessThan(types.indexOf('invoice.paid'));

    const created = delivered.find((event) => event.type === 'customer.subscription.created')!;
    expect(created).toMatchObject({
      object: 'event',
      api_version: STRIPE_API_VERSION,
      livemode: false,
      pending_webhooks: 1,
      request: { id: expect.stringMatching(/^req_/), idempotency_key: 'subscribe-1' },
      data: { object: { id: subscription.id, object: 'subscription' } },
    });
    const activated = delivered.find((event) => event.type === 'customer.subscription.updated')!;
    expect(activated.data).toMatchObject({
      object: { status: 'active' },
      previous_attributes: { status: 'incomplete' },
    });
    // One event by its id, as listed; another account's or an unknown id is resource_missing.
    expect(await stripe.events.retrieve(created.id)).toEqual(
      (await stripe.events.list({ limit: 100 })).data.find((event) => event.id === created.id),
    );
    await expect(stripe.events.retrieve('evt_unknown')).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
      message: "No such event: 'evt_unknown'",
    });
    expect(
      (await stripe.events.list({ type: 'invoice.*' })).data.every((event) =>
        event.type.startsWith('invoice.'),
      ),
    ).toBe(true);

    const inspection = (await (
      await fetch(`${h.emulators.url}/_emulator/stripe/webhook_deliveries`)
    ).json()) as {
      pending: number;
      data: Array<{
        event: string;
        attempt: number;
        status: string;
        response_status: number;
        will_retry: boolean;
      }>;
    };
    expect(inspection.pending).toBe(0);
    expect(inspection.data[0]).toMatchObject({
      event: events[0]!.id,
      attempt: 1,
      status: 'failed',
      response_status: 500,
      will_retry: true,
    });
    expect(inspection.data[1]).toMatchObject({
      event: events[0]!.id,
      attempt: 2,
      status: 'succeeded',
      response_status: 200,
    });
  });

  it('sends to endpoints created through the API the events they enabled, with their own secret', async () => {
    const other = await aReceiver();
    try {
      const endpoint = await stripe.webhookEndpoints.create({
        url: other.url,
        enabled_events: ['customer.created'],
      });
      expect(endpoint).toMatchObject({
        object: 'webhook_endpoint',
        status: 'enabled',
        enabled_events: ['customer.created'],
      });
      expect(endpoint.secret).toMatch(/^whsec_\w+$/);
      expect((await stripe.webhookEndpoints.list()).data.map((e) => e.id)).toEqual([endpoint.id]);

      const customer = await stripe.customers.create({ email: 'hook@example.com' });
      await stripe.customers.update(customer.id, { name: 'Hook' });
      await h.emulators.stripe!.webhooksSettled();
      expect(other.received).toHaveLength(1);
      const event = stripe.webhooks.constructEvent(
        other.received[0]!.body,
        other.received[0]!.signature,
        endpoint.secret!,
      );
      expect(event).toMatchObject({ type: 'customer.created', data: { object: { id: customer.id } } });
    } finally {
      await other.close();
    }
  });

  it('gives up on an endpoint that keeps failing after the configured retries', async () => {
    const { startStripe: start } = await import('./stripe-support');
    const down = await start({
      webhookEndpoints: [{ url: 'http://127.0.0.1:9/unreachable', secret }],
      retryDelaysMs: [10],
    });
    try {
      await down.stripe.customers.create({});
      await down.emulators.stripe!.webhooksSettled();
      const deliveries = down.emulators.stripe!.webhookDeliveries();
      expect(deliveries.map((d) => [d.attempt, d.status, d.will_retry])).toEqual([
        [1, 'failed', true],
        [2, 'failed', false],
      ]);
      expect(deliveries[0]!.error).toEqual(expect.any(String));
    } finally {
      await down.close();
    }
  });

  it('fails every attempt while the endpoints are unreachable, then gives up; later events go through', async () => {
    const control = (body: unknown) =>
      fetch(`${h.emulators.url}/_emulator/stripe/webhook_reachability`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await control({ reachable: 'no' })).status).toBe(400);
    expect(await (await control({ reachable: false })).json()).toEqual({ reachable: false });
    const before = receiver.received.length;
    const lost = await stripe.customers.create({ email: 'partitioned@example.com' });
    await h.emulators.stripe!.webhooksSettled();
    const [created] = (await stripe.events.list({ type: 'customer.created', limit: 1 })).data;
    expect((created!.data.object as Stripe.Customer).id).toBe(lost.id);
    const attempts = h.emulators
      .stripe!.webhookDeliveries()
      .filter((d) => d.event === created!.id && d.endpoint === 'configured');
    expect(attempts.map((d) => [d.attempt, d.status, d.response_status, d.will_retry])).toEqual([
      [1, 'failed', null, true],
      [2, 'failed', null, true],
      [3, 'failed', null, false],
    ]);
    expect(attempts[0]!.error).toMatch(/ECONNREFUSED/);
    expect(receiver.received.length).toBe(before);

    expect(await (await control({ reachable: true })).json()).toEqual({ reachable: true });
    const reached = await stripe.customers.create({ email: 'reachable@example.com' });
    await h.emulators.stripe!.webhooksSettled();
    const bodies = receiver.received.slice(before).map(({ body }) => JSON.parse(body) as Stripe.Event);
    expect(bodies.map((event) => (event.data.object as { id: string }).id)).toEqual([reached.id]);
  });

  it('forgets everything on reset', async () => {
    await stripe.customers.create({ email: 'forget@example.com' });
    await h.emulators.stripe!.webhooksSettled();
    await fetch(`${h.emulators.url}/_emulator/reset`, { method: 'POST' });
    expect((await stripe.customers.list()).data).toEqual([]);
    expect((await stripe.events.list()).data).toEqual([]);
    expect(h.emulators.stripe!.webhookDeliveries()).toEqual([]);
  });
});
