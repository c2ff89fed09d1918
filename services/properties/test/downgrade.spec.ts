import { randomUUID } from 'node:crypto';
import type { SubscriptionChangedV1 } from '@tourly/contracts';
import { Database, EventBus, uuidv7, rows } from '@tourly/platform';
import { nextDelivery } from '@tourly/platform/testing';
import { PremiumToursService } from '../src/premium-tours/premium-tours.service';
import { propertiesCaughtUp, startPropertiesPlatform, type PropertiesPlatform, type Person } from './support';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Billing's announcement of a running monthly Starter subscription (20 premium tours) for `providerId`. */
const starterFor = (providerId: string): SubscriptionChangedV1 => ({
  providerId,
  productCode: 'starter_plan',
  interval: 'month',
  status: 'active',
  premiumTourLimit: 20,
});

/** The same on Creator (100 premium tours). */
const creatorFor = (providerId: string): SubscriptionChangedV1 => ({
  ...starterFor(providerId),
  productCode: 'vt_creator_plan',
  premiumTourLimit: 100,
});

/**
 * 000 §4 "Downgrade", end to end on NATS JetStream: a provider with 30 premium tours on Creator moves to Starter
 * (scheduled, reached by the Stripe test clock); billing announces the new plan and properties turns the 10
 * oldest premium tours basic. The same plan announced again changes nothing.
 */
describe('a downgrade turns the oldest premium tours basic', () => {
  let it_: PropertiesPlatform;
  let provider: Person;
  const premiumIds: string[] = [];

  beforeAll(async () => {
    it_ = await startPropertiesPlatform();
    provider = await it_.signUp('Thirty Tours Media');
    await provider.send('put', '/provider/billing/account', {
      name: 'Thirty Tours Media',
      email: 'billing@thirty.test',
      address: '1 Main St',
      country: 'US',
    });
    const card = await it_.saveCard(provider, 'pm_card_visa');
    const planKnown = nextDelivery(it_.platform.services.properties, 'billing.subscription.changed.v1');
    const creator = await provider.send('put', '/provider/billing/service_plan_subscription', {
      service_plan_subscription: {
        product_code: 'vt_creator_plan',
        interval: 'month',
        payment_method_id: card,
      },
    });
    // The whole answer in the diff when it is not a success (CI once had none here, on a loaded machine).
    expect({ status: creator.status, body: creator.body }).toMatchObject({
      status: 200,
      body: { data: { result: 'success' } },
    });
    await planKnown;
    for (let n = 1; n <= 30; n += 1) {
      const created = await provider.send('post', '/provider/properties', {
        create_tour_params: {
          title: `Tour ${n}`,
          address: `${n} Ocean Rd, Sydney, Australia`,
          matterport_key: `Model${n}abcde`,
        },
      });
      const published = await provider.send(
        'put',
        `/provider/properties/${created.body.data.id}/published_features`,
        {
          published_features: { tour: true, premium: true },
        },
      );
      expect(published.status).toBe(200);
      premiumIds.push(created.body.data.id);
    }
  }, 60_000);
  afterAll(() => it_.stop());

  const premiumNow = async () =>
    (await provider.get('/provider/properties?filters[tour_type]=premium&page_size=100')).body.data.items.map(
      (property: { id: string }) => property.id,
    );

  it('previews exactly the 10 oldest before the provider confirms', async () => {
    const preview = await provider.get('/provider/properties/premium_tours/deactivation_preview?limit=20');
    expect(preview.status).toBe(200);
    expect(preview.body.data.tours.map((tour: { id: string }) => tour.id)).toEqual(premiumIds.slice(0, 10));
  });

  it('turns the 10 oldest basic when Starter begins, keeps the 20 newest premium, and announces them', async () => {
    const scheduled = await provider.send('put', '/provider/billing/service_plan_subscription', {
      service_plan_subscription: { product_code: 'starter_plan', interval: 'month' },
    });
    expect(scheduled.body.data.subscription.next_product.product_code).toBe('starter_plan');
    const clock = (await provider.get('/provider/billing/test_clock')).body.data.test_clock;
    await provider.send('post', '/provider/billing/advance_test_clock', {
      test_clock_id: clock.id,
      time: new Date(Date.parse(scheduled.body.data.subscription.current_period_end) + DAY_MS).toISOString(),
    });
    await propertiesCaughtUp(it_, 'billing.subscription.changed.v1', provider.providerId);

    expect(new Set(await premiumNow())).toEqual(new Set(premiumIds.slice(10)));
    const basic = await provider.get('/provider/properties?filters[tour_type]=basic&page_size=100');
    expect(new Set(basic.body.data.items.map((property: { id: string }) => property.id))).toEqual(
      new Set(premiumIds.slice(0, 10)),
    );
    const announced = await rows<{ ids: string[] }>(
      it_.propertiesDb.dataSource,
      `SELECT envelope -> 'data' -> 'property_ids' AS ids FROM outbox WHERE subject = 'properties.tours.deactivated.v1'`,
    );
    expect(announced).toHaveLength(1);
    expect(new Set(announced[0]!.ids)).toEqual(new Set(premiumIds.slice(0, 10)));
    // Still published: they are basic tours now, and Starter publishes.
    const [{ withdrawn }] = await it_.propertiesDb.dataSource.query(
      `SELECT count(*)::int AS withdrawn FROM outbox WHERE subject = 'properties.publications.withdrawn.v1'`,
    );
    expect(withdrawn).toBe(0);
    const first = await provider.get(`/provider/properties/${premiumIds[0]}`);
    expect(first.body.data).toMatchObject({
      tour_type: 'basic',
      published_features: { tour: true, premium: false },
    });
  });

  it('changes nothing when the same plan is announced again', async () => {
    const handled = nextDelivery(it_.platform.services.properties, 'billing.subscription.changed.v1');
    const billing = it_.platform.services.billing.app;
    await billing.get(Database).transaction(async (tx) => {
      // The provider's next subscription version, taken as billing takes it, so this is the newest change.
      const [{ version }] = await rows<{ version: number }>(
        tx,
        `WITH bumped AS (UPDATE subscriptions SET version = version + 1 WHERE provider_id = $1 RETURNING version)
         SELECT version::int AS version FROM bumped`,
        [provider.providerId],
      );
      await billing
        .get(EventBus)
        .publish('billing.subscription.changed.v1', { ...starterFor(provider.providerId), version }, tx);
    });
    await handled;
    expect(new Set(await premiumNow())).toEqual(new Set(premiumIds.slice(10)));
    const [{ count }] = await it_.propertiesDb.dataSource.query(
      `SELECT count(*)::int AS count FROM outbox WHERE subject = 'properties.tours.deactivated.v1'`,
    );
    expect(count).toBe(1);
  });

  it('orders plan changes by billing’s version, not by when they were announced: a stale version changes nothing', async () => {
    const properties = it_.platform.services.properties.app;
    const apply = (change: SubscriptionChangedV1, occurredAt: string) =>
      properties
        .get(Database)
        .transaction((tx) =>
          properties.get(PremiumToursService).applyPlanChange(change, { occurredAt, eventId: uuidv7() }, tx),
        );
    const recorded = async () =>
      (
        await it_.propertiesDb.dataSource.query(
          `SELECT product_code AS "productCode", plan_version::int AS version FROM provider_plans
            WHERE provider_id = $1`,
          [provider.providerId],
        )
      )[0] as { productCode: string; version: number };
    const nothing = { deactivated: [], withdrawn: { tourPropertyIds: [], websitePropertyIds: [] } };
    const starter = starterFor(provider.providerId);
    const creator = creatorFor(provider.providerId);
    const free: SubscriptionChangedV1 = {
      ...starter,
      productCode: 'free_tier_plan',
      status: 'canceled',
      premiumTourLimit: 0,
    };
    const now = Date.now();
    const at = (offsetMs: number) => new Date(now + offsetMs).toISOString();
    const { version } = await recorded();
    expect(version).toBeGreaterThanOrEqual(1);

    // Starter announced by a billing replica 120 s ahead, then Creator (a later version) by one on time.
    await apply({ ...starter, version: version + 1 }, at(120_000));
    await apply({ ...creator, version: version + 2 }, at(0));
    expect(await recorded()).toEqual({ productCode: 'vt_creator_plan', version: version + 2 });

    // An older version arriving late, however late its clock says it was announced, changes nothing; nor does an
    // event without a version (from before billing had them).
    expect(await apply({ ...free, version: version + 1 }, at(600_000))).toEqual(nothing);
    expect(await apply({ ...free, version: version + 2 }, at(600_000))).toEqual(nothing);
    expect(await apply(free, at(600_000))).toEqual(nothing);
    expect(await recorded()).toEqual({ productCode: 'vt_creator_plan', version: version + 2 });
    expect(new Set(await premiumNow())).toEqual(new Set(premiumIds.slice(10)));
    const [{ withdrawn }] = await it_.propertiesDb.dataSource.query(
      `SELECT count(*)::int AS withdrawn FROM outbox WHERE subject = 'properties.publications.withdrawn.v1'`,
    );
    expect(withdrawn).toBe(0);
  });

  it('keeps the old order among events without a version (occurred_at, then event id), all older than a versioned one', async () => {
    const properties = it_.platform.services.properties.app;
    const providerId = randomUUID();
    const apply = (change: SubscriptionChangedV1, occurredAt: string, eventId: string) =>
      properties
        .get(Database)
        .transaction((tx) =>
          properties.get(PremiumToursService).applyPlanChange(change, { occurredAt, eventId }, tx),
        );
    const recorded = async () =>
      (
        await it_.propertiesDb.dataSource.query(
          `SELECT product_code AS "productCode", plan_version::int AS version FROM provider_plans
            WHERE provider_id = $1`,
          [providerId],
        )
      )[0] as { productCode: string; version: number | null };
    const starter = starterFor(providerId);
    const creator = creatorFor(providerId);
    const sameMillisecond = new Date().toISOString();
    const [earlier, later] = [uuidv7(), uuidv7()];

    await apply(starter, sameMillisecond, later);
    await apply(creator, sameMillisecond, earlier);
    expect(await recorded()).toEqual({ productCode: 'starter_plan', version: null });
    const beforeThem = new Date(Date.parse(sameMillisecond) - 60_000).toISOString();
    await apply({ ...creator, version: 1 }, beforeThem, uuidv7());
    expect(await recorded()).toEqual({ productCode: 'vt_creator_plan', version: 1 });
  });
});
