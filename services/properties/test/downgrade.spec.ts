import type { SubscriptionChangedV1 } from '@tourly/contracts';
import { Database, EventBus, uuidv7 } from '@tourly/platform';
import { nextDelivery } from '@tourly/platform/testing';
import { PremiumToursService } from '../src/premium-tours/premium-tours.service';
import { propertiesCaughtUp, startPropertiesPlatform, type PropertiesPlatform, type Person } from './support';

const DAY_MS = 24 * 60 * 60 * 1000;

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
    expect(creator.body.data.result).toBe('success');
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
    const announced = (await it_.propertiesDb.dataSource.query(
      `SELECT envelope -> 'data' -> 'property_ids' AS ids FROM outbox WHERE subject = 'properties.tours.deactivated.v1'`,
    )) as Array<{ ids: string[] }>;
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
    await billing.get(Database).transaction((tx) =>
      billing.get(EventBus).publish(
        'billing.subscription.changed.v1',
        {
          providerId: provider.providerId,
          productCode: 'starter_plan',
          interval: 'month',
          status: 'active',
          premiumTourLimit: 20,
        },
        tx,
      ),
    );
    await handled;
    expect(new Set(await premiumNow())).toEqual(new Set(premiumIds.slice(10)));
    const [{ count }] = await it_.propertiesDb.dataSource.query(
      `SELECT count(*)::int AS count FROM outbox WHERE subject = 'properties.tours.deactivated.v1'`,
    );
    expect(count).toBe(1);
  });

  it('orders two plan changes announced in the same millisecond by their event ids: the older one changes nothing', async () => {
    const properties = it_.platform.services.properties.app;
    const apply = (change: SubscriptionChangedV1, occurredAt: string, eventId: string) =>
      properties
        .get(Database)
        .transaction((tx) =>
          properties.get(PremiumToursService).applyPlanChange(change, { occurredAt, eventId }, tx),
        );
    const starter: SubscriptionChangedV1 = {
      providerId: provider.providerId,
      productCode: 'starter_plan',
      interval: 'month',
      status: 'active',
      premiumTourLimit: 20,
    };
    const free: SubscriptionChangedV1 = {
      ...starter,
      productCode: 'free_tier_plan',
      status: 'canceled',
      premiumTourLimit: 0,
    };
    const sameMillisecond = new Date().toISOString();
    const [earlier, later] = [uuidv7(), uuidv7()];

    await apply(starter, sameMillisecond, later);
    expect(await apply(free, sameMillisecond, earlier)).toEqual({
      deactivated: [],
      withdrawn: { tourPropertyIds: [], websitePropertyIds: [] },
    });
    expect(new Set(await premiumNow())).toEqual(new Set(premiumIds.slice(10)));
    const [plan] = await it_.propertiesDb.dataSource.query(
      'SELECT product_code AS "productCode", changed_event_id AS "eventId" FROM provider_plans WHERE provider_id = $1',
      [provider.providerId],
    );
    expect(plan).toEqual({ productCode: 'starter_plan', eventId: later });
  });
});
