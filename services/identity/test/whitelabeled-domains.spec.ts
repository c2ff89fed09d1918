import { Database, EventBus } from '@tourly/platform';
import { nextDelivery } from '@tourly/platform/testing';
import { startIdentityPlatform, type SignedIn } from './support';

/** White-label domains: requested by a provider on a plan with them, set up by a virtual assistant. */
describe('white-label domains', () => {
  let it_: Awaited<ReturnType<typeof startIdentityPlatform>>;
  let provider: SignedIn;
  let assistant: SignedIn;
  let admin: SignedIn;
  let demoMedia: string;

  beforeAll(async () => {
    it_ = await startIdentityPlatform();
    provider = await it_.signedIn('provider@demo.test');
    assistant = await it_.signedIn('va@demo.test');
    admin = await it_.signedIn('admin@demo.test');
    demoMedia = (provider.body.current_provider as { id: string }).id;
  });
  afterAll(() => it_.stop());

  async function onCreatorPlan(providerId: string): Promise<void> {
    const handled = nextDelivery(it_.platform.services.identity, 'billing.subscription.changed.v1');
    const billing = it_.platform.services.billing.app;
    await billing.get(Database).transaction((tx) =>
      billing.get(EventBus).publish(
        'billing.subscription.changed.v1',
        {
          providerId,
          productCode: 'vt_creator_plan',
          interval: 'month',
          status: 'active',
          premiumTourLimit: 100,
        },
        tx,
      ),
    );
    await handled;
  }

  const requestDomain = (subdomain: unknown, user = provider) =>
    it_.http
      .post('/provider/settings/whitelabel-domain')
      .set('cookie', user.cookie)
      .set('x-csrf-token', user.csrfToken)
      .send({ whitelabeled_domain: { subdomain } });

  const decide = (id: string, body: object, user = assistant) =>
    it_.http
      .patch(`/virtual_assistant/whitelabeled-domains/${id}`)
      .set('cookie', user.cookie)
      .set('x-csrf-token', user.csrfToken)
      .send({ whitelabeled_domain: body });

  const settingsDomain = async () =>
    (await it_.http.get('/provider/settings').set('cookie', provider.cookie)).body.data.whitelabel_domain;

  it('is not for the free plan, and starts unset', async () => {
    expect(await settingsDomain()).toEqual({
      subdomain: null,
      status: 'unset',
      failure_reason: null,
      requested_at: null,
    });
    const refused = await requestDomain('tours.demo-media.com');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      errors: {
        base: ['White-label domains come with the Creator and Pro plans. Upgrade your plan to use one.'],
      },
    });
  });

  it('goes pending when requested, then failed or active at a virtual assistant’s word', async () => {
    await onCreatorPlan(demoMedia);
    const requested = await requestDomain(' Tours.Demo-Media.com. ');
    expect(requested.status).toBe(200);
    expect(requested.body.data).toMatchObject({
      subdomain: 'tours.demo-media.com',
      status: 'pending',
      failure_reason: null,
    });

    const queue = await it_.http
      .get('/virtual_assistant/whitelabeled-domains.json?status=pending')
      .set('cookie', assistant.cookie);
    const item = queue.body.data.items.find(
      (d: { subdomain: string }) => d.subdomain === 'tours.demo-media.com',
    );
    expect(item).toMatchObject({ provider: { id: demoMedia, name: 'Demo Media' }, status: 'pending' });

    const failed = await decide(item.id, {
      status: 'failed',
      failure_reason: 'No CNAME record points at us yet.',
    });
    expect(failed.body.data).toMatchObject({
      status: 'failed',
      failure_reason: 'No CNAME record points at us yet.',
    });
    expect(await settingsDomain()).toMatchObject({
      status: 'failed',
      failure_reason: 'No CNAME record points at us yet.',
    });

    expect((await requestDomain('tours.demo-media.com')).body.data.status).toBe('pending');
    expect((await decide(item.id, { status: 'active' })).body.data).toMatchObject({
      status: 'active',
      failure_reason: null,
    });
    expect(await settingsDomain()).toMatchObject({ subdomain: 'tours.demo-media.com', status: 'active' });

    const published = await it_.platform.services.identity.app.get(Database).dataSource.query(
      `SELECT envelope->'data'->>'status' AS status FROM outbox
          WHERE subject = 'identity.whitelabeled_domain.changed.v1' ORDER BY created_at, id`,
    );
    expect(published.map((row: { status: string }) => row.status)).toEqual([
      'pending',
      'failed',
      'pending',
      'active',
    ]);
  });

  it('checks the domain name, and one domain belongs to one provider', async () => {
    const malformed = await requestDomain('not a domain');
    expect(malformed.status).toBe(422);
    expect(malformed.body).toEqual({
      errors: {
        'whitelabeled_domain.subdomain': ['is not a domain name (for example tours.your-agency.com)'],
      },
    });
    const harbour = await it_.aProvider('Harbour Photography');
    await it_.aUser('harbour-admin@demo.test', { providerId: harbour, role: 'admin' });
    await onCreatorPlan(harbour);
    const taken = await requestDomain('TOURS.demo-media.com', await it_.signedIn('harbour-admin@demo.test'));
    expect(taken.status).toBe(422);
    expect(taken.body).toEqual({
      errors: { 'whitelabeled_domain.subdomain': ['is already used by another provider'] },
    });
  });

  it('refuses local and reserved names, and the platform’s own hosts, from providers and administrators', async () => {
    const local = await it_.aProvider('Local Names');
    await it_.aUser('local-admin@demo.test', { providerId: local, role: 'admin' });
    await onCreatorPlan(local);
    const localAdmin = await it_.signedIn('local-admin@demo.test');
    const refused = {
      errors: {
        'whitelabeled_domain.subdomain': [
          'is a local or reserved name; use a domain of your own on the internet (for example tours.your-agency.com)',
        ],
      },
    };
    // The tests' app is on localhost: tours.localhost is both a local name and a host of the platform's own.
    for (const domain of ['tours.localhost', 'printer.local', 'Tours.Office.Internal', 'nas.home.arpa']) {
      const response = await requestDomain(domain, localAdmin);
      expect({ domain, status: response.status, body: response.body }).toEqual({
        domain,
        status: 422,
        body: refused,
      });
    }
    expect(
      (await it_.http.get('/provider/settings').set('cookie', localAdmin.cookie)).body.data.whitelabel_domain,
    ).toMatchObject({ subdomain: null, status: 'unset' });

    expect((await requestDomain('tours.local-names.com', localAdmin)).status).toBe(200);
    const [{ id }] = await it_.platform.services.identity.app
      .get(Database)
      .dataSource.query('SELECT id FROM whitelabeled_domains WHERE provider_id = $1', [local]);
    const corrected = await it_.http
      .put(`/admin/whitelabeled_domains/${id}`)
      .set('cookie', admin.cookie)
      .set('x-csrf-token', admin.csrfToken)
      .send({ whitelabeled_domain: { subdomain: 'tours.localhost' } });
    expect(corrected.status).toBe(422);
    expect(corrected.body).toEqual(refused);
  });

  it('lets administrators find and correct a domain, which goes back to pending', async () => {
    const found = await it_.http
      .get(`/admin/whitelabeled_domains?search=demo-media&provider_id=${demoMedia}`)
      .set('cookie', admin.cookie);
    expect(found.body.data.total_count).toBe(1);
    const corrected = await it_.http
      .put(`/admin/whitelabeled_domains/${found.body.data.items[0].id}`)
      .set('cookie', admin.cookie)
      .set('x-csrf-token', admin.csrfToken)
      .send({ whitelabeled_domain: { subdomain: 'virtual.demo-media.com' } });
    expect(corrected.body.data).toMatchObject({ subdomain: 'virtual.demo-media.com', status: 'pending' });
    const missing = await it_.http
      .put('/admin/whitelabeled_domains/not-an-id')
      .set('cookie', admin.cookie)
      .set('x-csrf-token', admin.csrfToken)
      .send({ whitelabeled_domain: { subdomain: 'x.example.com' } });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ errors: { base: ['White-label domain not found'] } });
  });

  it('keeps each side to its own part', async () => {
    const supplier = await it_.signedIn('supplier@demo.test');
    expect(
      (await it_.http.get('/virtual_assistant/whitelabeled-domains.json').set('cookie', provider.cookie))
        .status,
    ).toBe(403);
    expect(
      (await it_.http.get('/virtual_assistant/whitelabeled-domains.json').set('cookie', supplier.cookie))
        .status,
    ).toBe(403);
    expect((await it_.http.get('/admin/whitelabeled_domains').set('cookie', assistant.cookie)).status).toBe(
      403,
    );
    expect((await requestDomain('tours.example.com', assistant)).status).toBe(403);
    expect((await it_.http.get('/virtual_assistant/whitelabeled-domains.json')).status).toBe(401);
  });
});
