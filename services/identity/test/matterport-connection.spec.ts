import { randomBytes } from 'node:crypto';
import {
  MATTERPORT_ACCESS_TOKEN,
  MATTERPORT_ACCESS_TOKEN_TIMEOUT_MS,
  MATTERPORT_MESSAGES,
  type MatterportAccessToken,
  type MatterportAccessTokenRequest,
} from '@tourly/contracts';
import {
  ApiError,
  EventBus,
  LOGGER,
  one,
  RpcClient,
  startService,
  TokenCipher,
  UnreadableToken,
  type Logger,
  type RunningService,
} from '@tourly/platform';
import { TEST_MATTERPORT_TOKEN_KEY, testEnv } from '@tourly/platform/testing';
import { identity, IdentityConfig } from '@tourly/identity';
import { CountersSweeper } from '../src/housekeeping/counters.sweeper';
import { MatterportConnections1763960000000 } from '../src/migrations/1763960000000-matterport-connections';
import { MatterportOAuth } from '../src/matterport/matterport-oauth';
import { MatterportRepository } from '../src/matterport/matterport.repository';
import { MatterportService } from '../src/matterport/matterport.service';
import { sealedFor } from '../src/matterport/matterport.rules';
import { emulatorEnv } from '../../../infra/launcher/src/platform';
import { authorizeOnMatterport, type MatterportAccount } from '../../../test/support/matterport';
import { startIdentityPlatform, type SignedIn } from './support';

const AUTH_URL = '/api/integrations/matterport/auth_url';
const CALLBACK = '/api/integrations/matterport/callback';
const CONNECTION = '/provider/matterport_auth/connection';
const PROMPT = '/provider/matterport_auth/show_oauth_switch_prompt';
const PROMPT_SEEN = '/provider/matterport_auth/mark_oauth_prompt_seen';
const CONNECTED = '/provider/settings?matterport=connected';
const failed = (reason: string) =>
  `/provider/settings?matterport=failed&reason=${encodeURIComponent(reason)}`;
const MODELS_QUERY = '{ models(pageSize: 100) { totalResults results { id name } } }';

type Account = MatterportAccount;
interface ProviderAdmin {
  providerId: string;
  admin: SignedIn;
}
interface ConnectionRow {
  status: string;
  accessToken: Buffer;
  refreshToken: Buffer;
  accessExpiresAt: Date;
  connectedAt: Date;
}

/**
 * Each provider's own Matterport connection, through the gateway with the whole platform and the Matterport
 * emulator's OAuth: connecting (the code flow with PKCE, the state bound to the person and provider), refusals that
 * store nothing, the tokens sealed in the database, renewal once under concurrent requests across two replicas, a
 * refused renewal breaking the connection, disconnecting, and the switch prompt.
 */
describe('a provider’s Matterport connection', () => {
  let it_: Awaited<ReturnType<typeof startIdentityPlatform>>;
  let rpc: RpcClient;
  let providers = 0;

  beforeAll(async () => {
    it_ = await startIdentityPlatform();
    rpc = it_.service.app.get(RpcClient);
  }, 60_000);
  afterAll(() => it_?.stop());

  const send = (user: SignedIn, method: 'get' | 'post' | 'delete', path: string) =>
    it_.http[method](path).set('cookie', user.cookie).set('x-csrf-token', user.csrfToken);

  /** A provider made now (after the migration: a "new" provider) with an admin signed in. */
  async function aProviderAdmin(name = `Studio ${++providers}`): Promise<ProviderAdmin> {
    const providerId = await it_.aProvider(name);
    return { providerId, admin: await anAdminOf(providerId) };
  }

  async function anAdminOf(providerId: string): Promise<SignedIn> {
    const email = `admin-${randomBytes(4).toString('hex')}@studio.test`;
    await it_.aUser(email, { providerId, role: 'admin' });
    return it_.signedIn(email);
  }

  /** `auth_url`, then Matterport's page answered with an account (or Deny): the callback it sends the browser to. */
  const authorize = (admin: SignedIn, choice: Account | 'deny') =>
    authorizeOnMatterport(it_.platform.gateway.url, admin, choice);

  /** The browser following Matterport's redirect back, with its session cookie: answers where it is sent next. */
  async function callback(admin: SignedIn, path: string): Promise<string> {
    const back = await it_.http.get(path).set('cookie', admin.cookie);
    expect(back.status).toBe(302);
    expect(back.headers['cache-control']).toBe('no-store');
    return back.headers.location as string;
  }

  async function connect(owner: ProviderAdmin, account: Account = 'harbour-studio'): Promise<string> {
    const path = await authorize(owner.admin, account);
    expect(await callback(owner.admin, path)).toBe(CONNECTED);
    return path;
  }

  const connection = async (admin: SignedIn) => {
    const answer = await send(admin, 'get', CONNECTION);
    expect(answer.status).toBe(200);
    return answer.body.data as Record<string, unknown>;
  };

  const rowOf = (providerId: string): Promise<ConnectionRow | undefined> =>
    one<ConnectionRow>(
      it_.db.dataSource,
      `SELECT status, access_token AS "accessToken", refresh_token AS "refreshToken",
              access_expires_at AS "accessExpiresAt", connected_at AS "connectedAt"
         FROM matterport_connections WHERE provider_id = $1`,
      [providerId],
    );

  const accessToken = (request: MatterportAccessTokenRequest, client = rpc) =>
    client.ask<MatterportAccessToken>(MATTERPORT_ACCESS_TOKEN, request, MATTERPORT_ACCESS_TOKEN_TIMEOUT_MS);

  const emulator = async (method: 'GET' | 'POST', path: string, body?: object) => {
    const answer = await fetch(`${it_.emulatorsUrl}/matterport${path}`, {
      method,
      headers: body ? { 'content-type': 'application/json' } : {},
      body: body ? JSON.stringify(body) : undefined,
    });
    expect(answer.status).toBe(200);
    return (await answer.json()) as Record<string, unknown>;
  };
  const renewals = async () =>
    ((await emulator('GET', '/_oauth/stats')) as { token_requests: { refresh_token: number } }).token_requests
      .refresh_token;

  /** The account's models as the Model API answers a Bearer token: its names, or the HTTP status when refused. */
  async function modelsWith(token: string): Promise<string[] | number> {
    const answer = await fetch(`${it_.emulatorsUrl}/matterport/api/models/graph`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ query: MODELS_QUERY }),
    });
    if (answer.status !== 200) return answer.status;
    const body = (await answer.json()) as { data: { models: { results: Array<{ name: string }> } } };
    return body.data.models.results.map((model) => model.name);
  }

  describe('the switch prompt', () => {
    it('shows to a provider from before the connections until it dismisses it, or connects; never to a new one', async () => {
      // Providers that exist when the migration runs used the platform's account: run it again over these two.
      const dismisses = await aProviderAdmin('Old Dismisses');
      const connects = await aProviderAdmin('Old Connects');
      const runner = it_.db.dataSource.createQueryRunner();
      try {
        const migration = new MatterportConnections1763960000000();
        await migration.down(runner);
        await migration.up(runner);
      } finally {
        await runner.release();
      }
      const fresh = await aProviderAdmin('New Media');

      const show = async (admin: SignedIn) => {
        const answer = await send(admin, 'get', `${PROMPT}?skip_last_prompt_check=true`);
        expect(answer.status).toBe(200);
        return answer.body.data;
      };
      expect(await show(dismisses.admin)).toEqual({ show: true });
      expect(await show(connects.admin)).toEqual({ show: true });
      expect(await show(fresh.admin)).toEqual({ show: false });

      const seen = await send(dismisses.admin, 'post', PROMPT_SEEN);
      expect(seen.status).toBe(200);
      expect(seen.body).toEqual({ data: { show: false } });
      expect(await show(dismisses.admin)).toEqual({ show: false });
      // Another admin of the same provider: the prompt is the provider's, dismissed for all of its admins.
      expect(await show(await anAdminOf(dismisses.providerId))).toEqual({ show: false });

      // Starting to connect is not connecting: the prompt stays until the connection is made.
      await authorize(connects.admin, 'deny');
      expect(await show(connects.admin)).toEqual({ show: true });
      await connect(connects);
      expect(await show(connects.admin)).toEqual({ show: false });
      // Disconnecting later does not bring the prompt back.
      expect((await send(connects.admin, 'delete', CONNECTION)).status).toBe(200);
      expect(await show(connects.admin)).toEqual({ show: false });

      const ended = (await it_.db.dataSource.query(
        `SELECT provider_id AS "providerId", ended_by AS "endedBy" FROM matterport_switch_prompts
          WHERE provider_id = ANY($1) ORDER BY ended_by`,
        [[dismisses.providerId, connects.providerId, fresh.providerId]],
      )) as Array<{ providerId: string; endedBy: string }>;
      expect(ended).toEqual([
        { providerId: connects.providerId, endedBy: 'connected' },
        { providerId: dismisses.providerId, endedBy: 'dismissed' },
      ]);
    });
  });

  describe('connecting', () => {
    it('starts with nothing: not connected, and no token for other services', async () => {
      const { admin, providerId } = await aProviderAdmin();
      expect(await connection(admin)).toEqual({
        status: 'not_connected',
        account_name: null,
        connected_at: null,
        broken_reason: null,
      });
      expect(await accessToken({ providerId })).toEqual({ status: 'not_connected', accessToken: null });
    });

    it('gives Matterport’s authorisation page for the code flow with PKCE S256, a fresh state each time', async () => {
      const { admin } = await aProviderAdmin();
      const urls = await Promise.all(
        [1, 2].map(async () => (await send(admin, 'get', AUTH_URL)).body.data.url),
      );
      const [first, second] = urls.map((url: string) => new URL(url));
      expect(`${first!.origin}${first!.pathname}`).toBe(`${it_.emulatorsUrl}/matterport/oauth/authorize`);
      expect(Object.fromEntries(first!.searchParams)).toEqual({
        response_type: 'code',
        client_id: 'emulator-oauth-client',
        redirect_uri: `http://localhost:3000${CALLBACK}`,
        scope: 'ViewDetails',
        state: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        code_challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        code_challenge_method: 'S256',
      });
      expect(second!.searchParams.get('state')).not.toBe(first!.searchParams.get('state'));
      expect(second!.searchParams.get('code_challenge')).not.toBe(first!.searchParams.get('code_challenge'));
      // Only the states' hashes are kept, never the states.
      const stored = (await it_.db.dataSource.query(
        'SELECT state_hash AS "stateHash", code_verifier AS "codeVerifier" FROM matterport_authorizations',
      )) as Array<{ stateHash: Buffer; codeVerifier: Buffer }>;
      for (const url of [first!, second!]) {
        const state = Buffer.from(url.searchParams.get('state')!);
        expect(stored.some((row) => row.stateHash.includes(state) || row.codeVerifier.includes(state))).toBe(
          false,
        );
      }
    });

    it('connects end to end: auth_url, Matterport’s page, the callback; the token reaches the account’s models', async () => {
      const owner = await aProviderAdmin();
      const started = await send(owner.admin, 'get', AUTH_URL);
      expect(started.status).toBe(200);
      expect(started.headers['cache-control']).toBe('no-store');
      const page = await (await fetch(started.body.data.url as string)).text();
      expect(page).toContain(
        '<button type="submit" name="account" value="harbour-studio">Continue as Harbour Studio</button>',
      );
      const before = Date.now();
      await connect(owner);
      const shown = await connection(owner.admin);
      expect(shown).toEqual({
        status: 'connected',
        // Matterport's token answer does not name the account.
        account_name: null,
        connected_at: expect.any(String),
        broken_reason: null,
      });
      expect(new Date(shown.connected_at as string).getTime()).toBeGreaterThanOrEqual(before - 1000);

      const token = await accessToken({ providerId: owner.providerId });
      expect(token).toEqual({ status: 'connected', accessToken: expect.any(String) });
      const models = await modelsWith(token.accessToken!);
      expect(models).toHaveLength(4);
      // The same token again: not renewed while it has most of its hour.
      expect(await accessToken({ providerId: owner.providerId })).toEqual(token);
    });

    it('keeps the tokens sealed: not in the row in clear, and not readable without the key', async () => {
      const owner = await aProviderAdmin();
      await connect(owner, 'demo-scans');
      const { accessToken: token } = await accessToken({ providerId: owner.providerId });
      const row = (await rowOf(owner.providerId))!;
      const clear = Buffer.from(token!);
      expect(row.accessToken.includes(clear)).toBe(false);
      expect(row.accessToken.toString('hex')).not.toContain(clear.toString('hex'));
      // Nothing in the whole row reads as the token, in any column.
      const found = (await it_.db.dataSource.query(
        `SELECT count(*)::int AS n FROM matterport_connections t WHERE t::text LIKE '%' || $1 || '%'
            OR position(convert_to($1, 'UTF8') IN t.access_token) > 0
            OR position(convert_to($1, 'UTF8') IN t.refresh_token) > 0`,
        [token],
      )) as Array<{ n: number }>;
      expect(found[0]!.n).toBe(0);
      // AES-256-GCM: the key opens it (for this provider's row only); any other key does not.
      const withKey = TokenCipher.fromBase64(TEST_MATTERPORT_TOKEN_KEY);
      expect(withKey.open(row.accessToken, sealedFor.accessToken(owner.providerId))).toBe(token);
      expect(() => withKey.open(row.accessToken, sealedFor.accessToken(randomUuid()))).toThrow(
        UnreadableToken,
      );
      const anotherKey = TokenCipher.fromBase64(randomBytes(32).toString('base64'));
      expect(() => anotherKey.open(row.accessToken, sealedFor.accessToken(owner.providerId))).toThrow(
        UnreadableToken,
      );
      expect(() => anotherKey.open(row.refreshToken, sealedFor.refreshToken(owner.providerId))).toThrow(
        UnreadableToken,
      );
    });
  });

  describe('refusing a callback, storing nothing', () => {
    it('refuses a forged state', async () => {
      const { admin, providerId } = await aProviderAdmin();
      const path = await authorize(admin, 'harbour-studio');
      const forged = new URL(path, 'http://gateway');
      forged.searchParams.set('state', randomBytes(32).toString('base64url'));
      expect(await callback(admin, `${forged.pathname}${forged.search}`)).toBe(
        failed(MATTERPORT_MESSAGES.stateRefused),
      );
      const noState = new URL(path, 'http://gateway');
      noState.searchParams.delete('state');
      expect(await callback(admin, `${noState.pathname}${noState.search}`)).toBe(
        failed(MATTERPORT_MESSAGES.stateRefused),
      );
      expect(await rowOf(providerId)).toBeUndefined();
      expect((await connection(admin)).status).toBe('not_connected');
    });

    it('refuses a state another person started, even an admin of the same provider; it still works for its owner', async () => {
      const owner = await aProviderAdmin();
      const colleague = await anAdminOf(owner.providerId);
      const elsewhere = await aProviderAdmin();
      const path = await authorize(owner.admin, 'harbour-studio');
      expect(await callback(colleague, path)).toBe(failed(MATTERPORT_MESSAGES.stateRefused));
      expect(await callback(elsewhere.admin, path)).toBe(failed(MATTERPORT_MESSAGES.stateRefused));
      expect(await rowOf(owner.providerId)).toBeUndefined();
      expect(await rowOf(elsewhere.providerId)).toBeUndefined();
      // Nobody else spent it: the person who started it finishes.
      expect(await callback(owner.admin, path)).toBe(CONNECTED);
    });

    it('refuses a state used once already, and an expired one', async () => {
      const owner = await aProviderAdmin();
      const path = await connect(owner);
      const first = await rowOf(owner.providerId);
      expect(await callback(owner.admin, path)).toBe(failed(MATTERPORT_MESSAGES.stateRefused));
      expect(await rowOf(owner.providerId)).toEqual(first);
      // Disconnected, the used callback still connects nothing.
      await send(owner.admin, 'delete', CONNECTION);
      expect(await callback(owner.admin, path)).toBe(failed(MATTERPORT_MESSAGES.stateRefused));
      expect(await rowOf(owner.providerId)).toBeUndefined();

      const late = await authorize(owner.admin, 'harbour-studio');
      await it_.db.dataSource.query(
        `UPDATE matterport_authorizations SET expires_at = now() - interval '1 second'
          WHERE provider_id = $1 AND used_at IS NULL`,
        [owner.providerId],
      );
      expect(await callback(owner.admin, late)).toBe(failed(MATTERPORT_MESSAGES.stateRefused));
      expect(await rowOf(owner.providerId)).toBeUndefined();
      // The sweep removes attempts past their expiry; the rest wait for theirs.
      await it_.service.app.get(CountersSweeper).sweepNow();
      const left = (await it_.db.dataSource.query(
        'SELECT count(*)::int AS n FROM matterport_authorizations WHERE expires_at <= now()',
      )) as Array<{ n: number }>;
      expect(left[0]!.n).toBe(0);
    });

    it('refuses access_denied from Matterport’s page, and spends the state', async () => {
      const { admin, providerId } = await aProviderAdmin();
      const path = await authorize(admin, 'deny');
      expect(new URL(path, 'http://gateway').searchParams.get('error')).toBe('access_denied');
      expect(await callback(admin, path)).toBe(failed(MATTERPORT_MESSAGES.denied));
      expect(await callback(admin, path)).toBe(failed(MATTERPORT_MESSAGES.stateRefused));
      expect(await rowOf(providerId)).toBeUndefined();
    });

    it('refuses a code Matterport does not take (a code with another attempt’s state)', async () => {
      const { admin, providerId } = await aProviderAdmin();
      const approved = new URL(await authorize(admin, 'harbour-studio'), 'http://gateway');
      const other = new URL(await authorize(admin, 'harbour-studio'), 'http://gateway');
      // The second attempt's state with the first attempt's code: the verifier is not the one of that code.
      approved.searchParams.set('state', other.searchParams.get('state')!);
      expect(await callback(admin, `${approved.pathname}${approved.search}`)).toBe(
        failed(MATTERPORT_MESSAGES.codeRefused),
      );
      expect(await rowOf(providerId)).toBeUndefined();
    });
  });

  describe('renewing the access token', () => {
    let replica: RunningService;

    beforeAll(async () => {
      // A second replica of identity on the same database and stream: requests spread over both.
      const config = it_.service.config as unknown as Record<string, string>;
      replica = await startService(
        identity,
        testEnv({
          databaseUrl: config.DATABASE_URL,
          namespace: config.EVENTS_NAMESPACE!,
          extra: { ...emulatorEnv(it_.emulatorsUrl).mail, ...emulatorEnv(it_.emulatorsUrl).matterport },
        }),
      );
    }, 60_000);
    afterAll(() => replica?.close());

    const expireAtBothEnds = async (providerId: string, account: Account) => {
      // An hour has passed: Matterport's access tokens of the account expired, and the row says so too.
      await emulator('POST', '/_oauth/expire_access_tokens', { account });
      await it_.db.dataSource.query(
        `UPDATE matterport_connections SET access_expires_at = now() - interval '1 second' WHERE provider_id = $1`,
        [providerId],
      );
    };

    it('renews an expired token once for 10 concurrent requests over two replicas; all get the new token', async () => {
      const owner = await aProviderAdmin();
      await connect(owner);
      const old = (await accessToken({ providerId: owner.providerId })).accessToken!;
      await expireAtBothEnds(owner.providerId, 'harbour-studio');
      expect(await modelsWith(old)).toBe(401);
      const renewalsBefore = await renewals();

      const clients = [rpc, replica.app.get(RpcClient)];
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, n) => accessToken({ providerId: owner.providerId }, clients[n % 2])),
      );
      expect(await renewals()).toBe(renewalsBefore + 1);
      const renewed = answers[0]!.accessToken!;
      expect(renewed).not.toBe(old);
      expect(answers).toEqual(
        Array.from({ length: 10 }, () => ({ status: 'connected', accessToken: renewed })),
      );
      expect(await modelsWith(renewed)).toHaveLength(4);
      const row = (await rowOf(owner.providerId))!;
      expect(row.accessExpiresAt.getTime()).toBeGreaterThan(Date.now() + 3_500_000);
      expect((await connection(owner.admin)).status).toBe('connected');
      // Renewed, it is handed out as it is.
      expect(await accessToken({ providerId: owner.providerId })).toEqual({
        status: 'connected',
        accessToken: renewed,
      });
      expect(await renewals()).toBe(renewalsBefore + 1);
    });

    it('renews a token Matterport refused before its time once, when 10 requests send it back at once', async () => {
      const owner = await aProviderAdmin();
      await connect(owner, 'demo-scans');
      const refused = (await accessToken({ providerId: owner.providerId })).accessToken!;
      await emulator('POST', '/_oauth/expire_access_tokens', { account: 'demo-scans' });
      const renewalsBefore = await renewals();
      const clients = [rpc, replica.app.get(RpcClient)];
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, n) =>
          accessToken({ providerId: owner.providerId, rejectedAccessToken: refused }, clients[n % 2]),
        ),
      );
      expect(await renewals()).toBe(renewalsBefore + 1);
      const renewed = answers[0]!.accessToken!;
      expect(renewed).not.toBe(refused);
      expect(new Set(answers.map((answer) => answer.accessToken))).toEqual(new Set([renewed]));
      expect(await modelsWith(renewed)).toHaveLength(13);
    });

    it('marks the connection broken when Matterport refuses the renewal (access revoked), and says why', async () => {
      const owner = await aProviderAdmin();
      await connect(owner);
      const current = (await accessToken({ providerId: owner.providerId })).accessToken!;
      await emulator('POST', '/_oauth/revoke', { account: 'harbour-studio' });
      const renewalsBefore = await renewals();
      expect(await accessToken({ providerId: owner.providerId, rejectedAccessToken: current })).toEqual({
        status: 'broken',
        accessToken: null,
      });
      expect(await renewals()).toBe(renewalsBefore + 1);
      expect(await connection(owner.admin)).toEqual({
        status: 'broken',
        account_name: null,
        connected_at: expect.any(String),
        broken_reason: 'Matterport refused to renew access: connect again from Settings.',
      });
      // Broken stays broken without asking Matterport again, expired or not.
      await expireAtBothEnds(owner.providerId, 'harbour-studio');
      expect(await accessToken({ providerId: owner.providerId })).toEqual({
        status: 'broken',
        accessToken: null,
      });
      expect(await renewals()).toBe(renewalsBefore + 1);
      // Connecting again mends it.
      await connect(owner);
      expect((await connection(owner.admin)).status).toBe('connected');
      expect((await accessToken({ providerId: owner.providerId })).status).toBe('connected');
    });

    it('answers 503 when Matterport cannot be reached to renew, and leaves the connection connected', async () => {
      const owner = await aProviderAdmin();
      await connect(owner);
      await expireAtBothEnds(owner.providerId, 'harbour-studio');
      const before = await rowOf(owner.providerId);
      // Identity as it would run with Matterport's token endpoint out of reach (nothing listens on port 9).
      const config = Object.assign(new IdentityConfig(), it_.service.config, {
        MATTERPORT_OAUTH_TOKEN_URL: 'http://127.0.0.1:9/matterport/oauth/token',
      });
      const logger = it_.service.app.get<Logger>(LOGGER);
      const cutOff = new MatterportService(
        it_.db,
        it_.service.app.get(EventBus),
        it_.service.app.get(MatterportRepository),
        new MatterportOAuth(config, logger),
        config,
        logger,
      );
      const refusal = await cutOff.accessToken({ providerId: owner.providerId }).then(
        () => null,
        (error: unknown) => error,
      );
      expect(refusal).toBeInstanceOf(ApiError);
      expect((refusal as ApiError).getStatus()).toBe(503);
      expect((refusal as ApiError).errors).toEqual({ base: [MATTERPORT_MESSAGES.unavailable] });
      expect(await rowOf(owner.providerId)).toEqual(before);
      expect((await connection(owner.admin)).status).toBe('connected');
      // Reachable again, the next request renews it.
      expect((await accessToken({ providerId: owner.providerId })).status).toBe('connected');
    });
  });

  it('disconnects: the tokens are gone, and other services get none', async () => {
    const owner = await aProviderAdmin();
    await connect(owner);
    const gone = await send(owner.admin, 'delete', CONNECTION);
    expect(gone.status).toBe(200);
    expect(gone.body).toEqual({
      data: { status: 'not_connected', account_name: null, connected_at: null, broken_reason: null },
    });
    expect(await rowOf(owner.providerId)).toBeUndefined();
    expect(await accessToken({ providerId: owner.providerId })).toEqual({
      status: 'not_connected',
      accessToken: null,
    });
    // Again: nothing to remove, the same answer.
    expect((await send(owner.admin, 'delete', CONNECTION)).body.data.status).toBe('not_connected');
  });

  it('lets the demo provider read the platform’s account until it connects its own, and says so to other services', async () => {
    const [{ id: providerId }] = (await it_.db.dataSource.query(
      "SELECT id FROM providers WHERE name = 'Demo Media'",
    )) as Array<{ id: string }>;
    const demo: ProviderAdmin = { providerId: providerId!, admin: await it_.signedIn('provider@demo.test') };
    const platform = { status: 'platform', account_name: null, connected_at: null, broken_reason: null };
    expect(await connection(demo.admin)).toEqual(platform);
    expect(await accessToken({ providerId: demo.providerId })).toEqual({
      status: 'platform',
      accessToken: null,
    });
    // Asked, like the providers from before connections, to connect its own.
    expect((await send(demo.admin, 'get', PROMPT)).body.data).toEqual({ show: true });

    await connect(demo, 'demo-scans');
    expect(await accessToken({ providerId: demo.providerId })).toMatchObject({ status: 'connected' });
    const gone = await send(demo.admin, 'delete', CONNECTION);
    expect(gone.body.data).toEqual(platform);

    const published = (await it_.db.dataSource.query(
      `SELECT envelope -> 'data' ->> 'status' AS status FROM outbox
        WHERE subject = 'identity.matterport.connection_changed.v1' AND envelope -> 'data' ->> 'provider_id' = $1
        ORDER BY created_at, id`,
      [demo.providerId],
    )) as Array<{ status: string }>;
    expect(published.map((event) => event.status)).toEqual(['connected', 'platform']);
  });

  it('answers other services’ malformed questions as not connected', async () => {
    expect(await accessToken({ providerId: 'not-a-uuid' })).toEqual({
      status: 'not_connected',
      accessToken: null,
    });
    expect(await accessToken({ providerId: randomUuid() })).toEqual({
      status: 'not_connected',
      accessToken: null,
    });
  });
});

function randomUuid(): string {
  const hex = randomBytes(16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-7${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20)}`;
}
