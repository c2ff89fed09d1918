import type Stripe from 'stripe';
import { Schedules, type SettledDelivery } from '@tourly/platform';
import { eventually } from '@tourly/platform/testing';
import { StripeEventRetry } from '../src/reconciliation/stripe-event-retry.service';
import { StripeReconciliation } from '../src/reconciliation/reconciliation.service';
import { StripeRoad } from './stripe-road';
import { startBillingPlatform, type BillingPlatform, type Person } from './support';

/** A provider signed up as `name`, its billing account filled in, on Starter monthly paid by card, all settled. */
async function aStarterProvider(it_: BillingPlatform, name: string, domain: string): Promise<Person> {
  const provider = await it_.signUp(name);
  await provider.send('put', '/provider/billing/account', {
    name,
    email: `billing@${domain}`,
    address: '1 Main St',
    country: 'GB',
  });
  const visa = await it_.saveCard(provider, 'pm_card_visa');
  const subscribed = await provider.send('put', '/provider/billing/service_plan_subscription', {
    service_plan_subscription: { product_code: 'starter_plan', interval: 'month', payment_method_id: visa },
  });
  expect(subscribed.body.data.result).toBe('success');
  await it_.settled();
  return provider;
}

/**
 * Issue 19, item 2: what webhooks failed to tell billing (deliveries Stripe gave up while it could not reach
 * billing, processing that never finished) is caught by the retry of stored events and the periodic
 * reconciliation, and properties follows.
 */
describe('reconciliation with Stripe', () => {
  let it_: BillingPlatform;
  let provider: Person;
  let subscriptionId: string;
  let reconciliation: StripeReconciliation;
  let retry: StripeEventRetry;

  beforeAll(async () => {
    // Stripe gives up the webhooks it cannot deliver within a fraction of a second, not 7.5 s an event.
    it_ = await startBillingPlatform({ stripeWebhookRetryDelaysMs: [50, 100] });
    reconciliation = it_.platform.services.billing.app.get(StripeReconciliation);
    retry = it_.platform.services.billing.app.get(StripeEventRetry);
    // Only the test's own runs: billing's timers stopped (their runs are the same as runNow's).
    await it_.platform.services.billing.app.get(Schedules).beforeApplicationShutdown();
    provider = await aStarterProvider(it_, 'Drift Media', 'drift.test');
    [{ id: subscriptionId }] = await it_.billingDb.dataSource.query(
      'SELECT stripe_subscription_id AS id FROM subscriptions WHERE provider_id = $1',
      [provider.providerId],
    );
    // Whatever the start left undelivered (the catalogue's events while the gateway was not listening yet) is
    // recovered here, so each test below sees only its own drift.
    await reconciliation.runNow();
    await it_.settled();
  });
  afterAll(async () => {
    it_.emulators.stripe!.setWebhooksReachable(true);
    await it_.stop();
  });

  const state = async () => (await provider.get('/provider/billing/service_plan_subscription')).body.data;
  const changes = () => it_.published('billing.subscription.changed.v1', provider.providerId);
  const storedEvent = async (id: string) =>
    (
      (await it_.billingDb.dataSource.query(
        'SELECT id, processed_at AS "processedAt" FROM stripe_events WHERE id = $1',
        [id],
      )) as Array<{ id: string; processedAt: Date | null }>
    )[0];

  /** A change made in Stripe while Stripe cannot reach billing: its webhooks are tried, then given up. */
  async function changeWhileUnreachable(change: () => Promise<unknown>): Promise<Stripe.Event[]> {
    const stripeVendor = it_.emulators.stripe!;
    const earlier = new Set(stripeVendor.webhookDeliveries().map((delivery) => delivery.id));
    stripeVendor.setWebhooksReachable(false);
    try {
      await change();
      await stripeVendor.webhooksSettled();
    } finally {
      stripeVendor.setWebhooksReachable(true);
    }
    // The events of this change: those whose deliveries began now (never one the set-up left behind).
    const attempts = stripeVendor.webhookDeliveries().filter((delivery) => !earlier.has(delivery.id));
    const ids = [...new Set(attempts.map((delivery) => delivery.event))];
    for (const id of ids) {
      const tries = attempts.filter((delivery) => delivery.event === id);
      expect(tries.every((attempt) => attempt.status === 'failed')).toBe(true);
      expect(tries.at(-1)!.will_retry).toBe(false);
    }
    const events = (await it_.stripe.events.list({ limit: 100 })).data.filter((event) =>
      ids.includes(event.id),
    );
    expect(events).toHaveLength(ids.length);
    expect(events.map((event) => event.data.object as { id?: string })).toContainEqual(
      expect.objectContaining({ id: subscriptionId }),
    );
    return events;
  }

  it('repairs a plan changed in Stripe whose webhooks Stripe gave up, recovers those events, and is idempotent', async () => {
    const [creatorPrice] = (await it_.stripe.prices.list({ lookup_keys: ['vt_creator_plan_month_usd'] }))
      .data;
    const running = await it_.stripe.subscriptions.retrieve(subscriptionId);
    const changesBefore = (await changes()).length;
    const events = await changeWhileUnreachable(() =>
      it_.stripe.subscriptions.update(subscriptionId, {
        items: [{ id: running.items.data[0]!.id, price: creatorPrice!.id }],
        proration_behavior: 'none',
      }),
    );

    // Billing never heard of it: its copy is stale and none of those events is stored.
    expect(await state()).toMatchObject({ product_code: 'starter_plan', status: 'active' });
    for (const event of events) expect(await storedEvent(event.id)).toBeUndefined();

    const first = await reconciliation.runNow();
    expect(first).toEqual({ repaired: 1, recovered: events.length, failed: 0 });
    expect(await state()).toMatchObject({
      product_code: 'vt_creator_plan',
      interval: 'month',
      status: 'active',
    });
    const announced = await changes();
    expect(announced).toHaveLength(changesBefore + 1);
    expect(announced.at(-1)).toMatchObject({
      providerId: provider.providerId,
      productCode: 'vt_creator_plan',
      interval: 'month',
      status: 'active',
    });

    // The recovered events are stored and processed as intake's are.
    await it_.settled();
    for (const event of events) expect((await storedEvent(event.id))?.processedAt).toBeInstanceOf(Date);

    // Properties follows the announced plan.
    const publishing = await eventually(
      async () => (await provider.get('/provider/permissions/publishing')).body.data,
      (data: { product_code?: string }) => data.product_code === 'vt_creator_plan',
    );
    expect(publishing).toMatchObject({ product_code: 'vt_creator_plan' });

    // Again: nothing left to repair or recover, nothing announced.
    expect(await reconciliation.runNow()).toEqual({ repaired: 0, recovered: 0, failed: 0 });
    await it_.settled();
    expect(await changes()).toHaveLength(changesBefore + 1);
  });

  it('processes a stored event whose processing never finished, once', async () => {
    const event = (
      await changeWhileUnreachable(() =>
        it_.stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true }),
      )
    ).find((candidate) => (candidate.data.object as { id?: string }).id === subscriptionId);
    // Stored by intake two minutes ago, its queued processing parked (Stripe was out of reach for longer than
    // the queue's retries): stored, never processed.
    await it_.billingDb.dataSource.query(
      `INSERT INTO stripe_events (id, type, created, payload, received_at)
       VALUES ($1, $2, to_timestamp($3), $4, now() - interval '2 minutes')`,
      [event!.id, event!.type, event!.created, JSON.stringify(event)],
    );
    expect(await state()).toMatchObject({ cancel_at_period_end: false, next_product: null });

    await retry.runNow();
    expect((await storedEvent(event!.id))?.processedAt).toBeInstanceOf(Date);
    expect(await state()).toMatchObject({
      product_code: 'vt_creator_plan',
      cancel_at_period_end: true,
      next_product: { product_code: 'free_tier_plan' },
    });

    expect(await retry.runNow()).toBe(0);
    await it_.stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: false });
    await it_.settled();
  });

  it('skips a run while another replica holds the run’s lock', async () => {
    const otherReplica = it_.billingDb.dataSource.createQueryRunner();
    await otherReplica.connect();
    try {
      await otherReplica.query(
        "SELECT pg_advisory_lock(hashtext('billing.stripe.reconciliation')), pg_advisory_lock(hashtext('billing.stripe_events.retry'))",
      );
      expect(await reconciliation.runNow()).toBeUndefined();
      expect(await retry.runNow()).toBe(0);
      await otherReplica.query(
        "SELECT pg_advisory_unlock(hashtext('billing.stripe.reconciliation')), pg_advisory_unlock(hashtext('billing.stripe_events.retry'))",
      );
      expect(await reconciliation.runNow()).toEqual({ repaired: 0, recovered: 0, failed: 0 });
    } finally {
      await otherReplica.release();
    }
  });
});

/**
 * Stripe's API out of reach while its webhooks still arrive (the 330 s outage): processing fails try after
 * try until the queue parks the event (the back-off shortened to a few milliseconds: `EVENT_RETRY_BACKOFF_MS`).
 */
describe('reconciliation after Stripe was out of reach for longer than the back-off', () => {
  const road = new StripeRoad();
  let it_: BillingPlatform;
  let provider: Person;
  let reconciliation: StripeReconciliation;
  let retry: StripeEventRetry;
  const settled: SettledDelivery[] = [];

  beforeAll(async () => {
    it_ = await startBillingPlatform({ env: await road.billingBehind() });
    it_.platform.services.billing.deliveries.on('settled', (delivery: SettledDelivery) =>
      settled.push(delivery),
    );
    reconciliation = it_.platform.services.billing.app.get(StripeReconciliation);
    retry = it_.platform.services.billing.app.get(StripeEventRetry);
    // Only the test's own runs: billing's timers stopped (their runs are the same as runNow's).
    await it_.platform.services.billing.app.get(Schedules).beforeApplicationShutdown();
    provider = await aStarterProvider(it_, 'Outage Media', 'outage.test');
    // What the start left undelivered is recovered now, not in the runs the test counts.
    await reconciliation.runNow();
    await it_.settled();
  });
  afterAll(async () => {
    await it_.stop();
    await road.close();
  });

  const state = async () => (await provider.get('/provider/billing/service_plan_subscription')).body.data;
  const changes = () => it_.published('billing.subscription.changed.v1', provider.providerId);

  it('catches up once Stripe is back: the parked event is processed, the plan announced once, properties follows', async () => {
    const [{ id: subscriptionId }] = (await it_.billingDb.dataSource.query(
      'SELECT stripe_subscription_id AS id FROM subscriptions WHERE provider_id = $1',
      [provider.providerId],
    )) as Array<{ id: string }>;
    const [creatorPrice] = (await it_.stripe.prices.list({ lookup_keys: ['vt_creator_plan_month_usd'] }))
      .data;
    const running = await it_.stripe.subscriptions.retrieve(subscriptionId!);
    const changesBefore = (await changes()).length;

    road.cut();
    // Renewed on another plan in Stripe while billing cannot reach it: the webhook arrives and is stored, but
    // processing it (a refresh from Stripe) fails, try after try.
    await it_.stripe.subscriptions.update(subscriptionId!, {
      items: [{ id: running.items.data[0]!.id, price: creatorPrice!.id }],
      proration_behavior: 'none',
    });
    const parked = await eventually(
      async () =>
        settled.filter(
          (delivery) =>
            delivery.subject === 'billing.stripe_event.received.v1' && delivery.outcome === 'parked',
        ),
      (found) => found.length > 0,
    );
    expect(parked).toHaveLength(1);
    const unprocessed = (await it_.billingDb.dataSource.query(
      `SELECT id FROM stripe_events WHERE processed_at IS NULL AND type = 'customer.subscription.updated'`,
    )) as Array<{ id: string }>;
    expect(unprocessed).toHaveLength(1);
    expect(await state()).toMatchObject({ product_code: 'starter_plan' });
    // Neither task can do anything while Stripe is away; each says so and leaves the work to its next run.
    expect(await reconciliation.runNow()).toBeUndefined();
    expect(await retry.runNow()).toBe(0);
    expect(await state()).toMatchObject({ product_code: 'starter_plan' });

    // Stripe is back; nothing else will process the parked event.
    road.restore();
    expect(await retry.runNow()).toBe(1);
    const [{ processedAt }] = (await it_.billingDb.dataSource.query(
      'SELECT processed_at AS "processedAt" FROM stripe_events WHERE id = $1',
      [unprocessed[0]!.id],
    )) as Array<{ processedAt: Date | null }>;
    expect(processedAt).toBeInstanceOf(Date);
    expect(await state()).toMatchObject({ product_code: 'vt_creator_plan', status: 'active' });
    expect(await reconciliation.runNow()).toEqual({ repaired: 0, recovered: 0, failed: 0 });
    const announced = await changes();
    expect(announced).toHaveLength(changesBefore + 1);
    expect(announced.at(-1)).toMatchObject({ productCode: 'vt_creator_plan', status: 'active' });
    const publishing = await eventually(
      async () => (await provider.get('/provider/permissions/publishing')).body.data,
      (data: { product_code?: string }) => data.product_code === 'vt_creator_plan',
    );
    expect(publishing).toMatchObject({ product_code: 'vt_creator_plan' });
  });
});
