import { startIdentity } from './support';

/** 001 §7: the providers a user may work in, and switching between them. */
describe('provider access', () => {
  let it_: Awaited<ReturnType<typeof startIdentity>>;
  let otherAgency: string;
  let strangers: string;

  beforeAll(async () => {
    it_ = await startIdentity();
    otherAgency = await it_.aProvider('Harbour Photography', [
      { email: 'provider@demo.test', role: 'member' },
    ]);
    await it_.aProvider('Another Agency', [{ email: 'provider@demo.test', role: 'scan_technician' }]);
    strangers = await it_.aProvider('Strangers Ltd', [{ email: 'va@demo.test', role: 'admin' }]);
  });
  afterAll(() => it_.stop());

  it('lists the providers the user belongs to, paged and searchable', async () => {
    const { cookie } = await it_.signedIn('provider@demo.test');
    const all = await it_.http
      .get('/provider/access/available_providers.json?page=1&page_size=2')
      .set('cookie', cookie);
    expect(all.status).toBe(200);
    expect(all.body.data).toMatchObject({ current_page: 1, total_pages: 2, total_count: 3 });
    expect(all.body.data.items.map((p: { name: string }) => p.name)).toEqual([
      'Another Agency',
      'Demo Media',
    ]);
    const searched = await it_.http
      .get('/provider/access/available_providers.json?search=harb')
      .set('cookie', cookie);
    expect(searched.body.data.items).toEqual([{ id: otherAgency, name: 'Harbour Photography' }]);
  });

  it('switches the current provider: the role follows, and every later request sees it', async () => {
    const { cookie, csrfToken } = await it_.signedIn('provider@demo.test');
    const switched = await it_.http
      .post('/provider/access/change_current_provider.json')
      .set('cookie', cookie)
      .set('x-csrf-token', csrfToken)
      .send({ provider_id: otherAgency });
    expect(switched.status).toBe(200);
    expect(switched.body.data).toEqual({
      current_provider: { id: otherAgency, name: 'Harbour Photography' },
      role: 'member',
    });
    const me = await it_.http.get('/users/me').set('cookie', cookie);
    expect(me.body.data).toMatchObject({ provider_id: otherAgency, role: 'member' });

    const back = await it_.http
      .post('/provider/access/change_to_default_provider.json')
      .set('cookie', cookie)
      .set('x-csrf-token', csrfToken);
    expect(back.body.data).toMatchObject({ current_provider: { name: 'Demo Media' }, role: 'admin' });
    expect((await it_.http.get('/users/me').set('cookie', cookie)).body.data.role).toBe('admin');
  });

  it('answers 404 for a provider the user does not belong to, without revealing it exists', async () => {
    const { cookie, csrfToken } = await it_.signedIn('provider@demo.test');
    for (const providerId of [strangers, '01a20000-0000-7000-8000-000000000000']) {
      const response = await it_.http
        .post('/provider/access/change_current_provider.json')
        .set('cookie', cookie)
        .set('x-csrf-token', csrfToken)
        .send({ provider_id: providerId });
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ errors: { base: ['Provider not found'] } });
    }
    expect((await it_.http.get('/users/me').set('cookie', cookie)).body.data.role).toBe('admin');
  });

  it('validates the provider id and refuses visitors', async () => {
    const { cookie, csrfToken } = await it_.signedIn('provider@demo.test');
    const invalid = await it_.http
      .post('/provider/access/change_current_provider.json')
      .set('cookie', cookie)
      .set('x-csrf-token', csrfToken)
      .send({ provider_id: 'seven' });
    expect(invalid.status).toBe(422);
    expect(invalid.body).toEqual({ errors: { provider_id: ['is not a provider id'] } });
    expect((await it_.http.get('/provider/access/available_providers.json')).status).toBe(401);
  });
});
