import request from 'supertest';
import type { DatabaseConfig } from '@tourly/platform';
import { startTestService, widgetsFixture, type TestService } from '@tourly/platform/testing';
import { gateway, type GatewayConfig } from '@tourly/gateway';

const REFUSED = {
  errors: {
    base: ['This request came from another site, so it was refused. Please try again from this site.'],
  },
};

/**
 * Unsafe requests sent by another site's page are refused at the edge on every route, before any service
 * is asked (login CSRF: a form on evil.example posting to /users/sign_in), while the site's own pages and
 * clients that say nothing about their origin go on (API clients with tokens or keys: identity's suites).
 */
describe('cross-site requests', () => {
  let upstream: TestService<DatabaseConfig>;
  let front: TestService<GatewayConfig>;
  let http: ReturnType<typeof request>;
  let own: string;

  beforeAll(async () => {
    upstream = await startTestService(widgetsFixture);
    front = await startTestService(gateway, {
      extra: {
        IDENTITY_URL: upstream.url,
        BILLING_URL: upstream.url,
        PROPERTIES_URL: upstream.url,
        ORDERS_URL: upstream.url,
      },
    });
    http = request(front.url);
    own = new URL(front.url).origin;
  });
  afterAll(async () => {
    await front.stop();
    await upstream.stop();
  });

  const formPost = (path: string) =>
    http.post(path).type('form').send('user[email]=attacker@evil.example&user[password]=secret-secret');

  it('refuses a form another site posts to sign in, sign up or reset a password, whatever says so', async () => {
    for (const path of ['/users/sign_in', '/sign_up', '/users/password']) {
      const byFetchSite = await formPost(path).set('sec-fetch-site', 'cross-site');
      const byOrigin = await formPost(path).set('origin', 'https://evil.example');
      const byNullOrigin = await formPost(path).set('origin', 'null');
      const byReferer = await formPost(path).set('referer', 'https://evil.example/login-csrf.html');
      const bySibling = await formPost(path).set('sec-fetch-site', 'same-site');
      for (const response of [byFetchSite, byOrigin, byNullOrigin, byReferer, bySibling]) {
        expect(response.status).toBe(403);
        expect(response.body).toEqual(REFUSED);
      }
    }
    // Other unsafe methods and routes alike; an origin on another port is another origin.
    const put = await http.put('/users/password').set('origin', 'http://127.0.0.1:1').send({});
    expect(put.status).toBe(403);
    const lead = await http
      .post('/v3_player_lead')
      .set('sec-fetch-site', 'cross-site')
      .send({ email: 'a@b.co' });
    expect(lead.status).toBe(403);
    // A cross-site header never outweighs a same-origin Sec-Fetch-Site the other way round either.
    const mixed = await http
      .post('/v3_player_lead')
      .set('sec-fetch-site', 'cross-site')
      .set('origin', own)
      .send({ email: 'a@b.co' });
    expect(mixed.status).toBe(403);
  });

  it('lets the site’s own pages, API clients and clients that name no origin through', async () => {
    const lead = { first_name: 'Ada', email: 'ada@example.com' };
    const answered = { data: { received: lead } };
    const sameOrigin = await http
      .post('/v3_player_lead')
      .set('sec-fetch-site', 'same-origin')
      .set('origin', own)
      .send(lead);
    expect(sameOrigin.status).toBe(201);
    expect(sameOrigin.body).toEqual(answered);
    const originOnly = await http.post('/v3_player_lead').set('origin', own).send(lead);
    expect(originOnly.status).toBe(201);
    const refererOnly = await http.post('/v3_player_lead').set('referer', `${own}/tours/x`).send(lead);
    expect(refererOnly.status).toBe(201);
    // curl, a server-side integration, the Stripe webhook: no Origin, no Sec-Fetch-Site.
    const silent = await http.post('/v3_player_lead').send(lead);
    expect(silent.status).toBe(201);
    // Safe methods are never refused.
    expect((await http.get('/provider/widgets').set('sec-fetch-site', 'cross-site')).status).toBe(401);
  });
});
