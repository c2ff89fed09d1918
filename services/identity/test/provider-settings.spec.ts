import { Database } from '@tourly/platform';
import { startIdentity, type SignedIn } from './support';

/** 001 §7: the provider's settings, read by its people and changed by its admins. */
describe('provider settings', () => {
  let it_: Awaited<ReturnType<typeof startIdentity>>;
  let admin: SignedIn;

  beforeAll(async () => {
    it_ = await startIdentity();
    admin = await it_.signedIn('provider@demo.test');
  });
  afterAll(() => it_.stop());

  const post = (path: string, body: object, user = admin) =>
    it_.http.post(path).set('cookie', user.cookie).set('x-csrf-token', user.csrfToken).send(body);

  it('shows the current provider’s settings', async () => {
    const response = await it_.http.get('/provider/settings').set('cookie', admin.cookie);
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      name: 'Demo Media',
      subdomain: 'demo-media',
      auto_populate_models: false,
      logo_url: null,
    });
  });

  it('changes the subdomain, normalised, refusing malformed, reserved and taken ones per field', async () => {
    const changed = await post('/provider/subdomains', { subdomain: ' Demo-Tours ' });
    expect(changed.status).toBe(200);
    expect(changed.body.data.subdomain).toBe('demo-tours');

    await it_.aProvider('Harbour Photography');
    await it_.service.app
      .get(Database)
      .dataSource.query("UPDATE providers SET subdomain = 'harbour' WHERE name = 'Harbour Photography'");
    const cases: Array<[string, string]> = [
      ['-bad-', 'may contain only letters, digits and hyphens, and cannot start or end with a hyphen'],
      ['www', 'is reserved; please choose another'],
      ['localhost', 'is reserved; please choose another'],
      ['autodiscover', 'is reserved; please choose another'],
      ['harbour', 'is already taken; please choose another'],
      ['', 'Required'],
    ];
    for (const [subdomain, message] of cases) {
      const response = await post('/provider/subdomains', { subdomain });
      expect({ subdomain, status: response.status, body: response.body }).toEqual({
        subdomain,
        status: 422,
        body: { errors: { subdomain: [message] } },
      });
    }
    expect((await it_.http.get('/provider/settings').set('cookie', admin.cookie)).body.data.subdomain).toBe(
      'demo-tours',
    );
  });

  it('toggles automatic model population', async () => {
    const on = await post('/provider/settings/toggle_auto_populate_models', { auto_populate_models: true });
    expect(on.body.data.auto_populate_models).toBe(true);
    const invalid = await post('/provider/settings/toggle_auto_populate_models', {
      auto_populate_models: 'yes',
    });
    expect(invalid.status).toBe(422);
    expect(invalid.body).toEqual({ errors: { auto_populate_models: ['must be true or false'] } });
  });

  it('lists the provider’s users, paged', async () => {
    const response = await it_.http.get('/provider/settings/users').set('cookie', admin.cookie);
    expect(response.body.data).toMatchObject({ total_count: 1, current_page: 1 });
    expect(response.body.data.items).toEqual([
      expect.objectContaining({
        email: 'provider@demo.test',
        first_name: 'Paula',
        role: 'admin',
        color: '#c4c4c4',
      }),
    ]);
  });

  it('keeps other providers’ people, members and visitors away from changes', async () => {
    await it_.aProvider('Member Agency', [{ email: 'va@demo.test', role: 'member' }]);
    const member = await it_.signedIn('va@demo.test');
    const switched = await post('/provider/access/change_to_default_provider.json', {}, member);
    expect(switched.body.data.role).toBe('member');
    expect((await it_.http.get('/provider/settings').set('cookie', member.cookie)).body.data.name).toBe(
      'Member Agency',
    );
    expect((await post('/provider/subdomains', { subdomain: 'takeover' }, member)).status).toBe(403);
    const staffOnly = await it_.signedIn('supplier@demo.test');
    expect((await it_.http.get('/provider/settings').set('cookie', staffOnly.cookie)).status).toBe(403);
    expect((await it_.http.get('/provider/settings')).status).toBe(401);
  });
});
