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
});
