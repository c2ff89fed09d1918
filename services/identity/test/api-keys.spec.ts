import { sessionCookieOf, startIdentityPlatform, type SignedIn } from './support';

/** A provider's API key: shown once, stored hashed, acting as the admin who made it, revoked by a new one. */
describe('provider API keys', () => {
  let it_: Awaited<ReturnType<typeof startIdentityPlatform>>;
  let admin: SignedIn;

  beforeAll(async () => {
    it_ = await startIdentityPlatform();
    admin = await it_.signedIn('provider@demo.test');
  });
  afterAll(() => it_.stop());

  const regenerate = (user: SignedIn) =>
    it_.http
      .post('/provider/settings/regenerate_api_key')
      .set('cookie', user.cookie)
      .set('x-csrf-token', user.csrfToken);

  it('is shown once; the settings show only its hint', async () => {
    const response = await regenerate(admin);
    expect(response.status).toBe(200);
    const { api_key: apiKey, hint } = response.body.data;
    expect(apiKey).toMatch(/^tou_[A-Za-z0-9_-]{43}$/);
    expect(hint).toBe(`tou_…${apiKey.slice(-4)}`);
    const settings = await it_.http.get('/provider/settings').set('cookie', admin.cookie);
    expect(settings.body.data.api_key).toEqual({ hint, created_at: expect.any(String), last_used_at: null });
    expect(JSON.stringify(settings.body)).not.toContain(apiKey);
  });

  it('acts for the provider as the admin who made it, marked as an API key, with no CSRF token to carry', async () => {
    const apiKey = (await regenerate(admin)).body.data.api_key;
    const me = await it_.http.get('/users/me').set('x-api-key', apiKey);
    expect(me.body.data).toMatchObject({
      user_id: (admin.body.user as { id: string }).id,
      role: 'admin',
      provider_id: (admin.body.current_provider as { id: string }).id,
      scopes: ['api_key'],
    });
    const write = await it_.http
      .patch('/provider/onboarding')
      .set('x-api-key', apiKey)
      .send({ onboarding: { cs_overlay: '2026-11-20T10:00:00Z' } });
    expect(write.status).toBe(200);
    const settings = await it_.http.get('/provider/settings').set('cookie', admin.cookie);
    expect(settings.body.data.api_key.last_used_at).not.toBeNull();
    const itself = await it_.http.post('/provider/settings/regenerate_api_key').set('x-api-key', apiKey);
    expect(itself.status).toBe(403);
    expect(itself.body.errors.base).toEqual([
      'An API key cannot replace itself; sign in as an admin of the provider to do this.',
    ]);
  });

  it('shows in the provider’s access log: the hours the key was used, and the tokens it obtained', async () => {
    const { api_key: apiKey, hint } = (await regenerate(admin)).body.data;
    expect((await it_.http.get('/users/me').set('x-api-key', apiKey)).status).toBe(200);
    const providerId = (admin.body.current_provider as { id: string }).id;
    const token = await it_.http
      .post('/oauth/token')
      .type('form')
      .send({ grant_type: 'client_credentials', client_id: providerId, client_secret: apiKey });
    expect(token.status).toBe(200);

    const log = await it_.http.get('/provider/settings/access_log?page_size=100').set('cookie', admin.cookie);
    const items = log.body.data.items as Array<{ kind: string; detail: string | null }>;
    expect(items).toContainEqual(
      expect.objectContaining({
        kind: 'api_key',
        detail: hint,
        user: expect.objectContaining({ email: 'provider@demo.test' }),
        ended_at: expect.any(String),
      }),
    );
    expect(items).toContainEqual(
      expect.objectContaining({ kind: 'oauth_token', detail: 'client_credentials' }),
    );
    expect(items.filter((item) => item.kind === 'api_key' && item.detail === hint)).toHaveLength(1);
  });

  it('replaced by several requests at once leaves exactly one key in force, every request answered', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => regenerate(admin)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));
    const working = await Promise.all(
      answers.map((answer) => it_.http.get('/users/me').set('x-api-key', answer.body.data.api_key as string)),
    );
    expect(working.filter((me) => me.status === 200)).toHaveLength(1);
  });

  it('stops working within 5 seconds of being replaced', async () => {
    const old = (await regenerate(admin)).body.data.api_key;
    expect((await it_.http.get('/users/me').set('x-api-key', old)).status).toBe(200);
    const replacement = (await regenerate(admin)).body.data.api_key;
    const deadline = Date.now() + 5000;
    let status = 200;
    while (status === 200 && Date.now() < deadline) {
      status = (await it_.http.get('/users/me').set('x-api-key', old)).status;
      if (status === 200) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toBe(401);
    expect((await it_.http.get('/users/me').set('x-api-key', replacement)).status).toBe(200);
    expect((await it_.http.get('/users/me').set('x-api-key', 'tou_unknown')).status).toBe(401);
  });

  it('is the provider’s own admins’ to replace: not members’, not an impersonating admin’s', async () => {
    await it_.aUser('member@demo.test', {
      providerId: (admin.body.current_provider as { id: string }).id,
      role: 'member',
    });
    expect((await regenerate(await it_.signedIn('member@demo.test'))).status).toBe(403);

    const platformAdmin = await it_.signedIn('admin@demo.test');
    const started = await it_.http
      .post('/admin/impersonations')
      .set('cookie', platformAdmin.cookie)
      .set('x-csrf-token', platformAdmin.csrfToken)
      .send({ provider_id: (admin.body.current_provider as { id: string }).id });
    const impersonating = await it_.http
      .post('/provider/settings/regenerate_api_key')
      .set('cookie', sessionCookieOf(started))
      .set('x-csrf-token', started.body.data.csrf_token);
    expect(impersonating.status).toBe(403);
    expect(impersonating.body).toEqual({
      errors: {
        base: [
          'Only the provider’s own admins can do this: an administrator impersonating a provider may not see or replace its secrets, nor send its data to a new address.',
        ],
      },
    });
  });

  /** Polls until a key is refused (the gateway reuses an answer for up to 2 seconds). */
  async function statusWithin5s(apiKey: string): Promise<number> {
    const deadline = Date.now() + 5000;
    let status = 200;
    while (status === 200 && Date.now() < deadline) {
      status = (await it_.http.get('/users/me').set('x-api-key', apiKey)).status;
      if (status === 200) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return status;
  }

  it('may not create providers or move between them, even sent from another site’s page', async () => {
    const own = await it_.aProvider('Keyed Own');
    await it_.aUser('owner@keyed.test', { providerId: own, role: 'admin' });
    const other = await it_.aProvider('Keyed Other', [{ email: 'owner@keyed.test', role: 'admin' }]);
    const apiKey = (await regenerate(await it_.signedIn('owner@keyed.test'))).body.data.api_key as string;
    const refused = { errors: { base: ['An API key cannot do this. Sign in to do it.'] } };

    const created = await it_.http
      .post('/sign_up/setup_provider')
      .set('x-api-key', apiKey)
      .set('origin', 'https://integration.example')
      .send({ setup_provider: { name: 'Made By A Key' } });
    expect(created.status).toBe(403);
    expect(created.body).toEqual(refused);
    const renamed = await it_.http
      .post('/sign_up/finalize')
      .set('x-api-key', apiKey)
      .send({ user: { first_name: 'Key', last_name: 'Holder' } });
    expect(renamed.status).toBe(403);
    expect(renamed.body).toEqual(refused);
    const switched = await it_.http
      .post('/provider/access/change_current_provider.json')
      .set('x-api-key', apiKey)
      .send({ provider_id: other });
    expect(switched.status).toBe(403);
    expect(switched.body).toEqual(refused);
    // What a key is for still works, from a page elsewhere too (a header that site could not have added).
    const me = await it_.http.get('/users/me').set('x-api-key', apiKey);
    expect(me.body.data.provider_id).toBe(own);
    const hook = await it_.http
      .post('/provider/settings/toggle_auto_populate_models')
      .set('x-api-key', apiKey)
      .set('sec-fetch-site', 'cross-site')
      .send({ auto_populate_models: true });
    expect(hook.status).toBe(200);
  });

  it('stops working when the admin who made it resets their password', async () => {
    const provider = await it_.aProvider('Keyed Reset');
    await it_.aUser('owner@keyed-reset.test', { providerId: provider, role: 'admin' });
    const apiKey = (await regenerate(await it_.signedIn('owner@keyed-reset.test'))).body.data
      .api_key as string;
    expect((await it_.http.get('/users/me').set('x-api-key', apiKey)).status).toBe(200);
    await it_.http.post('/users/password').send({ user: { email: 'owner@keyed-reset.test' } });
    const [email] = await it_.emailsTo('owner@keyed-reset.test', 1);
    const token = /reset_password_token=([A-Za-z0-9_-]+)/.exec(email.textBody)?.[1];
    const reset = await it_.http
      .put('/users/password')
      .send({ user: { reset_password_token: token, password: 'Quiet harbour lanterns 1987' } });
    expect(reset.status).toBe(200);
    expect(await statusWithin5s(apiKey)).toBe(401);
  });
});
