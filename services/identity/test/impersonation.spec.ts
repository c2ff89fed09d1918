import { RESOLVE_CREDENTIALS, type ResolvedCredentials } from '@tourly/contracts';
import { RpcClient } from '@tourly/platform';
import { sessionCookieOf, startIdentity } from './support';

/** An admin acting as a provider, with an audit trail the provider can read. */
describe('impersonation', () => {
  let it_: Awaited<ReturnType<typeof startIdentity>>;
  let demoMedia: string;

  beforeAll(async () => {
    it_ = await startIdentity();
    const provider = await it_.signedIn('provider@demo.test');
    demoMedia = (provider.body.current_provider as { id: string }).id;
  });
  afterAll(() => it_.stop());

  async function startImpersonating(returnTo?: string) {
    const admin = await it_.signedIn('admin@demo.test');
    const response = await it_.http
      .post('/admin/impersonations')
      .set('cookie', admin.cookie)
      .set('x-csrf-token', admin.csrfToken)
      .send({ provider_id: demoMedia, ...(returnTo === undefined ? {} : { return_to: returnTo }) });
    return { admin, response };
  }

  const stop = (
    started: { body: { data: { csrf_token: string } } } & Parameters<typeof sessionCookieOf>[0],
  ) =>
    it_.http
      .delete('/admin/impersonations/current')
      .set('cookie', sessionCookieOf(started))
      .set('x-csrf-token', started.body.data.csrf_token);

  it('starts: a new 30-minute session as the provider, carrying the admin, landing on the properties list', async () => {
    const { admin, response } = await startImpersonating();
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      redirect_to: '/provider/properties',
      impersonation: { provider: { id: demoMedia, name: 'Demo Media' } },
    });
    const minutes = (Date.parse(response.body.data.impersonation.expires_at) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(29);
    expect(minutes).toBeLessThanOrEqual(30);
    expect(String(response.headers['set-cookie'])).toMatch(/Max-Age=1800/);

    const me = await it_.http.get('/users/me').set('cookie', sessionCookieOf(response));
    expect(me.body.data).toMatchObject({
      role: 'admin',
      provider_id: demoMedia,
      impersonator_id: (admin.body.user as { id: string }).id,
    });
    // The admin's own session was replaced, not kept alongside.
    expect((await it_.http.get('/users/me').set('cookie', admin.cookie)).status).toBe(401);
  });

  it('is for platform administrators only', async () => {
    for (const email of ['provider@demo.test', 'va@demo.test', 'supplier@demo.test']) {
      const user = await it_.signedIn(email);
      const response = await it_.http
        .post('/admin/impersonations')
        .set('cookie', user.cookie)
        .set('x-csrf-token', user.csrfToken)
        .send({ provider_id: demoMedia });
      expect({ email, status: response.status }).toEqual({ email, status: 403 });
    }
    expect((await it_.http.post('/admin/impersonations').send({ provider_id: demoMedia })).status).toBe(401);
  });

  it('stops: the admin gets a session of their own back and lands on the properties list', async () => {
    const { response } = await startImpersonating();
    const cookie = sessionCookieOf(response);
    const stopped = await it_.http
      .delete('/admin/impersonations/current')
      .set('cookie', cookie)
      .set('x-csrf-token', response.body.data.csrf_token);
    expect(stopped.status).toBe(200);
    expect(stopped.body.data.redirect_to).toBe('/provider/properties');
    const me = await it_.http.get('/users/me').set('cookie', sessionCookieOf(stopped));
    expect(me.body.data).toMatchObject({ staff_role: 'platform_admin', impersonator_id: null });
    expect((await it_.http.get('/users/me').set('cookie', cookie)).status).toBe(401);
  });

  it('stops back on the console page it was started from, when it said; refuses any other place', async () => {
    const { response } = await startImpersonating('/admin/providers/42/show?tab=orders');
    expect(response.status).toBe(200);
    const stopped = await stop(response);
    expect(stopped.status).toBe(200);
    expect(stopped.body.data.redirect_to).toBe('/admin/providers/42/show?tab=orders');

    // From an order of the virtual assistant's queues (the workshop assistant is worked as the provider), back there.
    const fromQueue = await startImpersonating('/virtual_assistant/workshop_assistant_orders/42/show');
    expect(fromQueue.response.status).toBe(200);
    expect((await stop(fromQueue.response)).body.data.redirect_to).toBe(
      '/virtual_assistant/workshop_assistant_orders/42/show',
    );

    for (const elsewhere of [
      'https://evil.test/admin',
      '//evil.test/admin',
      '/provider/settings',
      '/administrator',
      '/virtual_assistants',
    ]) {
      const refused = await startImpersonating(elsewhere);
      expect({ elsewhere, status: refused.response.status, errors: refused.response.body.errors }).toEqual({
        elsewhere,
        status: 422,
        errors: {
          return_to: [
            'must be a page of the console (a path starting with /admin, /virtual_assistant or /external_supplier)',
          ],
        },
      });
    }
  });

  it("opens the provider's page it was asked to, and only a page of the provider's app", async () => {
    const start = async (landOn: string) => {
      const admin = await it_.signedIn('admin@demo.test');
      return it_.http
        .post('/admin/impersonations')
        .set('cookie', admin.cookie)
        .set('x-csrf-token', admin.csrfToken)
        .send({ provider_id: demoMedia, land_on: landOn });
    };
    const tourSpace = '/provider/properties/42/virtual-tour/space';
    const landed = await start(tourSpace);
    expect([landed.status, landed.body.data.redirect_to]).toEqual([200, tourSpace]);
    await stop(landed);
    for (const elsewhere of [
      'https://evil.test/provider',
      '//evil.test/provider',
      '/admin/providers',
      '/providers',
    ]) {
      const refused = await start(elsewhere);
      expect({ elsewhere, status: refused.status, errors: refused.body.errors }).toEqual({
        elsewhere,
        status: 422,
        errors: { land_on: ["must be a page of the provider's app (a path starting with /provider)"] },
      });
    }
  });

  it('lists one provider’s impersonations when asked', async () => {
    await startImpersonating();
    const admin = await it_.signedIn('admin@demo.test');
    const list = (query: string) => it_.http.get(`/admin/impersonations${query}`).set('cookie', admin.cookie);
    const all = (await list('?page_size=100')).body.data;
    const demo = (await list(`?page_size=100&provider_id=${demoMedia}`)).body.data;
    expect(demo.total_count).toBeGreaterThan(0);
    expect(demo.items.every((item: { provider: { id: string } }) => item.provider.id === demoMedia)).toBe(
      true,
    );
    const elsewhere = (await list(`?provider_id=${'0'.repeat(8)}-0000-7000-8000-${'0'.repeat(12)}`)).body
      .data;
    expect(elsewhere).toMatchObject({ items: [], total_count: 0 });
    expect(all.total_count).toBeGreaterThanOrEqual(demo.total_count);
    const refused = await list('?provider_id=nope');
    expect([refused.status, refused.body.errors]).toEqual([422, { provider_id: ['is not a provider id'] }]);
  });

  it('refuses to stop what is not an impersonation', async () => {
    const provider = await it_.signedIn('provider@demo.test');
    const response = await it_.http
      .delete('/admin/impersonations/current')
      .set('cookie', provider.cookie)
      .set('x-csrf-token', provider.csrfToken);
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ errors: { base: ['You are not impersonating anyone.'] } });
  });

  it('ends after 30 minutes whatever happens', async () => {
    const { response } = await startImpersonating();
    const token = sessionCookieOf(response).split('=')[1];
    const db = it_.db;
    await db.dataSource.query(
      "UPDATE sessions SET expires_at = now() - interval '1 second' WHERE impersonation_id = $1",
      [response.body.data.impersonation.id],
    );
    const resolved = await it_.service.app
      .get(RpcClient)
      .ask<ResolvedCredentials>(RESOLVE_CREDENTIALS, { sessionToken: token });
    expect(resolved.caller).toBeNull();
  });

  it('writes every start and stop to the audit log and publishes them', async () => {
    const { admin, response } = await startImpersonating();
    await it_.http
      .delete('/admin/impersonations/current')
      .set('cookie', sessionCookieOf(response))
      .set('x-csrf-token', response.body.data.csrf_token);
    const auditor = await it_.signedIn('admin@demo.test');
    const audit = await it_.http.get('/admin/impersonations?page_size=50').set('cookie', auditor.cookie);
    const record = audit.body.data.items.find(
      (r: { id: string }) => r.id === response.body.data.impersonation.id,
    );
    expect(record).toMatchObject({
      admin: { email: 'admin@demo.test' },
      provider: { id: demoMedia, name: 'Demo Media' },
      acting_as: { email: 'provider@demo.test' },
      duration_seconds: expect.any(Number),
    });
    expect(record.ended_at).not.toBeNull();

    const published = await it_.db.dataSource.query(
      `SELECT subject, envelope->'data'->>'admin_id' AS admin FROM outbox
          WHERE envelope->'data'->>'impersonation_id' = $1 ORDER BY created_at, id`,
      [response.body.data.impersonation.id],
    );
    const adminId = (admin.body.user as { id: string }).id;
    expect(published).toEqual([
      { subject: 'identity.impersonation.started.v1', admin: adminId },
      { subject: 'identity.impersonation.stopped.v1', admin: adminId },
    ]);
  });

  it('is held to its provider: no new providers, no switching to the user’s others, and only it listed', async () => {
    const acme = await it_.aProvider('Acme Scoped');
    await it_.aUser('owner@acme-scoped.test', { providerId: acme, role: 'admin' });
    const other = await it_.aProvider('Other Of Owner', [{ email: 'owner@acme-scoped.test', role: 'admin' }]);
    const admin = await it_.signedIn('admin@demo.test');
    const started = await it_.http
      .post('/admin/impersonations')
      .set('cookie', admin.cookie)
      .set('x-csrf-token', admin.csrfToken)
      .send({ provider_id: acme });
    expect(started.status).toBe(200);
    const cookie = sessionCookieOf(started);
    const csrf = started.body.data.csrf_token as string;
    const db = it_.db;
    const providersBefore = await db.dataSource.query('SELECT count(*)::int AS n FROM providers');

    const created = await it_.http
      .post('/sign_up/setup_provider')
      .set('cookie', cookie)
      .set('x-csrf-token', csrf)
      .send({ setup_provider: { name: 'Made While Impersonating' } });
    expect(created.status).toBe(403);
    expect(created.body).toEqual({
      errors: { base: ['An administrator impersonating a provider cannot do this.'] },
    });
    expect(await db.dataSource.query('SELECT count(*)::int AS n FROM providers')).toEqual(providersBefore);
    const renamed = await it_.http
      .post('/sign_up/finalize')
      .set('cookie', cookie)
      .set('x-csrf-token', csrf)
      .send({ user: { first_name: 'Not', last_name: 'Theirs' } });
    expect(renamed.status).toBe(403);

    const switched = await it_.http
      .post('/provider/access/change_current_provider.json')
      .set('cookie', cookie)
      .set('x-csrf-token', csrf)
      .send({ provider_id: other });
    expect(switched.status).toBe(403);
    expect(switched.body).toEqual({
      errors: { base: ['An administrator impersonating a provider cannot do this.'] },
    });
    const toDefault = await it_.http
      .post('/provider/access/change_to_default_provider.json')
      .set('cookie', cookie)
      .set('x-csrf-token', csrf);
    expect(toDefault.status).toBe(200);
    expect(toDefault.body.data.current_provider).toEqual({ id: acme, name: 'Acme Scoped' });
    const listed = await it_.http.get('/provider/access/available_providers.json').set('cookie', cookie);
    expect(listed.body.data.items).toEqual([{ id: acme, name: 'Acme Scoped' }]);
    expect((await it_.http.get('/users/me').set('cookie', cookie)).body.data.provider_id).toBe(acme);

    // However the session came to point elsewhere, it opens nothing there.
    await db.dataSource.query('UPDATE sessions SET current_provider_id = $2 WHERE impersonation_id = $1', [
      started.body.data.impersonation.id,
      other,
    ]);
    const token = cookie.split('=')[1];
    const resolved = await it_.service.app
      .get(RpcClient)
      .ask<ResolvedCredentials>(RESOLVE_CREDENTIALS, { sessionToken: token });
    expect(resolved.caller).toBeNull();
  });

  it('keeps the provider’s secrets and channels from an impersonating admin, saying why', async () => {
    const acme = await it_.aProvider('Acme Secrets');
    await it_.aUser('owner@acme-secrets.test', { providerId: acme, role: 'admin' });
    const owner = await it_.signedIn('owner@acme-secrets.test');
    const endpoints = '/provider/developers/webhooks_subscription/endpoints';
    const made = await it_.http
      .post(endpoints)
      .set('cookie', owner.cookie)
      .set('x-csrf-token', owner.csrfToken)
      .send({ endpoint: { url: 'http://127.0.0.1:9/acme', event_types: ['lead.received'] } });
    expect(made.status).toBe(201);
    const endpoint = made.body.data.id as string;
    const stored = () =>
      it_.db.dataSource.query(
        `SELECT url, description, secret, previous_secret FROM webhook_endpoints WHERE provider_id = $1`,
        [acme],
      );
    const before = await stored();

    const admin = await it_.signedIn('admin@demo.test');
    const started = await it_.http
      .post('/admin/impersonations')
      .set('cookie', admin.cookie)
      .set('x-csrf-token', admin.csrfToken)
      .send({ provider_id: acme });
    expect(started.status).toBe(200);
    const as = (call: ReturnType<typeof it_.http.post>) =>
      call.set('cookie', sessionCookieOf(started)).set('x-csrf-token', started.body.data.csrf_token);
    const why = {
      errors: {
        base: [
          'Only the provider’s own admins can do this: an administrator impersonating a provider may not see or replace its secrets, nor send its data to a new address.',
        ],
      },
    };

    const refused = {
      'a new endpoint (its secret, a new channel)': await as(it_.http.post(endpoints)).send({
        endpoint: { url: 'http://127.0.0.1:9/elsewhere', event_types: ['lead.received'] },
      }),
      'an endpoint pointed elsewhere': await as(it_.http.patch(`${endpoints}/${endpoint}`)).send({
        endpoint: { url: 'http://127.0.0.1:9/elsewhere' },
      }),
      'a rotated secret': await as(it_.http.post(`${endpoints}/${endpoint}/rotate_secret`)),
      'a new API key': await as(it_.http.post('/provider/settings/regenerate_api_key')),
    };
    for (const [what, response] of Object.entries(refused)) {
      expect({ what, status: response.status, body: response.body }).toEqual({
        what,
        status: 403,
        body: why,
      });
    }
    expect(await stored()).toEqual(before);
    expect(
      await it_.db.dataSource.query('SELECT count(*)::int AS n FROM api_keys WHERE provider_id = $1', [acme]),
    ).toEqual([{ n: 0 }]);

    // What opens nothing new stays the admin's to help with: the description, the same address, switching it off.
    const helped = await as(it_.http.patch(`${endpoints}/${endpoint}`)).send({
      endpoint: { url: 'http://127.0.0.1:9/acme', description: 'CRM', enabled: false },
    });
    expect(helped.status).toBe(200);
    expect(helped.body.data).toMatchObject({
      url: 'http://127.0.0.1:9/acme',
      description: 'CRM',
      enabled: false,
    });
  });

  it('closes its record, and says it stopped, when the impersonating admin signs out', async () => {
    const { response } = await startImpersonating();
    const id = response.body.data.impersonation.id as string;
    const signedOut = await it_.http
      .delete('/users/sign_out')
      .set('cookie', sessionCookieOf(response))
      .set('x-csrf-token', response.body.data.csrf_token);
    expect(signedOut.status).toBe(200);
    const db = it_.db;
    const [record] = await db.dataSource.query(
      'SELECT stopped_at IS NOT NULL AS stopped FROM impersonations WHERE id = $1',
      [id],
    );
    expect(record).toEqual({ stopped: true });
    const published = await db.dataSource.query(
      `SELECT subject FROM outbox WHERE envelope->'data'->>'impersonation_id' = $1 ORDER BY created_at, id`,
      [id],
    );
    expect(published).toEqual([
      { subject: 'identity.impersonation.started.v1' },
      { subject: 'identity.impersonation.stopped.v1' },
    ]);
  });

  it('shows the provider its own access log: sign-ins and who impersonated it, when and for how long', async () => {
    await startImpersonating();
    const provider = await it_.signedIn('provider@demo.test');
    const log = await it_.http
      .get('/provider/settings/access_log?page_size=100')
      .set('cookie', provider.cookie);
    expect(log.status).toBe(200);
    const kinds = new Set(log.body.data.items.map((entry: { kind: string }) => entry.kind));
    expect(kinds).toEqual(new Set(['sign_in', 'impersonation']));
    const impersonation = log.body.data.items.find(
      (entry: { kind: string }) => entry.kind === 'impersonation',
    );
    expect(impersonation).toMatchObject({
      admin: { email: 'admin@demo.test' },
      user: { email: 'provider@demo.test' },
    });
    const member = await it_.signedIn('va@demo.test');
    expect((await it_.http.get('/provider/settings/access_log').set('cookie', member.cookie)).status).toBe(
      403,
    );
  });
});
