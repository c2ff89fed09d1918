import type { AdminChangeRecordedV1 } from '@tourly/contracts';
import {
  Database,
  EventBus,
  TRANSPORT,
  rows,
  type RunningService,
  type SettledDelivery,
  type Transport,
} from '@tourly/platform';
import { nextDelivery } from '@tourly/platform/testing';
import { startIdentityPlatform, type SignedIn } from './support';

type Change = {
  id: string;
  action: string;
  record: string | null;
  admin: { id: string; name: string; email: string };
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  changed_at: string;
};
type Entry = {
  kind: string;
  at: string;
  user: { id: string; email: string };
  admin: unknown;
  detail: string | null;
  action: string | null;
  record: string | null;
  before: unknown;
  after: unknown;
};

/**
 * Issue 18's audit trail: what platform admins change on a provider's records (its tag, a user's primary provider
 * here; billing's and orders' records through their events) is listed on the provider's page in the console and
 * shown to the provider's admins in their access log, and to no other provider.
 */
describe('admin audit trail', () => {
  let it_: Awaited<ReturnType<typeof startIdentityPlatform>>;
  let admin: SignedIn;
  let adminId: string;
  let provider: SignedIn;
  let providerUserId: string;
  let demoMedia: string;
  let harbour: string;
  let harbourAdmin: SignedIn;
  let strangers: string;
  let strangersAdmin: SignedIn;

  beforeAll(async () => {
    // Failing handlers are retried twice within milliseconds, then parked: the unreadable change below.
    it_ = await startIdentityPlatform({ EVENT_RETRY_BACKOFF_MS: '10,10' });
    admin = await it_.signedIn('admin@demo.test');
    adminId = (admin.body.user as { id: string }).id;
    provider = await it_.signedIn('provider@demo.test');
    providerUserId = (provider.body.user as { id: string }).id;
    demoMedia = (provider.body.current_provider as { id: string }).id;
    harbour = await it_.aProvider('Harbour Photography', [{ email: 'provider@demo.test', role: 'member' }]);
    await it_.aUser('harbour-admin@example.com', { providerId: harbour, role: 'admin' });
    harbourAdmin = await it_.signedIn('harbour-admin@example.com');
    strangers = await it_.aProvider('Strangers Ltd');
    await it_.aUser('strangers-admin@example.com', { providerId: strangers, role: 'admin' });
    strangersAdmin = await it_.signedIn('strangers-admin@example.com');
  });
  afterAll(() => it_.stop());

  const post = (path: string, body: object, as = admin) =>
    it_.http.post(path).set('cookie', as.cookie).set('x-csrf-token', as.csrfToken).send(body);
  const get = (path: string, as = admin) => it_.http.get(path).set('cookie', as.cookie);
  const tag = (providerId: string, value: unknown) =>
    post('/admin/update_tag.json', { provider_id: providerId, tag: value });
  const changesOf = async (providerId: string): Promise<Change[]> => {
    const response = await get(`/admin/providers/${providerId}/admin_changes?page_size=100`);
    expect(response.status).toBe(200);
    return response.body.data.items;
  };
  const accessLog = async (as: SignedIn, query = 'page_size=100') => {
    const response = await get(`/provider/settings/access_log?${query}`, as);
    expect(response.status).toBe(200);
    return response.body.data as { items: Entry[]; total_count: number; total_pages: number };
  };
  const adminChangesIn = async (as: SignedIn) =>
    (await accessLog(as)).items.filter((entry) => entry.kind === 'admin_change');
  const adminRef = () => ({ id: adminId, name: 'Ada Admin', email: 'admin@demo.test' });

  /** Publishes through a service's own outbox, as it does in the change's transaction; resolves once identity settled it. */
  async function published(
    service: RunningService,
    subject: 'billing.admin_change.recorded.v1' | 'orders.admin_change.recorded.v1',
    change: AdminChangeRecordedV1,
    outcome: SettledDelivery['outcome'] = 'handled',
  ): Promise<string> {
    const settled = nextDelivery(it_.platform.services.identity, subject, outcome);
    const envelope = await service.app
      .get(Database)
      .transaction((tx) => service.app.get(EventBus).publish(subject, change, tx));
    expect((await settled).eventId).toBe(envelope.id);
    return envelope.id;
  }

  it('tags a provider: listed, filtered on exactly, shown alone, then cleared; each change in its trail', async () => {
    const tagged = await tag(demoMedia, '  Key account ');
    expect(tagged.status).toBe(200);
    expect(tagged.body.data).toEqual({
      id: demoMedia,
      name: 'Demo Media',
      subdomain: 'demo-media',
      tag: 'Key account',
      created_at: expect.any(String),
    });
    expect((await get(`/admin/providers/${demoMedia}`)).body.data).toEqual(tagged.body.data);

    const list = await get('/admin/providers.json?page_size=100');
    expect(list.body.data.items).toEqual([
      tagged.body.data,
      expect.objectContaining({ name: 'Harbour Photography', tag: null }),
      expect.objectContaining({ name: 'Strangers Ltd', tag: null }),
    ]);
    const filtered = await get('/admin/providers.json?tag=Key%20account');
    expect(filtered.body.data).toMatchObject({ total_count: 1, items: [{ id: demoMedia }] });
    // Exactly that tag: another case is another tag; the search still combines with it.
    expect((await get('/admin/providers.json?tag=key%20account')).body.data.total_count).toBe(0);
    expect((await get('/admin/providers.json?tag=Key%20account&search=harbour')).body.data.total_count).toBe(
      0,
    );

    expect((await tag(demoMedia, 'VIP')).body.data.tag).toBe('VIP');
    // The same tag again changes nothing, and records nothing.
    expect((await tag(demoMedia, 'VIP')).status).toBe(200);
    const cleared = await tag(demoMedia, '   ');
    expect(cleared.body.data.tag).toBeNull();
    expect((await get('/admin/providers.json?tag=VIP')).body.data.total_count).toBe(0);

    expect(await changesOf(demoMedia)).toEqual([
      {
        id: expect.any(String),
        action: 'tag.changed',
        record: null,
        admin: adminRef(),
        before: { tag: 'VIP' },
        after: null,
        changed_at: expect.any(String),
      },
      {
        id: expect.any(String),
        action: 'tag.changed',
        record: null,
        admin: adminRef(),
        before: { tag: 'Key account' },
        after: { tag: 'VIP' },
        changed_at: expect.any(String),
      },
      {
        id: expect.any(String),
        action: 'tag.changed',
        record: null,
        admin: adminRef(),
        before: null,
        after: { tag: 'Key account' },
        changed_at: expect.any(String),
      },
    ]);
    expect(await changesOf(harbour)).toEqual([]);
  });

  it('refuses a bad tag in the API’s words, and an unknown provider', async () => {
    const cases: Array<[unknown, number, object]> = [
      ['x'.repeat(41), 422, { tag: ['must be at most 40 characters'] }],
      ['two\nlines', 422, { tag: ['must be one line of text'] }],
      [5, 422, { tag: ['must be text'] }],
      [['VIP'], 422, { tag: ['must be text'] }],
    ];
    for (const [value, status, errors] of cases) {
      const response = await tag(demoMedia, value);
      expect({ value, status: response.status, body: response.body }).toEqual({
        value,
        status,
        body: { errors },
      });
    }
    const missing = await post('/admin/update_tag.json', { provider_id: demoMedia });
    expect(missing.status).toBe(422);
    expect(missing.body).toEqual({ errors: { tag: ['Required'] } });
    const notAnId = await post('/admin/update_tag.json', { provider_id: 'demo', tag: 'VIP' });
    expect(notAnId.body).toEqual({ errors: { provider_id: ['is not a provider id'] } });
    const unknown = await tag('01a20000-0000-7000-8000-000000000000', 'VIP');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ errors: { base: ['Provider not found'] } });
    for (const id of ['01a20000-0000-7000-8000-000000000000', 'not-an-id']) {
      for (const path of [`/admin/providers/${id}`, `/admin/providers/${id}/admin_changes`]) {
        const response = await get(path);
        expect({ path, status: response.status, body: response.body }).toEqual({
          path,
          status: 404,
          body: { errors: { base: ['Provider not found'] } },
        });
      }
    }
    // Nothing refused was recorded.
    expect(await changesOf(demoMedia)).toHaveLength(3);
  });

  it('records a primary provider change on the new provider and on the old one the user still belongs to', async () => {
    const change = (primaryProviderId: string) =>
      post(`/admin/users/${providerUserId}/change_primary_provider`, {
        user: { primary_provider_id: primaryProviderId },
      });
    expect((await change(harbour)).status).toBe(200);
    // Again: nothing changes, nothing is recorded.
    expect((await change(harbour)).status).toBe(200);
    // Refused: nothing recorded either.
    expect((await change(strangers)).status).toBe(422);

    // Each provider's trail names only itself: the other tenant is "another provider".
    const recorded = (before: string, after: string) => ({
      id: expect.any(String),
      action: 'primary_provider.changed',
      record: null,
      admin: adminRef(),
      before: { user: 'provider@demo.test', primary_provider: before },
      after: { user: 'provider@demo.test', primary_provider: after },
      changed_at: expect.any(String),
    });
    expect(await changesOf(harbour)).toEqual([recorded('another provider', 'Harbour Photography')]);
    const [latest, ...earlier] = await changesOf(demoMedia);
    expect(latest).toEqual(recorded('Demo Media', 'another provider'));
    expect(earlier.map((item) => item.action)).toEqual(['tag.changed', 'tag.changed', 'tag.changed']);
    expect(await changesOf(strangers)).toEqual([]);
  });

  it('records billing’s and orders’ changes from their events, once each even when an event comes twice', async () => {
    const { billing, orders } = it_.platform.services;
    const pricing = await published(billing, 'billing.admin_change.recorded.v1', {
      providerId: demoMedia,
      adminId,
      action: 'pricing.set',
      before: null,
      after: { monthlyPriceCents: 4900, currency: 'usd' },
      changedAt: new Date().toISOString(),
    });
    const configuration = await published(orders, 'orders.admin_change.recorded.v1', {
      providerId: demoMedia,
      adminId,
      action: 'floorplan_configuration.updated',
      before: { turnaroundHours: 48 },
      after: { turnaroundHours: 24 },
      changedAt: new Date().toISOString(),
    });

    const [latest, second] = await changesOf(demoMedia);
    expect(latest).toEqual({
      id: configuration,
      action: 'floorplan_configuration.updated',
      record: null,
      admin: adminRef(),
      before: { turnaround_hours: 48 },
      after: { turnaround_hours: 24 },
      changed_at: expect.any(String),
    });
    expect(second).toEqual({
      id: pricing,
      action: 'pricing.set',
      record: null,
      admin: adminRef(),
      before: null,
      after: { monthly_price_cents: 4900, currency: 'usd' },
      changed_at: expect.any(String),
    });

    // The same event again, under another message id (as a relay republishing past the stream's duplicate window).
    const [stored] = await rows<{ subject: string; envelope: unknown }>(
      billing.app.get(Database).dataSource,
      'SELECT subject, envelope FROM outbox WHERE id = $1',
      [pricing],
    );
    const again = nextDelivery(
      it_.platform.services.identity,
      'billing.admin_change.recorded.v1',
      'duplicate',
    );
    await billing.app
      .get<Transport>(TRANSPORT)
      .publish(stored!.subject, `${pricing}-redelivered`, Buffer.from(JSON.stringify(stored!.envelope)));
    expect((await again).eventId).toBe(pricing);
    const kept = await rows<{ id: string; count: number; source: string }>(
      it_.db.dataSource,
      `SELECT id, count(*) OVER (PARTITION BY id)::int AS count, source FROM admin_changes
        WHERE id = ANY($1::uuid[]) ORDER BY id`,
      [[pricing, configuration]],
    );
    expect(kept).toEqual(
      [
        { id: pricing, count: 1, source: 'billing' },
        { id: configuration, count: 1, source: 'orders' },
      ].sort((a, b) => a.id.localeCompare(b.id)),
    );
  });

  it('parks a change it cannot read, and records nothing of it', async () => {
    const before = (await changesOf(demoMedia)).length;
    const unreadable = { providerId: demoMedia, adminId, action: 'plan.deleted', before: null, after: null };
    const parked = await published(
      it_.platform.services.billing,
      'billing.admin_change.recorded.v1',
      { ...unreadable, changedAt: new Date().toISOString() } as unknown as AdminChangeRecordedV1,
      'parked',
    );
    const [letter] = await rows<{ error: string }>(
      it_.db.dataSource,
      'SELECT error FROM dead_letters WHERE event_id = $1',
      [parked],
    );
    expect(letter?.error).toMatch(/cannot be kept: action must be one of/);
    expect(await changesOf(demoMedia)).toHaveLength(before);
  });

  it('shows the provider’s admins its changes in the access log, newest first, and no other provider', async () => {
    const trail = await changesOf(demoMedia);
    const entries = await adminChangesIn(provider);
    // A tag is the platform's note about the provider: in the console's trail, never in the provider's access log.
    expect(trail.filter((change) => change.action === 'tag.changed')).toHaveLength(3);
    expect(entries).toEqual(
      trail
        .filter((change) => change.action !== 'tag.changed')
        .map((change) => ({
          kind: 'admin_change',
          at: change.changed_at,
          user: { id: adminId, email: 'admin@demo.test' },
          admin: null,
          ended_at: null,
          duration_seconds: null,
          detail: change.action,
          action: change.action,
          record: null,
          before: change.before,
          after: change.after,
        })),
    );
    // The other kinds carry no change.
    const signIn = (await accessLog(provider)).items.find((entry) => entry.kind === 'sign_in');
    expect(signIn).toMatchObject({ action: null, before: null, after: null });

    // Harbour sees the primary provider change, Strangers nothing.
    expect((await adminChangesIn(harbourAdmin)).map((entry) => entry.action)).toEqual([
      'primary_provider.changed',
    ]);
    expect(await adminChangesIn(strangersAdmin)).toEqual([]);
  });

  it('pages the access log over every kind at once, each entry on exactly one page', async () => {
    const all = await accessLog(provider);
    expect(new Set(all.items.map((entry) => entry.kind))).toEqual(new Set(['sign_in', 'admin_change']));
    expect(all.total_count).toBe(all.items.length);
    const paged: Entry[] = [];
    for (let page = 1; ; page += 1) {
      const data = await accessLog(provider, `page=${page}&page_size=3`);
      expect(data.total_count).toBe(all.total_count);
      paged.push(...data.items);
      if (page >= data.total_pages) break;
    }
    expect(paged).toEqual(all.items);
    const times = all.items.map((entry) => entry.at);
    expect([...times].sort().reverse()).toEqual(times);
  });
});
