import Stripe from 'stripe';
import { NOT_AN_EVENT } from '../src/webhooks/stripe-webhooks.service';
import { WebhookVersionCheck } from '../src/webhooks/webhook-version.check';
import { startBilling, type Billing, type Person } from './support';

/** Stripe's webhooks: verified over the raw body, acted on once, and order does not matter. */
describe('Stripe webhooks', () => {
  let it_: Billing;
  let provider: Person;
  let subscriptionId: string;

  beforeAll(async () => {
    it_ = await startBilling();
    provider = await it_.signUp('Webhook Media');
    await provider.send('put', '/provider/billing/account', {
      name: 'Webhook Media',
      email: 'billing@webhook.test',
      address: '1 Main St',
      country: 'GB',
    });
    const visa = await it_.saveCard(provider, 'pm_card_visa');
    const subscribed = await provider.send('put', '/provider/billing/service_plan_subscription', {
      service_plan_subscription: { product_code: 'starter_plan', interval: 'year', payment_method_id: visa },
    });
    expect(subscribed.body.data.result).toBe('success');
    await it_.settled();
    [{ id: subscriptionId }] = await it_.billingDb.dataSource.query(
      'SELECT stripe_subscription_id AS id FROM subscriptions WHERE provider_id = $1',
      [provider.providerId],
    );
  });
  afterAll(() => it_.stop());

  const signer = new Stripe('sk_test_signer');
  const deliver = (payload: string, secret = it_.webhookSecret) =>
    it_.http
      .post('/api/webhooks/stripe')
      .set('content-type', 'application/json')
      .set('stripe-signature', signer.webhooks.generateTestHeaderString({ payload, secret }))
      .send(payload);
  const state = async () => (await provider.get('/provider/billing/service_plan_subscription')).body.data;
  const changes = () => it_.published('billing.subscription.changed.v1', provider.providerId);
  const eventOf = async (type: string) => {
    const events = await it_.stripe.events.list({ type, limit: 100 });
    const event = events.data.find((candidate) => {
      const object = candidate.data.object as { id?: string; subscription?: string };
      return object.id === subscriptionId || object.subscription === subscriptionId;
    });
    if (!event) throw new Error(`no ${type} event for the subscription`);
    return event;
  };

  it('acts once on the same event delivered 20 times', async () => {
    const before = { state: await state(), changes: await changes() };
    const event = await eventOf('customer.subscription.created');
    const payload = JSON.stringify(event);
    const answers = await Promise.all(Array.from({ length: 20 }, () => deliver(payload)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    expect(answers[0]!.body).toEqual({ data: { received: true } });
    await it_.settled();
    const [{ count }] = await it_.billingDb.dataSource.query(
      'SELECT count(*)::int AS count FROM stripe_events WHERE id = $1',
      [event.id],
    );
    expect(count).toBe(1);
    expect(await state()).toEqual(before.state);
    expect(await changes()).toEqual(before.changes);
  });

  it('ends in Stripe’s latest state when an older event arrives after a newer one', async () => {
    const created = await eventOf('customer.subscription.created');
    // A newer change in Stripe: cancel at the period end (its webhook arrives and is acted on)...
    await it_.stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
    await it_.settled();
    const newest = await state();
    expect(newest.next_product).toMatchObject({ product_code: 'free_tier_plan' });
    // ...then a late event carrying the older picture (not cancelling) arrives.
    const late = JSON.stringify({
      ...created,
      id: `evt_late_${Date.now()}`,
      type: 'customer.subscription.updated',
    });
    expect((await deliver(late)).status).toBe(200);
    await it_.settled();
    expect(await state()).toEqual(newest);
    await it_.stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: false });
    await it_.settled();
  });

  it('refuses a bad or missing signature with 400 and stores nothing', async () => {
    const [{ count: before }] = await it_.billingDb.dataSource.query(
      'SELECT count(*)::int AS count FROM stripe_events',
    );
    const payload = JSON.stringify({ ...(await eventOf('customer.subscription.created')), id: 'evt_forged' });
    const forged = await deliver(payload, 'whsec_not_the_secret');
    expect(forged.status).toBe(400);
    expect(forged.body).toEqual({ errors: { base: ['The Stripe signature does not match this payload.'] } });
    const unsigned = await it_.http
      .post('/api/webhooks/stripe')
      .set('content-type', 'application/json')
      .send(payload);
    expect(unsigned.status).toBe(400);
    expect(unsigned.body.errors.base).toEqual(['The Stripe-Signature header is missing.']);
    const tampered = await it_.http
      .post('/api/webhooks/stripe')
      .set('content-type', 'application/json')
      .set(
        'stripe-signature',
        signer.webhooks.generateTestHeaderString({ payload, secret: it_.webhookSecret }),
      )
      .send(payload.replace('evt_forged', 'evt_forgee'));
    expect(tampered.status).toBe(400);
    const [{ count: after }] = await it_.billingDb.dataSource.query(
      'SELECT count(*)::int AS count FROM stripe_events',
    );
    expect(after).toBe(before);
  });

  it('refuses a correctly signed payload that is not a Stripe event with 400, storing nothing', async () => {
    const count = async () =>
      (
        (await it_.billingDb.dataSource.query('SELECT count(*)::int AS count FROM stripe_events')) as [
          { count: number },
        ]
      )[0].count;
    const before = await count();
    for (const payload of [
      '{}',
      '[]',
      'null',
      '"evt"',
      '{"id":"evt_1","type":"invoice.paid"}',
      '{"id":7,"type":"x","created":1}',
    ]) {
      const answer = await deliver(payload);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ errors: { base: [NOT_AN_EVENT] } });
    }
    expect(await count()).toBe(before);
  });

  it('says at start which webhook endpoint sends events in another API version than the pinned one', async () => {
    const url = `${it_.base}/api/webhooks/stripe`;
    // A rare event type: nothing is sent to these endpoints during the suite.
    const old = await it_.stripe.webhookEndpoints.create({
      url,
      enabled_events: ['invoice.marked_uncollectible'],
      api_version: '2024-06-20',
    });
    await it_.stripe.webhookEndpoints.create({
      url,
      enabled_events: ['invoice.marked_uncollectible'],
      api_version: Stripe.API_VERSION as Stripe.WebhookEndpointCreateParams.ApiVersion,
    });
    await it_.stripe.webhookEndpoints.create({
      url: 'https://elsewhere.example/hooks',
      enabled_events: ['invoice.marked_uncollectible'],
      api_version: '2024-06-20',
    });
    const check = it_.service.app.get(WebhookVersionCheck);
    expect(await check.check()).toEqual([
      {
        id: old.id,
        url,
        apiVersion: '2024-06-20',
        problem: expect.stringContaining('invoice events then lack parent.subscription_details'),
      },
    ]);
  });
});
