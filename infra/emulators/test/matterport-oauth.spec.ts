import { createHash, randomBytes } from 'node:crypto';
import {
  createMatterportVendor,
  MATTERPORT_DEMO_MODELS,
  MATTERPORT_OAUTH_CLIENT_DEFAULTS,
  matterportAccountModels,
  matterportDemoModelId,
  startEmulators,
  type MatterportOAuthAccountId,
  type MatterportRoom,
  type RunningEmulators,
} from '@tourly/emulators';
import { basic, hiddenInputs } from './oauth-support';

const CLIENT = {
  id: MATTERPORT_OAUTH_CLIENT_DEFAULTS.clientId,
  secret: MATTERPORT_OAUTH_CLIENT_DEFAULTS.clientSecret,
};
const REDIRECT_URI = 'http://localhost:3000/api/integrations/matterport/callback';
const ROOMS_QUERY = `query rooms($id: ID!) { model(id: $id) { id name rooms { id label floor { id label } } } }`;
const LIST_QUERY = `{ models(pageSize: 100) { totalResults results { id name } } }`;
const INVALID_TOKEN_BODY = {
  errors: [{ message: 'Unauthorized: the access token is invalid or has expired' }],
};

interface Pkce {
  verifier: string;
  challenge: string;
}

interface Tokens {
  access_token: string;
  token_type: string;
  expires_in: number;
  refresh_token: string;
  scope: string;
}

interface Answer<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: T;
}

function pkce(): Pkce {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

describe('matterport emulator: OAuth 2.0 (authorization code + PKCE) and the accounts behind it', () => {
  let emulators: RunningEmulators;
  let clock = Date.now();

  beforeAll(async () => {
    emulators = await startEmulators({ port: 0, vendors: [createMatterportVendor({ now: () => clock })] });
  });
  afterAll(() => emulators.close());
  beforeEach(async () => {
    clock = Date.now();
    await fetch(`${emulators.url}/_emulator/reset`, { method: 'POST' });
  });

  const url = (path: string) => `${emulators.url}/matterport${path}`;

  function authorizeParams(
    challenge: string,
    overrides: Record<string, string | null> = {},
  ): URLSearchParams {
    const params = new URLSearchParams({
      response_type: 'code',
      client_id: CLIENT.id,
      redirect_uri: REDIRECT_URI,
      scope: 'ViewDetails',
      state: 'state-123',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
    for (const [name, value] of Object.entries(overrides)) {
      if (value === null) params.delete(name);
      else params.set(name, value);
    }
    return params;
  }

  function getAuthorize(params: URLSearchParams): Promise<Response> {
    return fetch(`${url('/oauth/authorize')}?${params.toString()}`, { redirect: 'manual' });
  }

  function postAuthorize(form: URLSearchParams): Promise<Response> {
    return fetch(url('/oauth/authorize'), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
      redirect: 'manual',
    });
  }

  /** Opens the consent page, then clicks "Continue as <account>": the redirect's parameters. */
  async function approve(account: MatterportOAuthAccountId, challenge: string, state = 'state-123') {
    const page = await getAuthorize(authorizeParams(challenge, { state }));
    expect(page.status).toBe(200);
    const form = hiddenInputs(await page.text());
    form.set('account', account);
    const response = await postAuthorize(form);
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_URI);
    return location.searchParams;
  }

  async function token(
    form: Record<string, string>,
    authorization: string | null = basic(CLIENT.id, CLIENT.secret),
  ): Promise<Answer> {
    const response = await fetch(url('/oauth/token'), {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(authorization === null ? {} : { authorization }),
      },
      body: new URLSearchParams(form).toString(),
    });
    return {
      status: response.status,
      headers: response.headers,
      body: (await response.json()) as Record<string, unknown>,
    };
  }

  /** The whole flow: consent as `account`, then the code exchanged with its verifier. */
  async function connect(account: MatterportOAuthAccountId): Promise<Tokens> {
    const { verifier, challenge } = pkce();
    const code = (await approve(account, challenge)).get('code')!;
    const answer = await token({
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT_URI,
      code_verifier: verifier,
    });
    expect(answer.status).toBe(200);
    return answer.body as unknown as Tokens;
  }

  async function graph<T = Record<string, unknown>>(
    authorization: string,
    query: string,
    variables: Record<string, unknown> = {},
  ): Promise<Answer<{ data?: T; errors?: Array<{ message: string; extensions?: unknown }> }>> {
    const response = await fetch(url('/api/models/graph'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization },
      body: JSON.stringify({ query, variables }),
    });
    return { status: response.status, headers: response.headers, body: (await response.json()) as never };
  }

  const bearer = (tokens: Tokens) => `Bearer ${tokens.access_token}`;

  async function refresh(refreshToken: string): Promise<Answer> {
    return token({ grant_type: 'refresh_token', refresh_token: refreshToken });
  }

  async function control(path: string, body?: object): Promise<Answer> {
    const response = await fetch(url(`/_oauth/${path}`), {
      method: body === undefined && path === 'stats' ? 'GET' : 'POST',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, headers: response.headers, body: (await response.json()) as never };
  }

  describe('the authorize page', () => {
    it('asks which account to connect, accessibly, carrying every parameter in its form', async () => {
      const { challenge } = pkce();
      const params = authorizeParams(challenge, { scope: 'ViewDetails ViewPublic', prompt: 'login' });
      const response = await getAuthorize(params);

      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      const html = await response.text();
      expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
      expect(html).toContain('<html lang="en">');
      expect(html).toContain('<h1>Allow Tourly to view your Matterport models?</h1>');
      expect(html).toContain('<form method="post" action="/matterport/oauth/authorize">');
      expect(html).toContain(
        '<button type="submit" name="account" value="demo-scans">Continue as Demo Scans</button>',
      );
      expect(html).toContain(
        '<button type="submit" name="account" value="harbour-studio">Continue as Harbour Studio</button>',
      );
      expect(html).toContain('<button type="submit" name="decision" value="deny" class="deny">Deny</button>');
      expect([...hiddenInputs(html).entries()]).toEqual([...params.entries()]);
    });

    it('escapes what it shows back', async () => {
      const { challenge } = pkce();
      const html = await (
        await getAuthorize(authorizeParams(challenge, { state: '"><script>x</script>' }))
      ).text();

      expect(html).not.toContain('<script>');
      expect(hiddenInputs(html).get('state')).toBe('"><script>x</script>');
    });
  });

  describe('the code flow with PKCE', () => {
    it('gives each account its own token, which sees that account’s models and rooms only', async () => {
      const harbour = await connect('harbour-studio');
      const demo = await connect('demo-scans');

      expect(harbour).toEqual({
        access_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        token_type: 'Bearer',
        expires_in: 3600,
        refresh_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        scope: 'ViewDetails',
      });
      expect(demo.access_token).not.toBe(harbour.access_token);

      const harbourModels = matterportAccountModels('harbour-studio');
      const harbourList = await graph<{
        models: { totalResults: number; results: Array<{ id: string; name: string }> };
      }>(bearer(harbour), LIST_QUERY);
      expect(harbourList.status).toBe(200);
      expect(harbourList.body.data!.models).toEqual({
        totalResults: 4,
        results: harbourModels.map(({ id, name }) => ({ id, name })),
      });
      // The ids the README lists: fixed, distinct from every demo id.
      expect(harbourModels.map((model) => model.id)).toEqual([
        '7Fy9fCNi34t',
        'A8uX3LrR5W6',
        'PBn7JMNbNdo',
        'gX5M09j07mD',
      ]);
      expect(harbourModels.map((model) => model.name)).toEqual([
        '2 Bay Street, Double Bay',
        '18 Darling Street, Balmain East',
        '5 Warung Street, McMahons Point',
        '31 Wharf Road, Balmain',
      ]);

      // Demo Scans holds the platform account's thirteen models, with the ids the launcher's token id reaches.
      const demoList = await graph<{ models: { totalResults: number; results: Array<{ id: string }> } }>(
        bearer(demo),
        LIST_QUERY,
      );
      expect(demoList.body.data!.models.totalResults).toBe(13);
      expect(demoList.body.data!.models.results.map((model) => model.id)).toEqual(
        MATTERPORT_DEMO_MODELS.map((_model, index) =>
          matterportDemoModelId('emulator-token-id', index),
        ).reverse(),
      );
      const demoIds = new Set(demoList.body.data!.models.results.map((model) => model.id));
      expect(harbourModels.some((model) => demoIds.has(model.id))).toBe(false);

      for (const model of harbourModels) {
        const read = await graph<{ model: { id: string; name: string; rooms: MatterportRoom[] } }>(
          bearer(harbour),
          ROOMS_QUERY,
          { id: model.id },
        );
        expect(read.body).toEqual({
          data: { model: { id: model.id, name: model.name, rooms: model.rooms } },
        });
        expect(model.rooms.length).toBeGreaterThan(0);
        for (const room of model.rooms) {
          expect(room.id).toMatch(/^[a-z0-9]{25}$/);
          expect(room.floor.id).toMatch(/^[a-z0-9]{25}$/);
        }
      }

      // Another account's model: null, as Matterport answers for a model the token cannot see.
      const crossed = await graph(bearer(demo), ROOMS_QUERY, { id: harbourModels[0]!.id });
      expect(crossed.status).toBe(200);
      expect(crossed.body.data).toEqual({ model: null });
      expect(crossed.body.errors![0]).toMatchObject({
        message: 'Model not found',
        extensions: { code: 'not.found' },
      });
      const crossedBack = await graph(bearer(harbour), ROOMS_QUERY, { id: [...demoIds][0] });
      expect(crossedBack.body.data).toEqual({ model: null });
    });

    it('serves rooms floor by floor, the same on every run', async () => {
      const [balmainHouse] = matterportAccountModels('harbour-studio').slice(-1);

      expect(balmainHouse!.name).toBe('31 Wharf Road, Balmain');
      expect(balmainHouse!.rooms.map((room) => `${room.floor.label}: ${room.label}`)).toEqual([
        'Ground floor: Entry',
        'Ground floor: Living room',
        'Ground floor: Kitchen',
        'Ground floor: Dining room',
        'Ground floor: Laundry',
        'First floor: Main bedroom',
        'First floor: Ensuite',
        'First floor: Bedroom 2',
        'First floor: Bathroom',
      ]);
      expect(matterportAccountModels('harbour-studio')).toEqual(matterportAccountModels('harbour-studio'));
      expect(new Set(balmainHouse!.rooms.map((room) => room.id)).size).toBe(9);
    });

    it('keeps the platform account working with Basic auth, its models with rooms too', async () => {
      const platform = basic('emulator-token-id', 'emulator-token-secret');
      const id = matterportDemoModelId('emulator-token-id', 12);
      const read = await graph<{ model: { name: string; rooms: MatterportRoom[] } }>(platform, ROOMS_QUERY, {
        id,
      });

      expect(read.status).toBe(200);
      expect(read.body.data!.model.name).toBe('Harbour Loft (password-protected)');
      expect(read.body.data!.model.rooms.map((room) => [room.floor.label, room.label])).toEqual([
        ['Main floor', 'Open-plan living'],
        ['Main floor', 'Kitchen'],
        ['Main floor', 'Bathroom'],
        ['Mezzanine', 'Bedroom'],
      ]);
      const demo = await connect('demo-scans');
      const viaOAuth = await graph<{ model: { rooms: MatterportRoom[] } }>(bearer(demo), ROOMS_QUERY, { id });
      expect(viaOAuth.body.data!.model.rooms).toEqual(read.body.data!.model.rooms);
    });

    it('authenticates the client with client_id and client_secret in the body as well', async () => {
      const { verifier, challenge } = pkce();
      const code = (await approve('harbour-studio', challenge)).get('code')!;
      const answer = await token(
        {
          grant_type: 'authorization_code',
          code,
          redirect_uri: REDIRECT_URI,
          code_verifier: verifier,
          client_id: CLIENT.id,
          client_secret: CLIENT.secret,
        },
        null,
      );

      expect(answer.status).toBe(200);
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(answer.headers.get('pragma')).toBe('no-cache');
      expect(answer.body.token_type).toBe('Bearer');
    });

    it('sends the state back with the code, and with access_denied when the person denies', async () => {
      const { challenge } = pkce();
      const approved = await approve('harbour-studio', challenge, 'xyz/+=&');
      expect([...approved.keys()]).toEqual(['code', 'state']);
      expect(approved.get('state')).toBe('xyz/+=&');

      const form = hiddenInputs(await (await getAuthorize(authorizeParams(challenge))).text());
      form.set('decision', 'deny');
      const denied = await postAuthorize(form);
      expect(denied.status).toBe(302);
      expect(denied.headers.get('location')).toBe(`${REDIRECT_URI}?error=access_denied&state=state-123`);
    });
  });

  describe('authorization requests it refuses', () => {
    it.each([
      ['an unknown client', { client_id: 'someone-else' }, 'No application is registered with the client_id'],
      ['no client', { client_id: null }, 'The request has no client_id.'],
      ['no redirect_uri', { redirect_uri: null }, 'The request has no redirect_uri.'],
      ['another path', { redirect_uri: 'http://localhost:3000/callback' }, 'is not registered'],
      ['a query on the redirect_uri', { redirect_uri: `${REDIRECT_URI}?next=/` }, 'is not registered'],
      ['a fragment on the redirect_uri', { redirect_uri: `${REDIRECT_URI}#x` }, 'is not registered'],
      [
        'another scheme',
        { redirect_uri: 'javascript://x/api/integrations/matterport/callback' },
        'is not registered',
      ],
      [
        'user info in the redirect_uri',
        { redirect_uri: 'http://a@evil.test/api/integrations/matterport/callback' },
        'is not registered',
      ],
    ])('says so on a 400 page, never redirecting, for %s', async (_case, overrides, message) => {
      const response = await getAuthorize(authorizeParams(pkce().challenge, overrides));

      expect(response.status).toBe(400);
      expect(response.headers.get('location')).toBeNull();
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const html = await response.text();
      expect(html).toContain('<h1>This authorization request cannot be processed</h1>');
      expect(html).toContain(message.replace(/"/g, '&#34;'));
    });

    it('accepts any http(s) host and port with the callback path', async () => {
      for (const redirectUri of [
        'https://tourly.example/api/integrations/matterport/callback',
        'http://127.0.0.1:8080/api/integrations/matterport/callback',
        'http://[::1]:3000/api/integrations/matterport/callback',
      ]) {
        expect(
          (await getAuthorize(authorizeParams(pkce().challenge, { redirect_uri: redirectUri }))).status,
        ).toBe(200);
      }
    });

    it.each([
      ['a missing state', { state: null }, 'invalid_request', 'The state parameter is required.'],
      [
        'plain PKCE',
        { code_challenge_method: 'plain' },
        'invalid_request',
        'The code_challenge_method "plain" is not supported: use S256.',
      ],
      [
        'no code_challenge_method (plain by default)',
        { code_challenge_method: null },
        'invalid_request',
        'The code_challenge_method parameter is missing (plain is not supported): use S256.',
      ],
      [
        'no code_challenge',
        { code_challenge: null },
        'invalid_request',
        'PKCE is required: the code_challenge parameter is missing.',
      ],
      [
        'a code_challenge that is no S256 digest',
        { code_challenge: 'short' },
        'invalid_request',
        'The code_challenge is not BASE64URL(SHA256(code_verifier)) (43 characters).',
      ],
      [
        'no response_type',
        { response_type: null },
        'invalid_request',
        'The response_type parameter is missing.',
      ],
      [
        'the implicit flow',
        { response_type: 'token' },
        'unsupported_response_type',
        'Only the authorization code flow (response_type=code) is supported.',
      ],
      ['no scope', { scope: null }, 'invalid_scope', 'The scope parameter is missing: ask for ViewDetails.'],
      [
        'an unknown scope',
        { scope: 'ViewDetails Everything' },
        'invalid_scope',
        'Unknown scope "Everything".',
      ],
      [
        'a scope without ViewDetails',
        { scope: 'ViewPublic' },
        'invalid_scope',
        'The scope must include ViewDetails.',
      ],
    ])('redirects with the error for %s', async (_case, overrides, error, description) => {
      const response = await getAuthorize(authorizeParams(pkce().challenge, overrides));

      expect(response.status).toBe(302);
      const location = new URL(response.headers.get('location')!);
      expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_URI);
      expect(Object.fromEntries(location.searchParams)).toEqual({
        error,
        error_description: description,
        ...('state' in overrides ? {} : { state: 'state-123' }),
      });
    });

    it('refuses a repeated parameter', async () => {
      const params = authorizeParams(pkce().challenge);
      params.append('scope', 'EditDetails');
      const response = await getAuthorize(params);
      expect(new URL(response.headers.get('location')!).searchParams.get('error_description')).toBe(
        'The scope parameter is repeated.',
      );

      const twoClients = authorizeParams(pkce().challenge);
      twoClients.append('client_id', CLIENT.id);
      expect((await getAuthorize(twoClients)).status).toBe(400);
    });

    it('checks the posted form as strictly as the page, and wants one known account', async () => {
      const { challenge } = pkce();
      const forged = authorizeParams(challenge, { code_challenge_method: 'plain' });
      forged.set('account', 'harbour-studio');
      const refused = await postAuthorize(forged);
      expect(refused.status).toBe(302);
      expect(new URL(refused.headers.get('location')!).searchParams.get('error')).toBe('invalid_request');

      const elsewhere = authorizeParams(challenge, { redirect_uri: 'https://evil.test/steal' });
      elsewhere.set('account', 'harbour-studio');
      expect((await postAuthorize(elsewhere)).status).toBe(400);

      const nobody = authorizeParams(challenge);
      nobody.set('account', 'someone');
      const unknown = await postAuthorize(nobody);
      expect(unknown.status).toBe(400);
      expect(await unknown.text()).toContain('Choose one account: demo-scans or harbour-studio.');
    });
  });

  describe('token requests it refuses', () => {
    async function issuedCode(challenge: string): Promise<string> {
      return (await approve('harbour-studio', challenge)).get('code')!;
    }

    function expectError(answer: Answer, status: number, error: string, description?: string) {
      expect(answer.status).toBe(status);
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(answer.body).toEqual({
        error,
        error_description: description === undefined ? expect.any(String) : description,
      });
    }

    it('refuses a wrong code_verifier, and the code is spent', async () => {
      const { verifier, challenge } = pkce();
      const code = await issuedCode(challenge);
      const wrong = await token({
        grant_type: 'authorization_code',
        code,
        redirect_uri: REDIRECT_URI,
        code_verifier: pkce().verifier,
      });
      expectError(wrong, 400, 'invalid_grant', 'The code_verifier does not match the code_challenge.');

      const retried = await token({
        grant_type: 'authorization_code',
        code,
        redirect_uri: REDIRECT_URI,
        code_verifier: verifier,
      });
      expectError(retried, 400, 'invalid_grant', 'The authorization code was already used.');
    });

    it('refuses a code used twice, and revokes the tokens its first use issued', async () => {
      const { verifier, challenge } = pkce();
      const code = await issuedCode(challenge);
      const form = {
        grant_type: 'authorization_code',
        code,
        redirect_uri: REDIRECT_URI,
        code_verifier: verifier,
      };
      const first = await token(form);
      expect(first.status).toBe(200);
      const tokens = first.body as unknown as Tokens;
      expect((await graph(bearer(tokens), LIST_QUERY)).status).toBe(200);

      expectError(await token(form), 400, 'invalid_grant', 'The authorization code was already used.');
      const after = await graph(bearer(tokens), LIST_QUERY);
      expect(after.status).toBe(401);
      expect(after.body).toEqual(INVALID_TOKEN_BODY);
      expectError(
        await refresh(tokens.refresh_token),
        400,
        'invalid_grant',
        'The refresh token has been revoked.',
      );
    });

    it('refuses a redirect_uri other than the authorize one', async () => {
      const { verifier, challenge } = pkce();
      const code = await issuedCode(challenge);
      const answer = await token({
        grant_type: 'authorization_code',
        code,
        redirect_uri: 'http://localhost:3001/api/integrations/matterport/callback',
        code_verifier: verifier,
      });
      expectError(
        answer,
        400,
        'invalid_grant',
        'The redirect_uri does not match the one of the authorization request.',
      );
    });

    it('refuses a code older than 60 seconds', async () => {
      const { verifier, challenge } = pkce();
      const code = await issuedCode(challenge);
      clock += 60_000;
      const answer = await token({
        grant_type: 'authorization_code',
        code,
        redirect_uri: REDIRECT_URI,
        code_verifier: verifier,
      });
      expectError(answer, 400, 'invalid_grant', 'The authorization code has expired.');
    });

    it('refuses an unknown code and missing parameters', async () => {
      const { verifier } = pkce();
      const base = {
        grant_type: 'authorization_code',
        code: 'nope',
        redirect_uri: REDIRECT_URI,
        code_verifier: verifier,
      };
      expectError(await token(base), 400, 'invalid_grant', 'The authorization code is invalid.');
      expectError(
        await token({ ...base, code: '' }),
        400,
        'invalid_request',
        'The code parameter is missing.',
      );
      const { code_verifier: _verifier, ...withoutVerifier } = base;
      expectError(
        await token(withoutVerifier),
        400,
        'invalid_request',
        'PKCE is required: the code_verifier parameter is missing.',
      );
      expectError(
        await token({ ...base, code_verifier: 'too-short' }),
        400,
        'invalid_request',
        'The code_verifier must be 43 to 128 unreserved characters.',
      );
      const { redirect_uri: _uri, ...withoutRedirect } = base;
      expectError(
        await token(withoutRedirect),
        400,
        'invalid_request',
        'The redirect_uri parameter is missing.',
      );
    });

    it.each([
      ['an unknown client', basic('someone-else', CLIENT.secret), 'Client authentication failed.'],
      ['a bad client secret', basic(CLIENT.id, 'wrong-secret'), 'Client authentication failed.'],
      ['no client authentication', null, 'Client authentication is required (client_id and client_secret).'],
      [
        'another scheme',
        'Bearer abc',
        'The Authorization header is not HTTP Basic with client_id:client_secret.',
      ],
    ])('answers 401 invalid_client for %s', async (_case, authorization, description) => {
      const { verifier, challenge } = pkce();
      const code = await issuedCode(challenge);
      const answer = await token(
        { grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, code_verifier: verifier },
        authorization,
      );

      expectError(answer, 401, 'invalid_client', description);
      expect(answer.headers.get('www-authenticate')).toBe('Basic realm="Matterport OAuth"');
    });

    it('refuses a bad secret in the body, and two ways of authenticating at once', async () => {
      const form = { grant_type: 'refresh_token', refresh_token: 'x', client_id: CLIENT.id };
      expectError(await token({ ...form, client_secret: 'wrong' }, null), 401, 'invalid_client');
      expectError(await token(form, null), 401, 'invalid_client');
      expectError(
        await token({ ...form, client_secret: CLIENT.secret }),
        400,
        'invalid_request',
        'Authenticate the client one way: HTTP Basic or client_secret, not both.',
      );
    });

    it('refuses a missing or unknown grant_type, a repeated parameter, another method and a body that is not a form', async () => {
      expectError(await token({}), 400, 'invalid_request', 'The grant_type parameter is missing.');
      expectError(
        await token({ grant_type: 'password' }),
        400,
        'unsupported_grant_type',
        'The grant_type "password" is not supported.',
      );
      expectError(await token({ grant_type: 'client_credentials' }), 400, 'unsupported_grant_type');

      const repeated = await fetch(url('/oauth/token'), {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: basic(CLIENT.id, CLIENT.secret),
        },
        body: 'grant_type=refresh_token&refresh_token=a&refresh_token=b',
      });
      expect(repeated.status).toBe(400);
      expect(await repeated.json()).toEqual({
        error: 'invalid_request',
        error_description: 'The refresh_token parameter is repeated.',
      });

      const get = await fetch(url('/oauth/token'));
      expect(get.status).toBe(405);
      expect(get.headers.get('cache-control')).toBe('no-store');
      expect(await get.json()).toEqual({
        error: 'invalid_request',
        error_description: 'The token endpoint takes POST only.',
      });

      const json = await fetch(url('/oauth/token'), {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: basic(CLIENT.id, CLIENT.secret) },
        body: JSON.stringify({ grant_type: 'refresh_token', refresh_token: 'x' }),
      });
      expect(json.status).toBe(400);
      expect(json.headers.get('cache-control')).toBe('no-store');
      expect(await json.json()).toEqual({
        error: 'invalid_request',
        error_description: 'The token request must be sent as application/x-www-form-urlencoded.',
      });
    });
  });

  describe('refresh tokens', () => {
    it('rotate: each refresh gives a new access and refresh token, and the old refresh token is refused', async () => {
      const first = await connect('harbour-studio');
      const renewed = await refresh(first.refresh_token);

      expect(renewed.status).toBe(200);
      expect(renewed.headers.get('cache-control')).toBe('no-store');
      const second = renewed.body as unknown as Tokens;
      expect(second).toEqual({
        access_token: expect.any(String),
        token_type: 'Bearer',
        expires_in: 3600,
        refresh_token: expect.any(String),
        scope: 'ViewDetails',
      });
      expect(second.access_token).not.toBe(first.access_token);
      expect(second.refresh_token).not.toBe(first.refresh_token);

      const reused = await refresh(first.refresh_token);
      expect(reused.status).toBe(400);
      expect(reused.body).toEqual({
        error: 'invalid_grant',
        error_description: 'The refresh token was already used: use the latest one.',
      });
      expect((await refresh(second.refresh_token)).status).toBe(200);
      expect((await graph(bearer(second), LIST_QUERY)).status).toBe(200);
    });

    it('may narrow the scope, never widen it', async () => {
      const { verifier, challenge } = pkce();
      const page = await getAuthorize(authorizeParams(challenge, { scope: 'ViewDetails ViewPublic' }));
      const form = hiddenInputs(await page.text());
      form.set('account', 'demo-scans');
      const code = new URL((await postAuthorize(form)).headers.get('location')!).searchParams.get('code')!;
      const tokens = (
        await token({
          grant_type: 'authorization_code',
          code,
          redirect_uri: REDIRECT_URI,
          code_verifier: verifier,
        })
      ).body as unknown as Tokens;
      expect(tokens.scope).toBe('ViewDetails ViewPublic');

      const wider = await token({
        grant_type: 'refresh_token',
        refresh_token: tokens.refresh_token,
        scope: 'ViewDetails EditDetails',
      });
      expect(wider.status).toBe(400);
      expect(wider.body.error).toBe('invalid_scope');
      const narrower = await token({
        grant_type: 'refresh_token',
        refresh_token: tokens.refresh_token,
        scope: 'ViewDetails',
      });
      expect(narrower.status).toBe(200);
      expect(narrower.body.scope).toBe('ViewDetails');
    });

    it('refuses an unknown refresh token and one past its 30 days', async () => {
      expect((await refresh('unknown')).body).toEqual({
        error: 'invalid_grant',
        error_description: 'The refresh token is invalid.',
      });
      const tokens = await connect('harbour-studio');
      clock += 30 * 24 * 60 * 60 * 1000;
      expect((await refresh(tokens.refresh_token)).body).toEqual({
        error: 'invalid_grant',
        error_description: 'The refresh token has expired.',
      });
    });
  });

  describe('bearer tokens on the Model API', () => {
    it('answers 401 for an unknown token', async () => {
      const answer = await graph('Bearer abc', LIST_QUERY);

      expect(answer.status).toBe(401);
      expect(answer.body).toEqual(INVALID_TOKEN_BODY);
      expect(answer.headers.get('www-authenticate')).toBe(
        'Bearer realm="Matterport API", error="invalid_token"',
      );
    });

    it('answers 401 once the hour is up', async () => {
      const tokens = await connect('harbour-studio');
      clock += 3599_000;
      expect((await graph(bearer(tokens), LIST_QUERY)).status).toBe(200);
      clock += 1000;
      expect((await graph(bearer(tokens), LIST_QUERY)).body).toEqual(INVALID_TOKEN_BODY);
    });
  });

  describe('test controls', () => {
    it('expire_access_tokens: the Model API answers 401, and a refresh brings a working token', async () => {
      const harbour = await connect('harbour-studio');
      const demo = await connect('demo-scans');

      expect(await control('expire_access_tokens', { account: 'harbour-studio' })).toMatchObject({
        status: 200,
        body: { expired: 1 },
      });
      const refused = await graph(bearer(harbour), LIST_QUERY);
      expect(refused.status).toBe(401);
      expect(refused.body).toEqual(INVALID_TOKEN_BODY);
      expect((await graph(bearer(demo), LIST_QUERY)).status).toBe(200);

      const renewed = (await refresh(harbour.refresh_token)).body as unknown as Tokens;
      expect((await graph(bearer(renewed), LIST_QUERY)).status).toBe(200);

      expect((await control('expire_access_tokens', {})).body).toEqual({ expired: 2 });
      expect((await graph(bearer(demo), LIST_QUERY)).status).toBe(401);
      expect((await graph(bearer(renewed), LIST_QUERY)).status).toBe(401);
    });

    it('revoke: the account’s refresh tokens answer invalid_grant, its access tokens 401; others keep working', async () => {
      const harbour = await connect('harbour-studio');
      const demo = await connect('demo-scans');

      expect((await control('revoke', { account: 'harbour-studio' })).body).toEqual({ revoked: 1 });
      expect((await refresh(harbour.refresh_token)).body).toEqual({
        error: 'invalid_grant',
        error_description: 'The refresh token has been revoked.',
      });
      expect((await graph(bearer(harbour), LIST_QUERY)).status).toBe(401);
      expect((await graph(bearer(demo), LIST_QUERY)).status).toBe(200);
      expect((await refresh(demo.refresh_token)).status).toBe(200);

      // Connecting again works: a new consent, a new grant.
      expect((await graph(bearer(await connect('harbour-studio')), LIST_QUERY)).status).toBe(200);
    });

    it('refuses a control for an account that does not exist', async () => {
      expect(await control('revoke', {})).toMatchObject({
        status: 400,
        body: { error: { message: 'account: one of demo-scans, harbour-studio' } },
      });
      expect((await control('expire_access_tokens', { account: 'nobody' })).status).toBe(400);
    });

    it('stats count every token request by grant type, refused ones included, until reset', async () => {
      expect((await control('stats')).body).toEqual({
        token_requests: { authorization_code: 0, refresh_token: 0 },
      });
      const tokens = await connect('harbour-studio');
      await connect('demo-scans');
      await refresh(tokens.refresh_token);
      await refresh(tokens.refresh_token); // refused: rotated
      await token({ grant_type: 'password' });

      expect((await control('stats')).body).toEqual({
        token_requests: { authorization_code: 2, refresh_token: 2 },
      });
      await fetch(`${emulators.url}/_emulator/reset`, { method: 'POST' });
      expect((await control('stats')).body).toEqual({
        token_requests: { authorization_code: 0, refresh_token: 0 },
      });
      expect((await graph(bearer(tokens), LIST_QUERY)).status).toBe(401);
    });
  });

  describe('configuration', () => {
    it('registers the client given to startEmulators, and only that one', async () => {
      const configured = await startEmulators({
        port: 0,
        matterport: { oauth: { clientId: 'tourly-dev', clientSecret: 's3cret', clientName: 'Tourly Dev' } },
      });
      try {
        const { challenge } = pkce();
        const params = authorizeParams(challenge, { client_id: 'tourly-dev' });
        const page = await fetch(`${configured.url}/matterport/oauth/authorize?${params.toString()}`);
        expect(await page.text()).toContain('<h1>Allow Tourly Dev to view your Matterport models?</h1>');
        const defaults = await fetch(
          `${configured.url}/matterport/oauth/authorize?${authorizeParams(challenge).toString()}`,
        );
        expect(defaults.status).toBe(400);
        const tokenAnswer = await fetch(`${configured.url}/matterport/oauth/token`, {
          method: 'POST',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            authorization: basic(CLIENT.id, CLIENT.secret),
          },
          body: 'grant_type=refresh_token&refresh_token=x',
        });
        expect(tokenAnswer.status).toBe(401);
      } finally {
        await configured.close();
      }
    });
  });
});
