import { seedDemoData } from '@tourly/properties';
import { startPropertiesPlatform, type PropertiesPlatform } from './support';

/**
 * `npm start` gives the demo provider a property per model of the Matterport account it reads (the platform's own,
 * identity answers `platform` for it), geocoded, once. On the whole platform: properties asks identity which account
 * to read; the test platform seeds identity's demo accounts, not the demo properties.
 */
describe('demo properties', () => {
  let it_: PropertiesPlatform;
  beforeAll(async () => {
    it_ = await startPropertiesPlatform();
  });
  afterAll(() => it_?.stop());

  it('creates one property per Matterport model of the demo account, and nothing the second time', async () => {
    const demo = await it_.signIn('provider@demo.test');
    const properties = it_.platform.services.properties;
    const spaces = await demo.get('/provider/properties/matterport_spaces.json?page_size=100').expect(200);
    expect(spaces.body.data.total_count).toBeGreaterThan(0);

    const made = await seedDemoData(properties, demo.providerId);
    expect(made).toBe(spaces.body.data.total_count);
    expect(await seedDemoData(properties, demo.providerId)).toBe(0);

    const listed = await demo.get('/provider/properties?page_size=100').expect(200);
    expect(listed.body.data.total_count).toBe(made);
    expect(listed.body.data.items[0].geocoded_address.latitude).toEqual(expect.any(Number));

    // A client with its agent, on two of the properties; the agent is the first one's.
    const [client] = (await demo.get('/provider/clients').expect(200)).body.data.items;
    expect(client).toMatchObject({ name: 'Harbour Realty', contact_count: 1, property_count: 2 });
    const [agent] = (await demo.get(`/provider/contacts?provider_client_id=${client.id}`)).body.data.items;
    expect(agent).toMatchObject({ full_name: 'Ana Ng', provider_client_name: 'Harbour Realty' });
    const theirs = (await demo.get(`/provider/clients/${client.id}/properties`)).body.data.items;
    const agents = await Promise.all(
      theirs.map(
        async (property: { id: string }) =>
          (await demo.get(`/provider/properties/${property.id}/contacts`)).body.data.agent_ids,
      ),
    );
    expect(agents.flat()).toEqual([agent.id]);

    // The booking page set up (not published: the demo provider is on the free plan), with the agent's bookings.
    const page = (await demo.get('/provider/booking_page').expect(200)).body.data;
    expect(page).toMatchObject({ saved: true, slug: 'demo-media', published: false, can_publish: false });
    expect(page.setup.map((step: { done: boolean }) => step.done)).toEqual([true, true, true, false]);
    const preview = await demo.get('/provider/booking_page/preview').expect(200);
    expect(preview.body.data.services).toHaveLength(3);
    const bookings = (await demo.get('/provider/bookings').expect(200)).body.data.items;
    expect(bookings.map((booking: { status: string }) => booking.status).sort()).toEqual([
      'accepted',
      'completed',
      'pending',
    ]);
    expect(bookings[0]).toMatchObject({ full_name: 'Ana Ng', assigned_user_name: expect.any(String) });

    // Two weeks of visitor analytics on every tour, stored as events and rolled up (nothing left waiting).
    const [analytics] = (await it_.propertiesDb.dataSource.query(
      `SELECT count(DISTINCT d.property_id)::int AS properties, count(DISTINCT d.day)::int AS days,
              (SELECT count(*)::int FROM analytics_events WHERE provider_id = $1) AS events,
              (SELECT count(*)::int FROM analytics_rollups_due WHERE provider_id = $1) AS waiting
         FROM analytics_days d WHERE d.provider_id = $1`,
      [demo.providerId],
    )) as Array<{ properties: number; days: number; events: number; waiting: number }>;
    expect(analytics).toEqual({ properties: made, days: 14, events: expect.any(Number), waiting: 0 });
    expect(analytics!.events).toBeGreaterThan(1000);
  });

  it('makes nothing for a provider with no Matterport account to read', async () => {
    const provider = await it_.signUp('Seeded Media');

    expect(await seedDemoData(it_.platform.services.properties, provider.providerId)).toBe(0);
    const listed = await provider.get('/provider/properties?page_size=100').expect(200);
    expect(listed.body.data.total_count).toBe(0);
  });
});
