import { startIdentity, type SignedIn } from './support';

/** 002 §7: the admin console's view of providers and their users. */
describe('admin: providers and users', () => {
  let it_: Awaited<ReturnType<typeof startIdentity>>;
  let admin: SignedIn;
  let harbour: string;

  beforeAll(async () => {
    it_ = await startIdentity();
    admin = await it_.signedIn('admin@demo.test');
    harbour = await it_.aProvider('Harbour Photography', [{ email: 'provider@demo.test', role: 'member' }]);
  });
  afterAll(() => it_.stop());

  it('lists and searches providers for the impersonation picker, up to 100 a page', async () => {
    const all = await it_.http.get('/admin/providers.json?page_size=100').set('cookie', admin.cookie);
    expect(all.body.data.items.map((p: { name: string }) => p.name)).toEqual([
      'Demo Media',
      'Harbour Photography',
    ]);
    const searched = await it_.http.get('/admin/providers.json?search=demo-med').set('cookie', admin.cookie);
    expect(searched.body.data).toMatchObject({
      total_count: 1,
      items: [{ name: 'Demo Media', subdomain: 'demo-media' }],
    });
    const tooMany = await it_.http.get('/admin/providers.json?page_size=101').set('cookie', admin.cookie);
    expect(tooMany.status).toBe(422);
  });

  it('lists a provider’s users; an unknown or malformed id is a 404', async () => {
    const users = await it_.http.get(`/admin/providers/${harbour}/users.json`).set('cookie', admin.cookie);
    expect(users.body.data.items).toEqual([
      // A member here; Demo Media stays where they start after signing in.
      expect.objectContaining({ email: 'provider@demo.test', role: 'member', is_primary_provider: false }),
    ]);
    for (const id of ['01a20000-0000-7000-8000-000000000000', 'not-an-id']) {
      const response = await it_.http.get(`/admin/providers/${id}/users.json`).set('cookie', admin.cookie);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ errors: { base: ['Provider not found'] } });
    }
  });

  it('changes a user’s primary provider to one they belong to, and only that', async () => {
    const provider = await it_.signedIn('provider@demo.test');
    const userId = (provider.body.user as { id: string }).id;
    const change = (primaryProviderId: string) =>
      it_.http
        .post(`/admin/users/${userId}/change_primary_provider`)
        .set('cookie', admin.cookie)
        .set('x-csrf-token', admin.csrfToken)
        .send({ user: { primary_provider_id: primaryProviderId } });
    const changed = await change(harbour);
    expect(changed.status).toBe(200);
    expect(changed.body.data).toEqual({ id: userId, primary_provider_id: harbour });
    // The next sign-in starts in the primary provider.
    const again = await it_.signedIn('provider@demo.test');
    expect(again.body.current_provider).toEqual({ id: harbour, name: 'Harbour Photography' });

    const stranger = await it_.aProvider('Strangers Ltd');
    const refused = await change(stranger);
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({
      errors: { 'user.primary_provider_id': ['must be a provider the user belongs to'] },
    });
  });

  it('shows one provider as a row of the list shows it', async () => {
    const list = await it_.http.get('/admin/providers.json?search=harbour').set('cookie', admin.cookie);
    const one = await it_.http.get(`/admin/providers/${harbour}`).set('cookie', admin.cookie);
    expect(one.status).toBe(200);
    expect(one.body.data).toEqual(list.body.data.items[0]);
    expect(one.body.data).toEqual({
      id: harbour,
      name: 'Harbour Photography',
      subdomain: null,
      tag: null,
      created_at: expect.any(String),
    });
  });

  it('lists contacts for the searchable selects: by name, searched on name and email, one provider’s', async () => {
    const contacts = (query: string) =>
      it_.http.get(`/admin/contacts.json?${query}`).set('cookie', admin.cookie);
    const paula = await it_.signedIn('provider@demo.test');
    const paulaId = (paula.body.user as { id: string }).id;
    const all = await contacts('page_size=100');
    expect(all.status).toBe(200);
    expect(all.body.data.items.map((c: { email: string }) => c.email)).toEqual([
      'admin@demo.test', // Ada Admin
      'provider@demo.test', // Paula Provider
      'supplier@demo.test', // Sam Supplier
      'va@demo.test', // Victor Assistant
    ]);
    // Paula's primary provider is Harbour since the test above.
    expect((await contacts('search=PAULA%20prov')).body.data).toEqual({
      items: [{ id: paulaId, name: 'Paula Provider', email: 'provider@demo.test', provider_id: harbour }],
      current_page: 1,
      total_pages: 1,
      total_count: 1,
    });
    expect((await contacts('search=supplier@')).body.data.items).toEqual([
      expect.objectContaining({ name: 'Sam Supplier', provider_id: null }),
    ]);
    // A search's wildcards are taken literally.
    expect((await contacts('search=%25')).body.data.total_count).toBe(0);
    const members = await contacts(`provider_id=${harbour}`);
    expect(members.body.data.items.map((c: { email: string }) => c.email)).toEqual(['provider@demo.test']);
    const unknown = await contacts('provider_id=01a20000-0000-7000-8000-000000000000');
    expect(unknown.body.data).toEqual({ items: [], current_page: 1, total_pages: 0, total_count: 0 });
    const paged = await contacts('page=2&page_size=3');
    expect(paged.body.data).toMatchObject({ current_page: 2, total_pages: 2, total_count: 4 });
    expect(paged.body.data.items.map((c: { email: string }) => c.email)).toEqual(['va@demo.test']);
    const pastTheEnd = await contacts('page=3&page_size=3');
    expect(pastTheEnd.body.data).toEqual({ items: [], current_page: 3, total_pages: 2, total_count: 4 });
    const bad = await contacts('provider_id=demo');
    expect(bad.status).toBe(422);
    expect(bad.body).toEqual({ errors: { provider_id: ['is not a provider id'] } });
  });
});
