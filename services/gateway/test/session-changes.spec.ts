import request from 'supertest';
import { SESSION_COOKIE } from '@tourly/contracts';
import { Database, uuidv7, type DatabaseConfig } from '@tourly/platform';
import { startTestService, widgetsFixture, type TestService } from '@tourly/platform/testing';
import { gateway, type GatewayConfig } from '@tourly/gateway';
import { DEMO_PASSWORD, identity, seedDemoData, type IdentityConfig } from '@tourly/identity';

/**
 * Two gateway replicas behind a load balancer that sends each request to either: a change to a session made
 * through one (switching provider, signing out) holds through the other at once, although each keeps what
 * identity resolved for a while (2 s).
 */
describe('a session changed through one gateway replica', () => {
  let accounts: TestService<IdentityConfig>;
  let upstream: TestService<DatabaseConfig>;
  let fronts: Array<TestService<GatewayConfig>> = [];
  let one: ReturnType<typeof request>;
  let two: ReturnType<typeof request>;
  let harbour: string;

  beforeAll(async () => {
    accounts = await startTestService(identity);
    upstream = await startTestService(widgetsFixture);
    await seedDemoData(accounts);
    harbour = uuidv7();
    const db = accounts.app.get(Database).dataSource;
    await db.query(`INSERT INTO providers (id, name) VALUES ($1, 'Harbour Photography')`, [harbour]);
    await db.query(
      `INSERT INTO memberships (user_id, provider_id, role)
       SELECT id, $1, 'member' FROM users WHERE email = 'provider@demo.test'`,
      [harbour],
    );
    const aGateway = () =>
      startTestService(gateway, {
        namespace: accounts.namespace,
        extra: {
          IDENTITY_URL: accounts.url,
          BILLING_URL: upstream.url,
          PROPERTIES_URL: upstream.url,
          ORDERS_URL: upstream.url,
          CREDENTIAL_RATE_LIMIT: '100000',
        },
      });
    fronts = await Promise.all([aGateway(), aGateway()]);
    [one, two] = fronts.map((front) => request(front.url));
  });
  afterAll(async () => {
    await Promise.all(fronts.map((front) => front.stop()));
    await upstream?.stop();
    await accounts?.stop();
  });

  async function signedIn(): Promise<{ cookie: string; csrfToken: string }> {
    const response = await one
      .post('/users/sign_in')
      .send({ user: { email: 'provider@demo.test', password: DEMO_PASSWORD } });
    expect(response.status).toBe(200);
    const cookie = ([] as string[])
      .concat(response.headers['set-cookie'] ?? [])
      .find((value) => value.startsWith(`${SESSION_COOKIE}=`))!
      .split(';')[0]!;
    return { cookie, csrfToken: response.body.data.csrf_token };
  }

  it('switching provider through one replica: the next request through the other is in the new provider', async () => {
    const { cookie, csrfToken } = await signedIn();
    // The other replica resolves the session now, and would keep that answer.
    const before = await two.get('/users/me').set('cookie', cookie);
    expect(before.body.data).toMatchObject({ role: 'admin' });
    expect(before.body.data.provider_id).not.toBe(harbour);

    const switched = await one
      .post('/provider/access/change_current_provider.json')
      .set('cookie', cookie)
      .set('x-csrf-token', csrfToken)
      .send({ provider_id: harbour });
    expect(switched.status).toBe(200);

    const after = await two.get('/users/me').set('cookie', cookie);
    expect(after.body.data).toMatchObject({ provider_id: harbour, role: 'member' });
  });

  it('signing out through one replica: the session opens nothing through the other', async () => {
    const { cookie, csrfToken } = await signedIn();
    expect((await two.get('/users/me').set('cookie', cookie)).status).toBe(200);

    const signedOut = await one
      .delete('/users/sign_out')
      .set('cookie', cookie)
      .set('x-csrf-token', csrfToken);
    expect(signedOut.status).toBeLessThan(300);

    expect((await two.get('/users/me').set('cookie', cookie)).status).toBe(401);
  });
});
