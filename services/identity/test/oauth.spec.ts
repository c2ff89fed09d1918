import { startIdentityPlatform, type SignedIn } from './support';

/** OAuth 2 for API clients (RFC 6749, RFC 7009), through the gateway. */
describe('OAuth 2', () => {
  let it_: Awaited<ReturnType<typeof startIdentityPlatform>>;
  let provider: SignedIn;

  beforeAll(async () => {
    it_ = await startIdentityPlatform();
    provider = await it_.signedIn('provider@demo.test');
  });
  afterAll(() => it_.stop());

  const token = (form: Record<string, string>) => it_.http.post('/oauth/token').type('form').send(form);
  const me = (accessToken: string) => it_.http.get('/users/me').set('authorization', `Bearer ${accessToken}`);

  it('issues tokens for a user with the password grant; the bearer token acts as that user', async () => {
    const response = await token({
      grant_type: 'password',
      username: 'provider@demo.test',
      password: 'demo-password',
    });
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toEqual({
      access_token: expect.any(String),
      token_type: 'Bearer',
      expires_in: 3600,
      refresh_token: expect.any(String),
      scope: '',
    });
    const who = await me(response.body.access_token);
    expect(who.body.data).toMatchObject({
      role: 'admin',
      provider_id: (provider.body.current_provider as { id: string }).id,
    });
    // No cookie, so no CSRF token to carry.
    const write = await it_.http
      .patch('/provider/onboarding')
      .set('authorization', `Bearer ${response.body.access_token}`)
      .send({ onboarding: { cs_overlay: '2026-11-20T10:00:00Z' } });
    expect(write.status).toBe(200);
    // A client elsewhere that holds the token works too: another site's page could not have added the header.
    const fromElsewhere = await it_.http
      .patch('/provider/onboarding')
      .set('origin', 'https://integration.example')
      .set('sec-fetch-site', 'cross-site')
      .set('authorization', `Bearer ${response.body.access_token}`)
      .send({ onboarding: { cs_overlay: '2026-11-21T10:00:00Z' } });
    expect(fromElsewhere.status).toBe(200);
  });

  it('answers errors the RFC’s way', async () => {
    const wrong = await token({ grant_type: 'password', username: 'provider@demo.test', password: 'nope' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ error: 'invalid_grant', error_description: 'Invalid email or password.' });
    expect((await token({})).body).toEqual({
      error: 'invalid_request',
      error_description: 'grant_type is required',
    });
    expect((await token({ grant_type: 'implicit' })).body).toEqual({
      error: 'unsupported_grant_type',
      error_description: 'grant_type implicit is not supported',
    });
  });

  it('rotates refresh tokens: each is good once', async () => {
    const first = (
      await token({ grant_type: 'password', username: 'va@demo.test', password: 'demo-password' })
    ).body;
    const second = await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(second.status).toBe(200);
    expect(second.body.refresh_token).not.toBe(first.refresh_token);
    expect((await me(second.body.access_token)).body.data.staff_role).toBe('virtual_assistant');
    const reused = await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(reused.body).toEqual({
      error: 'invalid_grant',
      error_description: 'The refresh token is unknown, used, revoked or expired',
    });
  });

  /** Polls until an access token is refused (the gateway reuses an answer for up to 2 seconds). */
  async function meWithin5s(accessToken: string): Promise<number> {
    const deadline = Date.now() + 5000;
    let status = 200;
    while (status === 200 && Date.now() < deadline) {
      status = (await me(accessToken)).status;
      if (status === 200) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return status;
  }

  it('revokes every token descended from the grant when a used refresh token comes back', async () => {
    const granted = (
      await token({ grant_type: 'password', username: 'provider@demo.test', password: 'demo-password' })
    ).body;
    const second = (await token({ grant_type: 'refresh_token', refresh_token: granted.refresh_token })).body;
    const third = (await token({ grant_type: 'refresh_token', refresh_token: second.refresh_token })).body;
    expect((await me(third.access_token)).status).toBe(200);
    // Another grant of the same person is another family: it is left alone.
    const other = (
      await token({ grant_type: 'password', username: 'provider@demo.test', password: 'demo-password' })
    ).body;

    // Someone replays a refresh token that was used already (stolen, or a client's copy): the thief and the client
    // cannot be told apart, so everything that grant led to stops working.
    const replayed = await token({ grant_type: 'refresh_token', refresh_token: granted.refresh_token });
    expect(replayed.status).toBe(400);
    expect(replayed.body).toEqual({
      error: 'invalid_grant',
      error_description: 'The refresh token is unknown, used, revoked or expired',
    });
    expect(await meWithin5s(third.access_token)).toBe(401);
    expect((await token({ grant_type: 'refresh_token', refresh_token: third.refresh_token })).body).toEqual({
      error: 'invalid_grant',
      error_description: 'The refresh token is unknown, used, revoked or expired',
    });
    expect((await me(other.access_token)).status).toBe(200);
    expect((await token({ grant_type: 'refresh_token', refresh_token: other.refresh_token })).status).toBe(
      200,
    );
  });

  it('leaves no live pair when one refresh token is used twice at once', async () => {
    const granted = (
      await token({ grant_type: 'password', username: 'va@demo.test', password: 'demo-password' })
    ).body;
    const answers = await Promise.all(
      [1, 2].map(() => token({ grant_type: 'refresh_token', refresh_token: granted.refresh_token })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    const issued = answers.find((answer) => answer.status === 200)!.body;
    expect(await meWithin5s(issued.access_token)).toBe(401);
    expect((await token({ grant_type: 'refresh_token', refresh_token: issued.refresh_token })).status).toBe(
      400,
    );
  });

  it('lets a provider’s system in with client credentials: its id and its API key', async () => {
    const apiKey = (
      await it_.http
        .post('/provider/settings/regenerate_api_key')
        .set('cookie', provider.cookie)
        .set('x-csrf-token', provider.csrfToken)
    ).body.data.api_key;
    const providerId = (provider.body.current_provider as { id: string }).id;
    const issued = await token({
      grant_type: 'client_credentials',
      client_id: providerId,
      client_secret: apiKey,
    });
    expect(issued.status).toBe(200);
    expect(issued.body).toEqual({
      access_token: expect.any(String),
      token_type: 'Bearer',
      expires_in: 3600,
      scope: 'api_key',
    });
    expect((await me(issued.body.access_token)).body.data).toMatchObject({
      provider_id: providerId,
      scopes: ['api_key'],
    });

    const wrong = await token({
      grant_type: 'client_credentials',
      client_id: providerId,
      client_secret: 'tou_wrong',
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({
      error: 'invalid_client',
      error_description: 'Unknown client, or a wrong secret',
    });
  });

  it('revokes a token: it is refused within 5 seconds', async () => {
    const { access_token: accessToken } = (
      await token({ grant_type: 'password', username: 'supplier@demo.test', password: 'demo-password' })
    ).body;
    expect((await me(accessToken)).status).toBe(200);
    const revoked = await it_.http.post('/oauth/revoke').type('form').send({ token: accessToken });
    expect(revoked.status).toBe(200);
    const deadline = Date.now() + 5000;
    let status = 200;
    while (status === 200 && Date.now() < deadline) {
      status = (await me(accessToken)).status;
      if (status === 200) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toBe(401);
    expect((await it_.http.post('/oauth/revoke').type('form').send({ token: 'unknown' })).status).toBe(200);
  });
});
