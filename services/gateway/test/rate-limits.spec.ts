import request from 'supertest';
import { startTestService, widgetsFixture, type TestService } from '@tourly/platform/testing';
import type { DatabaseConfig } from '@tourly/platform';
import { gateway, type GatewayConfig } from '@tourly/gateway';
import { identity, type IdentityConfig } from '@tourly/identity';

/**
 * Credential endpoints are limited per client address, at the edge, with counts every gateway replica
 * shares (kept in identity's database, asked over request-reply).
 */
describe('credential rate limit', () => {
  let accounts: TestService<IdentityConfig>;
  let upstream: TestService<DatabaseConfig>;
  const fronts: Array<TestService<GatewayConfig>> = [];

  beforeAll(async () => {
    accounts = await startTestService(identity);
    upstream = await startTestService(widgetsFixture);
  });
  afterAll(async () => {
    await Promise.all(fronts.map((front) => front.stop()));
    await upstream.stop();
    await accounts.stop();
  });

  async function aGateway(trustedProxies: string) {
    const front = await startTestService(gateway, {
      namespace: accounts.namespace,
      extra: {
        IDENTITY_URL: accounts.url,
        BILLING_URL: upstream.url,
        PROPERTIES_URL: upstream.url,
        ORDERS_URL: upstream.url,
        CREDENTIAL_RATE_LIMIT: '3',
        TRUSTED_PROXIES: trustedProxies,
      },
    });
    fronts.push(front);
    return request(front.url);
  }
  const signIn = (http: ReturnType<typeof request>, email: string, forwardedFor?: string) => {
    const call = http.post('/users/sign_in').send({ user: { email, password: 'wrong' } });
    return forwardedFor ? call.set('x-forwarded-for', forwardedFor) : call;
  };

  it('refuses an address past the limit across accounts, with when to retry, and an address cannot disguise itself', async () => {
    const http = await aGateway('10.9.9.9');
    for (const email of ['a@x.co', 'b@x.co', 'c@x.co']) {
      expect((await signIn(http, email)).status).toBe(401);
    }
    const fourth = await signIn(http, 'd@x.co');
    expect(fourth.status).toBe(429);
    expect(fourth.body).toEqual({
      errors: { base: ['Too many attempts from your network. Please wait a minute and try again.'] },
    });
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(fourth.headers['retry-after'])).toBeLessThanOrEqual(60);
    // The client is not a trusted proxy: what it claims about its address is not believed.
    expect((await signIn(http, 'e@x.co', '203.0.113.7')).status).toBe(429);
    expect((await http.post('/oauth/token').send({ grant_type: 'password' })).status).toBe(429);
    // Everything else goes on.
    expect((await http.get('/provider/widgets')).status).toBe(401);
  });

  it('counts each client behind a trusted proxy by the address the proxy reports', async () => {
    const http = await aGateway('127.0.0.1,::1');
    for (let attempt = 0; attempt < 3; attempt += 1) await signIn(http, 'a@x.co', '198.51.100.1');
    expect((await signIn(http, 'a@x.co', '198.51.100.1')).status).toBe(429);
    expect((await signIn(http, 'a@x.co', '198.51.100.2')).status).not.toBe(429);
  });

  it('counts an IPv6 client by its /64, so the addresses of one network share one count', async () => {
    const http = await aGateway('127.0.0.1,::1');
    for (const [email, host] of [
      ['a@x.co', '1'],
      ['b@x.co', '2'],
      ['c@x.co', 'abcd:1'],
    ]) {
      expect((await signIn(http, email, `2001:db8:77:1::${host}`)).status).toBe(401);
    }
    expect((await signIn(http, 'd@x.co', '2001:db8:77:1:ffff:ffff:ffff:ffff')).status).toBe(429);
    expect((await signIn(http, 'd@x.co', '2001:db8:77:2::1')).status).toBe(401);
  });

  it('shares the count between gateway replicas: two gateways give an address the limit once, not twice', async () => {
    const [one, two] = await Promise.all([aGateway('127.0.0.1,::1'), aGateway('127.0.0.1,::1')]);
    expect((await signIn(one, 'a@x.co', '198.51.100.9')).status).toBe(401);
    expect((await signIn(two, 'b@x.co', '198.51.100.9')).status).toBe(401);
    expect((await signIn(one, 'c@x.co', '198.51.100.9')).status).toBe(401);
    expect((await signIn(two, 'd@x.co', '198.51.100.9')).status).toBe(429);
    expect((await signIn(one, 'e@x.co', '198.51.100.9')).status).toBe(429);
  });
});
