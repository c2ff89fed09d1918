import { mkdtempSync, mkdirSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { request as http_request } from 'node:http';
import path from 'node:path';
import request from 'supertest';
import { ANONYMOUS, BODY_TOO_LARGE, METRICS_TOKEN_REQUIRED, type DatabaseConfig } from '@tourly/platform';
import { startTestService, testTokens, widgetsFixture, type TestService } from '@tourly/platform/testing';
import { gateway, type GatewayConfig } from '@tourly/gateway';

/**
 * The gateway in front of a service built on the platform: the wire conventions, as a client sees them
 * through the one public entry. Orders points at a port where nothing listens.
 */
describe('gateway', () => {
  let upstream: TestService<DatabaseConfig>;
  let front: TestService<GatewayConfig>;
  let http: ReturnType<typeof request>;
  let webDist: string;

  beforeAll(async () => {
    webDist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(
      path.join(webDist, 'index.html'),
      '<html><head><title>app</title></head><body>app shell</body></html>',
    );
    writeFileSync(path.join(webDist, 'player.html'), '<html><head></head><body>player shell</body></html>');
    writeFileSync(path.join(webDist, 'assets', 'app-1234.js'), 'console.log("app")');
    upstream = await startTestService(widgetsFixture);
    front = await startTestService(gateway, {
      extra: {
        IDENTITY_URL: upstream.url,
        BILLING_URL: upstream.url,
        PROPERTIES_URL: upstream.url,
        ORDERS_URL: 'http://127.0.0.1:9',
        WEB_DIST: webDist,
        CAPTCHA_SITE_KEY: 'gateway-test-site-key',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_gateway',
      },
    });
    http = request(front.url);
  });

  afterAll(async () => {
    await front.stop();
    await upstream.stop();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('forwards to the owning service and back, with the request id and security headers', async () => {
    const response = await http
      .post('/v3_player_lead')
      .set('x-request-id', 'client-req-0001')
      .send({ first_name: 'Ada', email: ' ADA@Example.com ' });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ data: { received: { first_name: 'Ada', email: 'ada@example.com' } } });
    expect(response.headers['x-request-id']).toBe('client-req-0001');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('answers malformed JSON with 400 in the error shape', async () => {
    const response = await http
      .post('/v3_player_lead')
      .set('content-type', 'application/json')
      .send('{"first_name":');
    expect(response.status).toBe(400);
    expect(response.body.errors.base[0]).toMatch(/^The request body is not valid JSON/);
  });

  it('answers wrong types and missing fields with 422 per field', async () => {
    const response = await http.post('/v3_player_lead').send({ first_name: 42, email: 'not-an-email' });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      errors: { first_name: ['Required'], email: ['is not a valid email address'] },
    });
  });

  it('answers unknown routes with 404 in the error shape, its own and the services’', async () => {
    const nobodys = await http.get('/no/such/page').set('accept', 'application/json');
    expect(nobodys.status).toBe(404);
    expect(nobodys.body).toEqual({ errors: { base: ['Cannot GET /no/such/page'] } });
    const servicesOwn = await http.get('/provider/no-such-thing');
    expect(servicesOwn.status).toBe(404);
    expect(servicesOwn.body).toEqual({ errors: { base: ['Cannot GET /provider/no-such-thing'] } });
  });

  it('forwards anonymous callers, whom the services refuse on protected routes', async () => {
    const response = await http.get('/provider/widgets');
    expect(response.status).toBe(401);
    expect(response.body).toEqual({
      errors: { base: ['You need to sign in or sign up before continuing.'] },
    });
  });

  it('drops an internal token sent by a client: a forged identity gets nowhere', async () => {
    const forged = testTokens.sign({ ...ANONYMOUS, userId: 'u1', role: 'admin', providerId: 'p1' });
    const response = await http.get('/provider/whoami').set('x-internal-token', forged);
    expect(response.status).toBe(401);
  });

  it('refuses a body over the largest upload at the edge, in the spec’s words, without reading it', async () => {
    const response = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const raw = http_request(`${front.url}/provider/temporary_uploads.json`, {
        method: 'POST',
        headers: {
          'content-type': 'multipart/form-data; boundary=x',
          'content-length': String(1024e5 + 2 * 1024 * 1024),
        },
      });
      raw.on('response', (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      raw.on('error', reject);
      raw.write(Buffer.alloc(64 * 1024));
    });
    expect(response.status).toBe(413);
    expect(JSON.parse(response.body)).toEqual({
      errors: { base: ['Uploaded file must be less than 100MB'] },
    });
  });

  it('answers a JSON body over the services’ limit with 413 in the error shape and closes the connection', async () => {
    const body = JSON.stringify({ first_name: 'x'.repeat(2 * 1024 * 1024), email: 'a@b.test' });
    const response = await rawExchange(`${front.url}/v3_player_lead`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
      body,
    });
    expect(response.status).toBe(413);
    expect(JSON.parse(response.body)).toEqual({ errors: { base: [BODY_TOO_LARGE] } });
    expect(response.socketClosed).toBe(true);
  });

  it('answers a chunked JSON body that grows past the limit with 413, never leaving the socket open', async () => {
    const chunk = JSON.stringify({ first_name: 'x'.repeat(1024 * 1024) });
    const response = await rawExchange(`${front.url}/v3_player_lead`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      body: chunk + chunk,
    });
    expect(response.status).toBe(413);
    expect(JSON.parse(response.body)).toEqual({ errors: { base: [BODY_TOO_LARGE] } });
    expect(response.socketClosed).toBe(true);
  });

  it('honours Expect: 100-continue (curl sends it for bodies over 1 MB)', async () => {
    const body = JSON.stringify({ first_name: 'Ada', email: 'ada@example.com' });
    const response = await rawExchange(`${front.url}/v3_player_lead`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
        expect: '100-continue',
      },
      body,
      waitForContinue: true,
    });
    expect(response.continued).toBe(true);
    expect(response.status).toBe(201);
    expect(JSON.parse(response.body)).toEqual({
      data: { received: { first_name: 'Ada', email: 'ada@example.com' } },
    });
  });

  it('answers 503 with what to do when the owning service does not answer', async () => {
    const response = await http.get('/virtual_assistant/floorplan_orders/new_index.json');
    expect(response.status).toBe(503);
    expect(response.body).toEqual({
      errors: { base: ['The orders service is not available right now. Please try again in a moment.'] },
    });
  });

  it('serves the web app to browsers with the captcha and Stripe settings, the player embeddable, assets cacheable', async () => {
    const page = await http.get('/provider/properties').set('accept', 'text/html,application/xhtml+xml');
    expect(page.status).toBe(200);
    expect(page.text).toContain('app shell');
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    // The captcha the sign-up page loads: the configured key, Google's script by default, allowed by the CSP.
    expect(page.text).toContain('<meta name="captcha-site-key" content="gateway-test-site-key">');
    expect(page.text).toContain(
      '<meta name="captcha-script-url" content="https://www.google.com/recaptcha/api.js">',
    );
    expect(page.headers['content-security-policy']).toContain('https://www.gstatic.com/recaptcha/');
    // Stripe.js for the billing pages: the configured key, Stripe's script by default, allowed by the CSP.
    expect(page.text).toContain('<meta name="stripe-publishable-key" content="pk_test_gateway">');
    expect(page.text).toContain('<meta name="stripe-js-url" content="https://js.stripe.com/v3">');
    expect(page.headers['content-security-policy']).toContain('https://hooks.stripe.com');
    const player = await http.get('/tours/demo-media/abc123').set('accept', 'text/html');
    expect(player.text).toContain('player shell');
    expect(player.headers['x-frame-options']).toBeUndefined();
    expect(player.headers['content-security-policy']).toContain('frame-ancestors *');
    // A link to a file the API serves, followed by a browser (which asks for HTML too): the file, not the app.
    const download = await http
      .get('/provider/properties/p1/documents/download.zip')
      .set('accept', 'text/html,application/xhtml+xml');
    expect(download.text).not.toContain('app shell');
    expect(download.headers['content-type']).toContain('application/json');
    const asset = await http.get('/assets/app-1234.js');
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('reports each service in its health, and 503 when one is down', async () => {
    const response = await http.get('/healthz');
    expect(response.status).toBe(503);
    expect(response.body.info).toMatchObject({ identity: { status: 'up' }, properties: { status: 'up' } });
    expect(response.body.error).toHaveProperty('orders');
  });

  it('stays ready for its balancer with a service down: the other services are still reached through it', async () => {
    const response = await http.get('/readyz');
    expect(response.status).toBe(200);
    expect(response.body.info).toEqual({ events: expect.objectContaining({ status: 'up' }) });
  });

  it('publishes one OpenAPI document merged from the services, naming those it could not reach', async () => {
    const response = await http.get('/api/docs');
    expect(response.status).toBe(200);
    expect(response.body.paths).toHaveProperty('/v3_player_lead');
    expect(response.body.components.schemas).toHaveProperty(['identity.LeadForm']);
    expect(response.body['x-unavailable-services']).toEqual(['orders']);
  });

  it('does not serve its /metrics to the public: without METRICS_TOKEN, not at all', async () => {
    const response = await http.get('/metrics');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ errors: { base: ['Cannot GET /metrics'] } });
    // The services behind it serve theirs on their own ports, which are not public.
    expect((await request(upstream.url).get('/metrics')).text).toContain('http_request_duration_seconds');
  });
});

/**
 * With METRICS_TOKEN, Prometheus scrapes the gateway's /metrics (and every service's) with that bearer token, and
 * nobody else does.
 */
describe('gateway metrics behind METRICS_TOKEN', () => {
  const token = 'metrics-token-of-at-least-32-characters';
  let upstream: TestService<DatabaseConfig>;
  let front: TestService<GatewayConfig>;

  beforeAll(async () => {
    upstream = await startTestService(widgetsFixture, { extra: { METRICS_TOKEN: token } });
    front = await startTestService(gateway, {
      extra: {
        IDENTITY_URL: upstream.url,
        BILLING_URL: upstream.url,
        PROPERTIES_URL: upstream.url,
        ORDERS_URL: upstream.url,
        METRICS_TOKEN: token,
      },
    });
  });
  afterAll(async () => {
    await front?.stop();
    await upstream?.stop();
  });

  it.each([
    ['without a token', undefined],
    ['with another token', 'Bearer not-the-metrics-token-but-as-long-as-it'],
    ['with the token but not as a bearer', token],
  ])('refuses a scrape %s, the gateway’s and a service’s alike', async (_how, authorization) => {
    for (const url of [front.url, upstream.url]) {
      const scrape = request(url).get('/metrics');
      const response = await (authorization ? scrape.set('authorization', authorization) : scrape);
      expect({ url, status: response.status, body: response.body }).toEqual({
        url,
        status: 401,
        body: { errors: { base: [METRICS_TOKEN_REQUIRED] } },
      });
      expect(response.headers['www-authenticate']).toBe('Bearer');
    }
  });

  it('serves the metrics to the bearer of the token', async () => {
    for (const url of [front.url, upstream.url]) {
      const response = await request(url).get('/metrics').set('authorization', `Bearer ${token}`);
      expect(response.status).toBe(200);
      expect(response.text).toContain('http_request_duration_seconds');
    }
  });
});

interface RawAnswer {
  status: number;
  body: string;
  continued: boolean;
  socketClosed: boolean;
}

/**
 * One request over a fresh socket, as curl would send it: the answer, whether a 100 Continue came first, and
 * whether the gateway closed the socket afterwards (within a few seconds, never left open).
 */
function rawExchange(
  url: string,
  options: { method: string; headers: Record<string, string>; body: string; waitForContinue?: boolean },
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    let continued = false;
    const outgoing = http_request(url, { method: options.method, headers: options.headers, agent: false });
    outgoing.on('continue', () => {
      continued = true;
      outgoing.end(options.body);
    });
    outgoing.on('response', (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => {
        const socket = outgoing.socket;
        const answer = (socketClosed: boolean) =>
          resolve({ status: res.statusCode ?? 0, body, continued, socketClosed });
        if (!socket || socket.destroyed) return answer(true);
        const timer = setTimeout(() => answer(false), 5_000);
        socket.once('close', () => {
          clearTimeout(timer);
          answer(true);
        });
        // Without keep-alive the client closes its side too, unless the server keeps the socket half-open.
        if (res.headers.connection !== 'close') socket.end();
      });
    });
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EPIPE' || error.code === 'ECONNRESET') return;
      reject(error);
    });
    if (!options.waitForContinue) outgoing.end(options.body);
  });
}
