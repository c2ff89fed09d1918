import { jest } from '@jest/globals';
import { Database } from '@tourly/platform';
import { startBillingPlatform, type BillingPlatform, type Person } from './support';

const AHEAD_MS = 120_000;
const CAUGHT_UP_TIMEOUT_MS = 15_000;

/**
 * Issue 19, item 4: a provider's plan changes are ordered by the subscription version billing's database hands out
 * under the provider's lock, not by the clock of the billing process that announced them. With a billing replica
 * 120 s ahead announcing Starter, then another (on time) announcing the upgrade to Creator, properties and identity
 * end on Creator (they kept Starter's 20 premium tours when they ordered by occurred_at).
 */
describe('plan changes carry the provider’s subscription version', () => {
  let it_: BillingPlatform;
  let provider: Person;

  beforeAll(async () => {
    it_ = await startBillingPlatform();
    provider = await it_.signUp('Versioned Media');
    await provider.send('put', '/provider/billing/account', {
      name: 'Versioned Media',
      email: 'billing@versioned.test',
      address: '1 Main St',
      country: 'US',
    });
  });
  afterAll(() => it_.stop());

  const choose = (selection: object) =>
    provider.send('put', '/provider/billing/service_plan_subscription', {
      service_plan_subscription: selection,
    });

  /** Billing's announcements of the provider's plan, in the order its database wrote them. */
  async function announced() {
    return (await it_.billingDb.dataSource.query(
      `SELECT id, envelope ->> 'occurred_at' AS "occurredAt", envelope -> 'data' ->> 'product_code' AS "productCode",
              (envelope -> 'data' -> 'version')::bigint::int AS version
         FROM outbox WHERE subject = 'billing.subscription.changed.v1' AND envelope ->> 'provider_id' = $1
        ORDER BY created_at, id`,
      [provider.providerId],
    )) as Array<{ id: string; occurredAt: string; productCode: string; version: number }>;
  }

  /** Waits until each event id is in the service's inbox: the service has handled it. */
  async function handledBy(service: 'properties' | 'identity', ids: string[]): Promise<void> {
    const db = it_.platform.services[service].app.get(Database);
    const deadline = Date.now() + CAUGHT_UP_TIMEOUT_MS;
    for (;;) {
      const [{ waiting }] = (await db.dataSource.query(
        `SELECT count(*)::int AS waiting FROM unnest($1::uuid[]) AS event(id)
          WHERE NOT EXISTS (SELECT 1 FROM inbox WHERE inbox.event_id = event.id)`,
        [ids],
      )) as Array<{ waiting: number }>;
      if (waiting === 0) return;
      if (Date.now() > deadline) throw new Error(`${service} did not handle ${ids.join(', ')} in time`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  it('gives a later change a greater version though its billing process’s clock is behind, and consumers end on it', async () => {
    const card = await it_.saveCard(provider, 'pm_card_visa');

    // This billing process runs 120 s ahead (only Date: timers stay real) while it announces Starter.
    jest.useFakeTimers({
      now: Date.now() + AHEAD_MS,
      advanceTimers: true,
      doNotFake: [
        'hrtime',
        'nextTick',
        'performance',
        'queueMicrotask',
        'requestAnimationFrame',
        'cancelAnimationFrame',
        'requestIdleCallback',
        'cancelIdleCallback',
        'setImmediate',
        'clearImmediate',
        'setInterval',
        'clearInterval',
        'setTimeout',
        'clearTimeout',
      ],
    });
    try {
      const starter = await choose({
        product_code: 'starter_plan',
        interval: 'month',
        payment_method_id: card,
      });
      expect(starter.body.data.result).toBe('success');
    } finally {
      jest.useRealTimers();
    }
    await it_.settled();

    // Back on time: the upgrade to Creator is announced with an earlier occurred_at than Starter's.
    const creator = await choose({ product_code: 'vt_creator_plan', interval: 'month' });
    expect(creator.body.data.result).toBe('success');
    await it_.settled();

    const changes = await announced();
    expect(changes.map((change) => change.productCode)).toEqual(['starter_plan', 'vt_creator_plan']);
    const [first, second] = changes as [(typeof changes)[0], (typeof changes)[0]];
    expect(Date.parse(second.occurredAt)).toBeLessThan(Date.parse(first.occurredAt));
    expect(first.version).toBeGreaterThanOrEqual(1);
    expect(second.version).toBe(first.version + 1);
    const [{ version }] = (await it_.billingDb.dataSource.query(
      'SELECT version::int AS version FROM subscriptions WHERE provider_id = $1',
      [provider.providerId],
    )) as Array<{ version: number }>;
    expect(version).toBe(second.version);

    const ids = changes.map((change) => change.id);
    await handledBy('properties', ids);
    await handledBy('identity', ids);
    const [propertiesPlan] = await it_.propertiesDb.dataSource.query(
      `SELECT product_code AS "productCode", premium_tour_limit AS "premiumTourLimit", plan_version::int AS version
         FROM provider_plans WHERE provider_id = $1`,
      [provider.providerId],
    );
    expect(propertiesPlan).toEqual({
      productCode: 'vt_creator_plan',
      premiumTourLimit: 100,
      version: second.version,
    });
    const publishing = (await provider.get('/provider/permissions/publishing')).body.data;
    expect(publishing).toMatchObject({ product_code: 'vt_creator_plan', premium_tour_limit: 100 });
  });
});
