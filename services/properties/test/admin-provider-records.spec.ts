import { shareTour, startProperties, type PropertiesAlone, type Person } from './support';

const MALFORMED = 'not-a-provider';
const UNKNOWN_PROVIDER = '01a20000-0000-7000-8000-000000000000';
const EMPTY_PAGE = { items: [], current_page: 1, total_pages: 0, total_count: 0 };

interface Titled {
  title: string;
}
interface TourItem {
  property_title: string;
}

/**
 * 002 §7 Administrator, the records properties owns (issue 18): another provider's properties, tours and player
 * link namespaces as the back office reads them, bookings and provider clients (none exist yet: empty pages), and
 * the scan models of live properties for the pickers.
 */
describe('admin: a provider’s records in properties', () => {
  let it_: PropertiesAlone;
  let admin: Person;
  let provider: Person;
  let other: Person;
  const ids: Record<string, string> = {};

  const create = async (person: Person, title: string, model: string, address = '1 Test St, Sydney') => {
    const created = await person.send('post', '/provider/properties', {
      create_tour_params: { title, address, matterport_key: model },
    });
    expect(created.status).toBe(201);
    ids[title] = created.body.data.id;
    return created.body.data.id as string;
  };

  beforeAll(async () => {
    it_ = await startProperties();
    admin = it_.staff('platform_admin');
    provider = await it_.signUp('Harbour Media');
    other = await it_.signUp('Other Media');
    await create(provider, 'Beach House', 'BeachModel01', '3 Beach Rd, Bondi NSW 2026');
    await create(provider, 'City Loft', 'CityModel002', '40 George St, Sydney NSW 2000');
    await create(provider, 'Country Barn', 'BarnModel003', '9 Farm Lane, Mudgee NSW 2850');
    // Another provider's property of the same model as the Beach House, and one of its own model.
    await create(other, 'Seaside Shack', 'BeachModel01', '5 Shore St, Manly NSW 2095');
    await create(other, 'Harbour Flat', 'HarbourMod04', '12 Harbour St, Sydney NSW 2000');
  });
  afterAll(() => it_.stop());

  it('reads another provider’s properties as its own list shows them: newest first, searched, filtered, paged', async () => {
    const all = await admin.get(`/admin/providers/${provider.providerId}/properties`);
    expect(all.status).toBe(200);
    expect(all.body.data).toMatchObject({ current_page: 1, total_pages: 1, total_count: 3 });
    expect(all.body.data.items.map((p: Titled) => p.title)).toEqual([
      'Country Barn',
      'City Loft',
      'Beach House',
    ]);
    expect(all.body.data.items[1]).toEqual(
      (await provider.get(`/provider/properties/${ids['City Loft']}`)).body.data,
    );
    expect(all.body.data.items[1]).toMatchObject({
      id: ids['City Loft'],
      slug: 'city-loft',
      title: 'City Loft',
      address: '40 George St, Sydney NSW 2000',
      matterport_key: 'CityModel002',
      published_features: { tour: false, website: false, premium: false },
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });

    const searched = await admin.get(`/admin/providers/${provider.providerId}/properties?search=george`);
    expect(searched.body.data.items.map((p: Titled) => p.title)).toEqual(['City Loft']);
    const paged = await admin.get(`/admin/providers/${provider.providerId}/properties?page=2&page_size=2`);
    expect(paged.body.data).toMatchObject({ current_page: 2, total_pages: 2, total_count: 3 });
    expect(paged.body.data.items.map((p: Titled) => p.title)).toEqual(['Beach House']);
    const basic = await admin.get(
      `/admin/providers/${provider.providerId}/properties?filters[tour_type]=basic&filters[status]=unpublished`,
    );
    expect(basic.body.data.total_count).toBe(3);
    const bad = await admin.get(`/admin/providers/${provider.providerId}/properties?filters[status]=live`);
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ 'filters.status': ['must be one of: published, unpublished'] });
  });

  it('reads the provider’s tours and its namespace once the provider made them, and only live ones', async () => {
    const tours = `/admin/providers/${provider.providerId}/tours`;
    const namespaces = `/admin/providers/${provider.providerId}/player_link_namespaces`;
    expect((await admin.get(tours)).body.data).toEqual(EMPTY_PAGE);
    expect((await admin.get(namespaces)).body.data).toEqual(EMPTY_PAGE);

    // The provider opens two tour spaces (its player links are made then) and shares one.
    const beach = (await provider.get(`/provider/properties/${ids['Beach House']}/player_link`)).body.data;
    const loft = (await provider.get(`/provider/properties/${ids['City Loft']}/player_link`)).body.data;
    await shareTour(it_, provider, ids['City Loft']);
    await provider.send('patch', `/provider/properties/${ids['Beach House']}/update_player_link_password`, {
      player_link: { username: 'guest', password: 'open sesame please' },
    });
    // The other provider's tour is not the provider's.
    await other.get(`/provider/properties/${ids['Seaside Shack']}/player_link`);

    const listed = await admin.get(tours);
    expect(listed.status).toBe(200);
    expect(listed.body.data).toMatchObject({ current_page: 1, total_pages: 1, total_count: 2 });
    expect(listed.body.data.items).toEqual([
      {
        id: loft.id,
        property_id: ids['City Loft'],
        property_title: 'City Loft',
        property_slug: 'city-loft',
        client_slug: loft.client_slug,
        model_slug: 'city-loft',
        url: loft.links.default,
        matterport_key: 'CityModel002',
        published: true,
        shareable: true,
        premium: false,
        has_password: false,
        layers_published_at: null,
        created_at: expect.any(String),
        updated_at: expect.any(String),
      },
      expect.objectContaining({
        id: beach.id,
        property_title: 'Beach House',
        client_slug: beach.client_slug,
        url: beach.links.default,
        published: false,
        shareable: false,
        has_password: true,
      }),
    ]);
    expect(loft.links.default).toMatch(new RegExp(`/tours/${loft.client_slug}/city-loft$`));
    const searched = await admin.get(`${tours}?search=bondi&page_size=1`);
    expect(searched.body.data).toMatchObject({ total_count: 1, total_pages: 1 });
    expect(searched.body.data.items.map((t: TourItem) => t.property_title)).toEqual(['Beach House']);
    const second = await admin.get(`${tours}?page=2&page_size=1`);
    expect(second.body.data).toMatchObject({ current_page: 2, total_pages: 2, total_count: 2 });
    expect(second.body.data.items.map((t: TourItem) => t.property_title)).toEqual(['Beach House']);

    const namespace = await admin.get(namespaces);
    expect(namespace.status).toBe(200);
    expect(namespace.body.data).toEqual({
      items: [
        {
          id: loft.client_slug,
          slug: loft.client_slug,
          provider_id: provider.providerId,
          tour_count: 2,
          created_at: expect.any(String),
        },
      ],
      current_page: 1,
      total_pages: 1,
      total_count: 1,
    });

    // A deleted property's tour leaves the lists.
    await provider.send('delete', `/provider/properties/${ids['Beach House']}`);
    expect((await admin.get(tours)).body.data.items.map((t: TourItem) => t.property_title)).toEqual([
      'City Loft',
    ]);
    expect((await admin.get(namespaces)).body.data.items[0].tour_count).toBe(1);
    const properties = await admin.get(`/admin/providers/${provider.providerId}/properties`);
    expect(properties.body.data.items.map((p: Titled) => p.title)).toEqual(['Country Barn', 'City Loft']);
    await admin.send('post', `/admin/properties/${ids['Beach House']}/restore`);
  });

  it('answers bookings and provider clients with empty pages: neither exists in the platform yet', async () => {
    const bookings = await admin.get(`/admin/providers/${provider.providerId}/bookings?page=2&page_size=10`);
    expect(bookings.status).toBe(200);
    expect(bookings.body.data).toEqual({ items: [], current_page: 2, total_pages: 0, total_count: 0 });
    const clients = await admin.get(
      `/admin/provider_clients.json?provider_id=${provider.providerId}&search=acme`,
    );
    expect(clients.status).toBe(200);
    expect(clients.body.data).toEqual(EMPTY_PAGE);
    expect((await admin.get('/admin/provider_clients.json')).body.data).toEqual(EMPTY_PAGE);
    const bad = await admin.get('/admin/provider_clients.json?provider_id=42&page=0');
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ provider_id: ['is not a provider id'], page: ['must be at least 1'] });
  });

  it('lists the scan models of live properties once each, searched and by provider', async () => {
    const all = await admin.get('/admin/matterport_models.json');
    expect(all.status).toBe(200);
    // By name: the title of the first property made of each model.
    expect(all.body.data).toEqual({
      items: [
        {
          id: 'BeachModel01',
          name: 'Beach House',
          display_name: 'Beach House and 1 more (BeachModel01)',
          matterport_key: 'BeachModel01',
          property_count: 2,
        },
        {
          id: 'CityModel002',
          name: 'City Loft',
          display_name: 'City Loft (CityModel002)',
          matterport_key: 'CityModel002',
          property_count: 1,
        },
        {
          id: 'BarnModel003',
          name: 'Country Barn',
          display_name: 'Country Barn (BarnModel003)',
          matterport_key: 'BarnModel003',
          property_count: 1,
        },
        {
          id: 'HarbourMod04',
          name: 'Harbour Flat',
          display_name: 'Harbour Flat (HarbourMod04)',
          matterport_key: 'HarbourMod04',
          property_count: 1,
        },
      ],
      current_page: 1,
      total_pages: 1,
      total_count: 4,
    });
    const shown = async (query: string) => {
      const answer = await admin.get(`/admin/matterport_models.json?${query}`);
      expect(answer.status).toBe(200);
      return answer.body.data.items.map((model: { display_name: string }) => model.display_name);
    };
    // Of one provider: its own properties only, counted within it.
    expect(await shown(`provider_id=${other.providerId}`)).toEqual([
      'Harbour Flat (HarbourMod04)',
      'Seaside Shack (BeachModel01)',
    ]);
    // By a property's title or address, or the model id (any case).
    expect(await shown('search=shack')).toEqual(['Beach House and 1 more (BeachModel01)']);
    expect(await shown('search=mudgee')).toEqual(['Country Barn (BarnModel003)']);
    expect(await shown('search=citymodel')).toEqual(['City Loft (CityModel002)']);
    expect(await shown(`search=beach&provider_id=${provider.providerId}`)).toEqual([
      'Beach House (BeachModel01)',
    ]);
    expect(await shown(`provider_id=${UNKNOWN_PROVIDER}`)).toEqual([]);
    const paged = await admin.get('/admin/matterport_models.json?page=2&page_size=3');
    expect(paged.body.data).toMatchObject({ current_page: 2, total_pages: 2, total_count: 4 });
    expect(paged.body.data.items.map((model: { id: string }) => model.id)).toEqual(['HarbourMod04']);
    const past = await admin.get('/admin/matterport_models.json?page=9&page_size=3');
    expect(past.body.data).toEqual({ items: [], current_page: 9, total_pages: 2, total_count: 4 });

    // A deleted property's model is gone unless another live property shows it.
    await other.send('delete', `/provider/properties/${ids['Harbour Flat']}`);
    expect(await shown(`provider_id=${other.providerId}`)).toEqual(['Seaside Shack (BeachModel01)']);
    const bad = await admin.get('/admin/matterport_models.json?provider_id=nope');
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ provider_id: ['is not a provider id'] });
  });

  it('answers 404 Provider not found for a malformed provider id, and an empty page for an unknown one', async () => {
    for (const records of ['properties', 'tours', 'player_link_namespaces', 'bookings']) {
      const malformed = await admin.get(`/admin/providers/${MALFORMED}/${records}`);
      expect({ records, status: malformed.status, body: malformed.body }).toEqual({
        records,
        status: 404,
        body: { errors: { base: ['Provider not found'] } },
      });
      // Properties keeps no list of providers: a well-formed id it has no rows of is a provider without any.
      const unknown = await admin.get(`/admin/providers/${UNKNOWN_PROVIDER}/${records}`);
      expect({ records, status: unknown.status, body: unknown.body }).toEqual({
        records,
        status: 200,
        body: { data: EMPTY_PAGE },
      });
    }
  });

  it('refuses the provider’s own people: the back office is the platform admin’s', async () => {
    for (const path of [
      `/admin/providers/${provider.providerId}/properties`,
      `/admin/providers/${provider.providerId}/tours`,
      '/admin/matterport_models.json',
    ]) {
      expect((await provider.get(path)).status).toBe(403);
    }
  });
});
