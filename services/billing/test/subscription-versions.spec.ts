import {
  IMMERSIVE_EXTENSION_CANCEL,
  IMMERSIVE_EXTENSION_SUBSCRIBE,
  type ImmersiveExtensionCancellation,
  type ImmersiveExtensionPayment,
} from '@tourly/contracts';
import { RpcClient } from '@tourly/platform';
import {
  handledBy,
  startBillingPlatform,
  withClockAhead,
  type BillingPlatform,
  type Person,
} from './support';

const AHEAD_MS = 120_000;
const PAYMENT_TIMEOUT_MS = 20_000;

/**
 * Issue 19, item 4: a provider's plan changes are ordered by the subscription version billing's database hands out
 * under the provider's lock, not by the clock of the billing process that announced them. With a billing replica
 * 120 s ahead announcing Starter, then another (on time) announcing the upgrade to Creator, properties and identity
 * end on Creator (they kept Starter's 20 premium tours when they ordered by occurred_at). The same for a tour paid on
 * its own (an immersive extension), per tour: with a replica 120 s ahead taking the payment, then another (on time)
 * ending it, properties ends with the tour basic (it kept it premium, unpaid, when it ordered by occurred_at).
 */
describe('plan changes carry the provider’s subscription version, and a tour’s extension changes its own', () => {
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

  /** Asks billing as properties does. */
  const ask = <T>(subject: string, request: object) =>
    it_.platform.services.properties.app.get(RpcClient).ask<T>(subject, request, PAYMENT_TIMEOUT_MS);

  /** Billing's announcements on `subject` about the provider, in the order its database wrote them. */
  async function announced(subject: string) {
    return (await it_.billingDb.dataSource.query(
      `SELECT id, envelope ->> 'occurred_at' AS "occurredAt", envelope -> 'data' AS data
         FROM outbox WHERE subject = $1 AND envelope ->> 'provider_id' = $2
        ORDER BY created_at, id`,
      [subject, provider.providerId],
    )) as Array<{ id: string; occurredAt: string; data: Record<string, unknown> & { version: number } }>;
  }

  it('gives a later change a greater version though its billing process’s clock is behind, and consumers end on it', async () => {
    const card = await it_.saveCard(provider, 'pm_card_visa');

    // This billing process runs 120 s ahead while it announces Starter.
    const starter = await withClockAhead(AHEAD_MS, () =>
      choose({ product_code: 'starter_plan', interval: 'month', payment_method_id: card }),
    );
    expect(starter.body.data.result).toBe('success');
    await it_.settled();

    // Back on time: the upgrade to Creator is announced with an earlier occurred_at than Starter's.
    const creator = await choose({ product_code: 'vt_creator_plan', interval: 'month' });
    expect(creator.body.data.result).toBe('success');
    await it_.settled();

    const changes = await announced('billing.subscription.changed.v1');
    expect(changes.map((change) => change.data.product_code)).toEqual(['starter_plan', 'vt_creator_plan']);
    const [first, second] = changes as [(typeof changes)[0], (typeof changes)[0]];
    expect(Date.parse(second.occurredAt)).toBeLessThan(Date.parse(first.occurredAt));
    expect(first.data.version).toBeGreaterThanOrEqual(1);
    expect(second.data.version).toBe(first.data.version + 1);
    const [{ version }] = (await it_.billingDb.dataSource.query(
      'SELECT version::int AS version FROM subscriptions WHERE provider_id = $1',
      [provider.providerId],
    )) as Array<{ version: number }>;
    expect(version).toBe(second.data.version);

    const ids = changes.map((change) => change.id);
    await handledBy(it_, 'properties', ids);
    await handledBy(it_, 'identity', ids);
    const [propertiesPlan] = await it_.propertiesDb.dataSource.query(
      `SELECT product_code AS "productCode", premium_tour_limit AS "premiumTourLimit", plan_version::int AS version
         FROM provider_plans WHERE provider_id = $1`,
      [provider.providerId],
    );
    expect(propertiesPlan).toEqual({
      productCode: 'vt_creator_plan',
      premiumTourLimit: 100,
      version: second.data.version,
    });
    const publishing = (await provider.get('/provider/permissions/publishing')).body.data;
    expect(publishing).toMatchObject({ product_code: 'vt_creator_plan', premium_tour_limit: 100 });
  });

  it('gives a tour’s later extension change a greater version though its billing process’s clock is behind, answers with it, and properties ends on it', async () => {
    const card = await it_.saveCard(provider, 'pm_card_visa');
    const created = await provider.send('post', '/provider/properties', {
      create_tour_params: {
        title: 'Paid on its own',
        address: '5 Harbour St, Sydney, Australia',
        matterport_key: 'SxQL3iGyoDo',
      },
    });
    expect(created.status).toBe(201);
    const propertyId = created.body.data.id as string;

    // This billing process runs 120 s ahead while it takes the payment.
    const paid = await withClockAhead(AHEAD_MS, () =>
      ask<ImmersiveExtensionPayment>(IMMERSIVE_EXTENSION_SUBSCRIBE, {
        providerId: provider.providerId,
        propertyId,
        propertyTitle: 'Paid on its own',
        paymentMethodId: card,
      }),
    );
    expect(paid).toMatchObject({ result: 'success', clientSecret: null });
    await it_.settled();

    // Back on time: the payment is stopped, announced with an earlier occurred_at than the payment's.
    const stop = () =>
      ask<ImmersiveExtensionCancellation>(IMMERSIVE_EXTENSION_CANCEL, {
        providerId: provider.providerId,
        propertyId,
      });
    const stopped = await stop();
    expect(stopped.cancelled).toBe(true);
    await it_.settled();

    const changes = await announced('billing.immersive_extension.changed.v1');
    expect(changes.map((change) => [change.data.status, change.data.version])).toEqual([
      ['active', 1],
      ['canceled', 2],
    ]);
    const [first, second] = changes as [(typeof changes)[0], (typeof changes)[0]];
    expect(Date.parse(second.occurredAt)).toBeLessThan(Date.parse(first.occurredAt));
    // Each answer carries the version of billing's word it gives; nothing running to stop answers the last one.
    expect(paid.version).toBe(1);
    expect(stopped.version).toBe(2);
    expect(await stop()).toEqual({ cancelled: false, version: 2 });

    await handledBy(
      it_,
      'properties',
      changes.map((change) => change.id),
    );
    const [tour] = await it_.propertiesDb.dataSource.query(
      `SELECT premium, immex_subscription_id AS "extensionId", immex_version::int AS version
         FROM properties WHERE id = $1`,
      [propertyId],
    );
    expect(tour).toEqual({ premium: false, extensionId: null, version: 2 });
  });
});
