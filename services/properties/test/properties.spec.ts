import { startProperties, type PropertiesAlone, type Person } from './support';

const MODEL = 'SxQL3iGyoDo';

/** 001 §3, §5, §7: a provider's properties through the gateway; another provider's ids name nothing. */
describe('properties', () => {
  let it_: PropertiesAlone;
  let provider: Person;
  let other: Person;

  beforeAll(async () => {
    it_ = await startProperties();
    provider = await it_.signUp('Harbour Media');
    other = await it_.signUp('Other Media');
  });
  afterAll(() => it_.stop());

  const create = (person: Person, fields: Record<string, string>) =>
    person.send('post', '/provider/properties', {
      create_tour_params: {
        title: 'A property',
        address: '12 Harbour St, Sydney NSW 2000, Australia',
        matterport_key: MODEL,
        ...fields,
      },
    });

  it('creates a property from a title, an address it geocodes and a Matterport link', async () => {
    const created = await create(provider, {
      title: 'Harbour View Apartment',
      matterport_key: `https://my.matterport.com/show/?m=${MODEL}&ss=12&sr=-1.5`,
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      slug: 'harbour-view-apartment',
      title: 'Harbour View Apartment',
      matterport_key: MODEL,
      start_position: 'ss=12&sr=-1.5',
      published_features: { tour: false, website: false, premium: false },
      tour_type: 'basic',
      geocoded_address: { latitude: expect.any(Number), longitude: expect.any(Number) },
    });
    const again = await create(provider, { title: 'Harbour View Apartment' });
    expect(again.body.data.slug).toBe('harbour-view-apartment-2');
  });

  it('refuses each geocoding failure, a bad scan key and blank fields in the spec’s words, creating nothing', async () => {
    const before = (await provider.get('/provider/properties')).body.data.total_count;
    const cases: Array<[Record<string, string>, Record<string, string[]>]> = [
      [{ address: 'Somewhere nowhere 999' }, { 'create_tour_params.address': ['Address not found'] }],
      [
        { address: '1 Street with no coordinates' },
        { 'create_tour_params.address': ["Address doesn't have longitude and latitude"] },
      ],
      [
        { address: '1 Street with no location' },
        { 'create_tour_params.address': ["Address don't have location"] },
      ],
      [
        { matterport_key: 'abc' },
        {
          'create_tour_params.matterport_key': [
            'is not a Matterport model id (5 or more letters or digits) or a link to a Matterport model',
          ],
        },
      ],
      [{ title: ' ', matterport_key: '' }, { 'create_tour_params.title': ['Required'] }],
    ];
    for (const [fields, errors] of cases) {
      const refused = await create(provider, fields);
      expect(refused.status).toBe(422);
      expect(refused.body.errors).toMatchObject(errors);
    }
    expect((await provider.get('/provider/properties')).body.data.total_count).toBe(before);
  });

  it('lists newest first with paging, search and filters', async () => {
    for (const title of ['Beach House', 'City Loft', 'Country Barn']) await create(provider, { title });
    const page = await provider.get('/provider/properties?page=1&page_size=2');
    expect(page.body.data).toMatchObject({ current_page: 1, total_pages: 3, total_count: 5 });
    expect(page.body.data.items.map((p: { title: string }) => p.title)).toEqual([
      'Country Barn',
      'City Loft',
    ]);
    const pastTheEnd = await provider.get('/provider/properties?page=9&page_size=2');
    expect(pastTheEnd.body.data).toMatchObject({
      items: [],
      current_page: 9,
      total_pages: 3,
      total_count: 5,
    });
    const searched = await provider.get('/provider/properties?search=loft');
    expect(searched.body.data.items.map((p: { title: string }) => p.title)).toEqual(['City Loft']);
    const published = await provider.get('/provider/properties?filters[status]=published');
    expect(published.body.data.total_count).toBe(0);
    const basic = await provider.get('/provider/properties?filters[tour_type]=basic');
    expect(basic.body.data.total_count).toBe(5);
    const bad = await provider.get('/provider/properties?filters[tour_type]=gold&page_size=500');
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({
      'filters.tour_type': ['must be one of: basic, premium'],
      page_size: ['must be at most 100'],
    });
  });

  it('reads, changes and deletes (softly: an admin restores it); another provider gets 404 for each', async () => {
    const { id } = (await create(provider, { title: 'Mis-click Cottage' })).body.data;
    for (const [method, path, body] of [
      ['get', `/provider/properties/${id}`, undefined],
      ['patch', `/provider/properties/${id}`, { property: { title: 'Stolen' } }],
      ['delete', `/provider/properties/${id}`, undefined],
      ['get', `/provider/properties/${id}/published_features`, undefined],
      ['put', `/provider/properties/${id}/published_features`, { published_features: { tour: false } }],
    ] as const) {
      const call = method === 'get' ? other.get(path) : other.send(method, path, body);
      const response = await call;
      expect({ path, status: response.status, body: response.body }).toEqual({
        path,
        status: 404,
        body: { errors: { base: ['Property not found'] } },
      });
    }
    expect((await provider.get('/provider/properties/not-an-id')).status).toBe(404);

    const changed = await provider.send('patch', `/provider/properties/${id}`, {
      property: { title: 'Seaside Cottage', matterport_key: 'https://my.matterport.com/models/AbCdE12345' },
    });
    expect(changed.body.data).toMatchObject({
      title: 'Seaside Cottage',
      matterport_key: 'AbCdE12345',
      slug: 'mis-click-cottage',
    });

    expect((await provider.send('delete', `/provider/properties/${id}`)).status).toBe(200);
    expect((await provider.get(`/provider/properties/${id}`)).status).toBe(404);
    const admin = it_.staff('platform_admin');
    const restored = await admin.send('post', `/admin/properties/${id}/restore`);
    expect(restored.status).toBe(200);
    expect((await provider.get(`/provider/properties/${id}`)).body.data.title).toBe('Seaside Cottage');
    expect((await provider.send('post', `/admin/properties/${id}/restore`)).status).toBe(403);
  });

  it('keeps the free plan from publishing or sharing, with what to do', async () => {
    const { id } = (await create(provider, { title: 'Free Plan Flat' })).body.data;
    for (const features of [{ tour: true }, { website: true }, { premium: true }]) {
      const refused = await provider.send('put', `/provider/properties/${id}/published_features`, {
        published_features: features,
      });
      expect(refused.status).toBe(403);
      expect(refused.body.errors.base).toEqual([
        'Publishing and sharing tours come with a paid plan. Upgrade your plan to publish this tour.',
      ]);
    }
    const preview = await provider.send('post', `/provider/properties/${id}/preview_publish`, {
      published_features: { tour: true, premium: true },
    });
    expect(preview.body.data).toMatchObject({
      allowed: false,
      product_code: 'free_tier_plan',
      premium_tour_limit: 0,
    });
  });
});
