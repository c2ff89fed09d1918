import { rows } from '@tourly/platform';
import { propertiesCaughtUp, startPropertiesPlatform, type PropertiesPlatform, type Person } from './support';

const DAY_MS = 24 * 60 * 60 * 1000;
const PUBLISHING_NEEDS_PLAN =
  'Publishing and sharing tours come with a paid plan. Upgrade your plan to publish this tour.';

/**
 * Back on the free plan (000 §1, §6: it cannot publish or share): a Starter provider cancels at the period end and
 * the Stripe test clock reaches it. Properties turns the premium tours basic and stops serving shared tours and
 * published websites, in one transaction with its events; a later upgrade publishes nothing again by itself. On
 * both transports: NATS JetStream, and the in-process one the all-in-one launcher uses without NATS_URL.
 */
describe.each([
  ['NATS JetStream', true],
  ['the in-process transport', false],
])('the plan ending turns tours basic and unshared, on %s', (_transport, nats) => {
  let it_: PropertiesPlatform;
  let provider: Person;
  let card: string;
  /** Premium, shared, website published. */
  let premium: string;
  /** Basic, shared, website published. */
  let shared: string;
  /** Basic, nothing published. */
  let draft: string;
  let premiumSlug: string;

  const property = async (id: string) => (await provider.get(`/provider/properties/${id}`)).body.data;
  const publicWebsite = (slug: string) => it_.http.get(`/tours/${provider.providerId}/${slug}/website.json`);
  const outbox = async (subject: string) =>
    rows<{ data: Record<string, unknown>; createdAt: Date }>(
      it_.propertiesDb.dataSource,
      `SELECT envelope -> 'data' AS data, created_at AS "createdAt" FROM outbox
        WHERE subject = $1 ORDER BY created_at, id`,
      [subject],
    );
  const newProperty = async (title: string, features: Record<string, boolean>) => {
    const created = await provider.send('post', '/provider/properties', {
      create_tour_params: {
        title,
        address: '5 Harbour St, Sydney, Australia',
        matterport_key: 'SxQL3iGyoDo',
      },
    });
    expect(created.status).toBe(201);
    if (Object.keys(features).length > 0) {
      const published = await provider.send(
        'put',
        `/provider/properties/${created.body.data.id}/published_features`,
        { published_features: features },
      );
      expect(published.status).toBe(200);
    }
    return created.body.data as { id: string; slug: string };
  };
  const choosePlan = (productCode: string, payment: Record<string, string> = {}) =>
    provider.send('put', '/provider/billing/service_plan_subscription', {
      service_plan_subscription: { product_code: productCode, interval: 'month', ...payment },
    });

  beforeAll(async () => {
    it_ = await startPropertiesPlatform({ nats });
    provider = await it_.signUp('Back To Free Media');
    await provider.send('put', '/provider/billing/account', {
      name: 'Back To Free Media',
      email: 'billing@back-to-free.test',
      address: '1 Main St',
      country: 'US',
    });
    card = await it_.saveCard(provider, 'pm_card_visa');
    const starter = await choosePlan('starter_plan', { payment_method_id: card });
    expect(starter.body.data.result).toBe('success');
    await propertiesCaughtUp(it_, 'billing.subscription.changed.v1', provider.providerId);
    const first = await newProperty('Premium Harbour Tour', { tour: true, website: true, premium: true });
    premium = first.id;
    premiumSlug = first.slug;
    shared = (await newProperty('Basic Harbour Tour', { tour: true, website: true })).id;
    draft = (await newProperty('Draft Harbour Tour', {})).id;
  }, 60_000);
  afterAll(() => it_.stop());

  it('keeps everything served until the period ends, then turns it basic and unshared in one transaction', async () => {
    const cancelled = await choosePlan('free_tier_plan');
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.subscription).toMatchObject({
      cancel_at_period_end: true,
      next_product: { product_code: 'free_tier_plan' },
    });
    await propertiesCaughtUp(it_, 'billing.subscription.changed.v1', provider.providerId);
    // Paid until the period ends.
    expect((await property(premium)).published_features).toEqual({
      tour: true,
      website: true,
      premium: true,
    });
    expect((await publicWebsite(premiumSlug)).status).toBe(200);

    const clock = (await provider.get('/provider/billing/test_clock')).body.data.test_clock;
    const advanced = await provider.send('post', '/provider/billing/advance_test_clock', {
      test_clock_id: clock.id,
      time: new Date(Date.parse(cancelled.body.data.subscription.current_period_end) + DAY_MS).toISOString(),
    });
    expect(advanced.status).toBe(200);
    await propertiesCaughtUp(it_, 'billing.subscription.changed.v1', provider.providerId);

    const plan = (await provider.get('/provider/billing/service_plan_subscription')).body.data;
    expect(plan).toMatchObject({ product_code: 'free_tier_plan', premium_tour_limit: 0 });
    for (const id of [premium, shared]) {
      expect(await property(id)).toMatchObject({
        tour_type: 'basic',
        published_features: { tour: false, website: false, premium: false },
        published_at: null,
      });
    }
    expect((await property(draft)).published_features).toEqual({
      tour: false,
      website: false,
      premium: false,
    });
    const hidden = await publicWebsite(premiumSlug);
    expect(hidden.status).toBe(404);
    expect(hidden.body).toEqual({ errors: { base: ['Website not found'] } });

    const deactivated = await outbox('properties.tours.deactivated.v1');
    const withdrawn = await outbox('properties.publications.withdrawn.v1');
    expect(deactivated.map((row) => row.data)).toEqual([
      { provider_id: provider.providerId, property_ids: [premium] },
    ]);
    expect(withdrawn.map((row) => row.data)).toEqual([
      {
        provider_id: provider.providerId,
        product_code: 'free_tier_plan',
        tour_property_ids: [premium, shared],
        website_property_ids: [premium, shared],
        properties: [
          { property_id: premium, title: 'Premium Harbour Tour' },
          { property_id: shared, title: 'Basic Harbour Tour' },
        ],
      },
    ]);
    // Each tour and website is announced as when the person stops sharing it (what webhooks carry).
    const unsharedTours = await outbox('properties.tour.unpublished.v1');
    expect(unsharedTours.map((row) => row.data)).toEqual([
      { provider_id: provider.providerId, property_id: premium, premium: false },
      { provider_id: provider.providerId, property_id: shared, premium: false },
    ]);
    const unpublishedWebsites = await outbox('properties.website.unpublished.v1');
    expect(unpublishedWebsites.map((row) => row.data)).toEqual([
      { provider_id: provider.providerId, property_id: premium },
      { provider_id: provider.providerId, property_id: shared },
    ]);
    for (const row of [...unsharedTours, ...unpublishedWebsites]) {
      expect(row.createdAt).toEqual(deactivated[0]!.createdAt);
    }
    // One transaction: the two events and both tours' changes carry its one start time.
    const [{ changedAt }] = await rows<{ changedAt: Date[] }>(
      it_.propertiesDb.dataSource,
      `SELECT array_agg(DISTINCT updated_at) AS "changedAt" FROM properties WHERE id = ANY($1::uuid[])`,
      [[premium, shared]],
    );
    expect(changedAt).toEqual([deactivated[0]!.createdAt]);
    expect(withdrawn[0]!.createdAt).toEqual(deactivated[0]!.createdAt);
  });

  it('refuses to publish or share on the free plan', async () => {
    for (const features of [{ tour: true }, { website: true }, { premium: true }]) {
      const refused = await provider.send('put', `/provider/properties/${shared}/published_features`, {
        published_features: features,
      });
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ errors: { base: [PUBLISHING_NEEDS_PLAN] } });
    }
  });

  it('publishes nothing again when the provider upgrades later: the person does', async () => {
    const upgraded = await choosePlan('starter_plan', { payment_method_id: card });
    expect(upgraded.body.data.result).toBe('success');
    await propertiesCaughtUp(it_, 'billing.subscription.changed.v1', provider.providerId);
    expect((await provider.get('/provider/billing/service_plan_subscription')).body.data).toMatchObject({
      product_code: 'starter_plan',
      status: 'active',
    });
    for (const id of [premium, shared]) {
      expect((await property(id)).published_features).toEqual({
        tour: false,
        website: false,
        premium: false,
      });
    }
    expect((await publicWebsite(premiumSlug)).status).toBe(404);
    expect(await outbox('properties.publications.withdrawn.v1')).toHaveLength(1);
    expect(await outbox('properties.tours.deactivated.v1')).toHaveLength(1);

    const republished = await provider.send('put', `/provider/properties/${premium}/published_features`, {
      published_features: { tour: true, website: true, premium: true },
    });
    expect(republished.status).toBe(200);
    expect((await publicWebsite(premiumSlug)).status).toBe(200);
  });
});
