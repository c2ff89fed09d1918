import { eventually } from '@tourly/platform/testing';
import { sessionCookieOf, startIdentityPlatform, type SignedIn } from './support';

type Entry = {
  kind: string;
  user: { id: string; email: string };
  action: string | null;
  record: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};

/**
 * Issue 29: what an administrator changes while impersonating a provider, through the provider's own routes of any
 * service, is in the provider's audit trail (who, when, which record, each field before → after), as the provider's
 * admins read it in their access log and the console lists it; the provider's own changes are not, nor does any
 * other provider see them.
 */
describe('changes an administrator makes while impersonating', () => {
  let it_: Awaited<ReturnType<typeof startIdentityPlatform>>;
  let provider: SignedIn;
  let admin: SignedIn;
  let adminId: string;
  let demoMedia: string;
  let actingAs: SignedIn;
  let strangersAdmin: SignedIn;

  beforeAll(async () => {
    it_ = await startIdentityPlatform();
    provider = await it_.signedIn('provider@demo.test');
    demoMedia = (provider.body.current_provider as { id: string }).id;
    admin = await it_.signedIn('admin@demo.test');
    adminId = (admin.body.user as { id: string }).id;
    const strangers = await it_.aProvider('Strangers Ltd');
    await it_.aUser('strangers-admin@example.com', { providerId: strangers, role: 'admin' });
    strangersAdmin = await it_.signedIn('strangers-admin@example.com');
  }, 60_000);
  afterAll(() => it_?.stop());

  const send = (as: SignedIn, method: 'post' | 'put' | 'patch', path: string, body: object) =>
    it_.http[method](path).set('cookie', as.cookie).set('x-csrf-token', as.csrfToken).send(body);
  const changesIn = async (as: SignedIn): Promise<Entry[]> => {
    const log = await it_.http.get('/provider/settings/access_log?page_size=100').set('cookie', as.cookie);
    expect(log.status).toBe(200);
    return (log.body.data.items as Entry[]).filter((entry) => entry.kind === 'admin_change');
  };

  it('records each record changed in billing, properties and identity, before → after, for the provider only', async () => {
    // The provider's own records, made by its own admin: not the administrator's.
    await send(provider, 'put', '/provider/billing/account', {
      name: 'Demo Media',
      email: 'accounts@demo.test',
      address: '1 Harbour Road, Sydney',
      country: 'AU',
      currency: 'aud',
    }).expect(200);
    const property = await send(provider, 'post', '/provider/properties', {
      create_tour_params: {
        title: 'Harbour Loft',
        address: '12 Harbour View, Sydney',
        matterport_key: 'SxQL3iGyoDo',
      },
    }).expect(201);
    const propertyId = property.body.data.id as string;
    expect(await changesIn(provider)).toEqual([]);

    const started = await send(admin, 'post', '/admin/impersonations', { provider_id: demoMedia }).expect(
      200,
    );
    actingAs = {
      cookie: sessionCookieOf(started),
      csrfToken: started.body.data.csrf_token as string,
      body: started.body.data,
    };
    await send(actingAs, 'put', '/provider/billing/account', {
      name: 'Demo Media Pty Ltd',
      email: 'accounts@demo.test',
      address: '1 Harbour Road, Sydney',
      country: 'AU',
      currency: 'aud',
    }).expect(200);
    await send(actingAs, 'patch', `/provider/properties/${propertyId}`, {
      property: { title: 'Harbour Loft, Level 3' },
    }).expect(200);
    await send(actingAs, 'post', '/provider/subdomains', { subdomain: 'demo-media-sydney' }).expect(200);

    const byRecord = await eventually(
      async () => Object.fromEntries((await changesIn(provider)).map((entry) => [entry.record, entry])),
      (found) => Object.keys(found).length >= 3,
      'the three changes in the access log',
    );
    const by = { id: adminId, email: 'admin@demo.test' };
    expect(byRecord.billing_accounts).toMatchObject({
      user: by,
      action: 'record.updated',
    });
    expect([byRecord.billing_accounts!.before, byRecord.billing_accounts!.after]).toEqual([
      { name: 'Demo Media' },
      { name: 'Demo Media Pty Ltd' },
    ]);
    expect(byRecord.properties).toMatchObject({
      user: by,
      action: 'record.updated',
    });
    expect([byRecord.properties!.before, byRecord.properties!.after]).toEqual([
      { id: propertyId, title: 'Harbour Loft' },
      { id: propertyId, title: 'Harbour Loft, Level 3' },
    ]);
    expect(byRecord.providers).toMatchObject({
      user: by,
      action: 'record.updated',
    });
    expect([byRecord.providers!.before, byRecord.providers!.after]).toEqual([
      { id: demoMedia, name: 'Demo Media', subdomain: 'demo-media' },
      { id: demoMedia, name: 'Demo Media', subdomain: 'demo-media-sydney' },
    ]);
    expect(Object.keys(byRecord).sort()).toEqual(['billing_accounts', 'properties', 'providers']);

    // The console's trail has the same (impersonating replaced the admin's session), and no other provider sees any.
    const console_ = await it_.signedIn('admin@demo.test');
    const trail = await it_.http
      .get(`/admin/providers/${demoMedia}/admin_changes?page_size=100`)
      .set('cookie', console_.cookie);
    expect(trail.body.data.items.map((change: { record: string }) => change.record).sort()).toEqual([
      'billing_accounts',
      'properties',
      'providers',
    ]);
    expect(await changesIn(strangersAdmin)).toEqual([]);
  });
});
