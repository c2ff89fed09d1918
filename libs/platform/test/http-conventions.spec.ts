import request from 'supertest';
import {
  answerSchema,
  internalHeaders,
  startTestService,
  testTokens,
  widgetsFixture,
  type TestService,
} from '@tourly/platform/testing';
import { ANONYMOUS, UNSTORABLE_TEXT, type DatabaseConfig } from '@tourly/platform';

const providerAdmin = { userId: 'u1', role: 'admin' as const, providerId: 'p1' };
const otherProvider = { userId: 'u2', role: 'admin' as const, providerId: 'p2' };

describe('HTTP conventions of every service', () => {
  let service: TestService<DatabaseConfig>;
  let http: ReturnType<typeof request>;

  beforeAll(async () => {
    service = await startTestService(widgetsFixture);
    http = request(service.url);
  });
  afterAll(() => service.stop());

  it('wraps answers in {data} with snake_case keys and echoes the request id', async () => {
    const response = await http.get('/public/ping').set('x-request-id', 'req-12345678');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ data: { pong: true, nested_value: { some_key: 1 } } });
    expect(response.headers['x-request-id']).toBe('req-12345678');
  });

  it('reads snake_case bodies and answers the paged shape, filtered to the caller’s provider', async () => {
    const created = await http
      .post('/provider/widgets')
      .set(internalHeaders(providerAdmin))
      .send({ name: '  Lamp  ', price_cents: 1995 });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ name: 'Lamp', price_cents: 1995 });
    await http
      .post('/provider/widgets')
      .set(internalHeaders(otherProvider))
      .send({ name: 'Other', price_cents: 1 });

    const list = await http.get('/provider/widgets?page=1&page_size=10').set(internalHeaders(providerAdmin));
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual({
      items: [{ id: created.body.data.id, name: 'Lamp', price_cents: 1995 }],
      current_page: 1,
      total_pages: 1,
      total_count: 1,
    });
  });

  it('answers malformed JSON with 400 in the error shape', async () => {
    const response = await http
      .post('/provider/widgets')
      .set(internalHeaders(providerAdmin))
      .set('content-type', 'application/json')
      .send('{"name": "Lamp",');
    expect(response.status).toBe(400);
    expect(response.body.errors.base[0]).toMatch(/^The request body is not valid JSON/);
  });

  it('answers wrong types and missing fields with 422 per snake_case field, in the spec’s words', async () => {
    const response = await http
      .post('/provider/widgets')
      .set(internalHeaders(providerAdmin))
      .send({ name: '   ', price_cents: 'lots', size: 'huge' });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      errors: {
        name: ['Required'],
        price_cents: ['must be a whole number of cents'],
        size: ['must be one of: small, large'],
      },
    });
  });

  it('refuses an array, text or null where an object belongs, with 422 on that field', async () => {
    for (const dimensions of [[], 'wide', 7, [{ width_cm: 1 }]]) {
      const response = await http
        .post('/provider/widgets')
        .set(internalHeaders(providerAdmin))
        .send({ name: 'Lamp', price_cents: 1, dimensions });
      expect(response.status).toBe(422);
      expect(response.body).toEqual({ errors: { dimensions: [expect.any(String)] } });
    }
    const nested = await http
      .post('/provider/widgets')
      .set(internalHeaders(providerAdmin))
      .send({ name: 'Lamp', price_cents: 1, dimensions: { width_cm: -1 } });
    expect(nested.body).toEqual({ errors: { 'dimensions.width_cm': ['must not be negative'] } });
  });

  it('refuses text that cannot be stored (NUL, half a surrogate pair) anywhere, naming the field, storing nothing', async () => {
    const before = await http.get('/provider/widgets').set(internalHeaders(providerAdmin));
    for (const name of ['ab\u0000cd', 'a\ud800', '\udc00b']) {
      const response = await http
        .post('/provider/widgets')
        .set(internalHeaders(providerAdmin))
        .set('content-type', 'application/json')
        .send(JSON.stringify({ name, price_cents: 1 }));
      expect(response.status).toBe(422);
      expect(response.body).toEqual({ errors: { name: [UNSTORABLE_TEXT] } });
    }
    const inKey = await http
      .post('/provider/widgets')
      .set(internalHeaders(providerAdmin))
      .set('content-type', 'application/json')
      .send(JSON.stringify({ name: 'Lamp', price_cents: 1, dimensions: { 'x\u0000': 1 } }));
    expect(inKey.status).toBe(422);
    const inPath = await http.get('/public/echo/%00').set(internalHeaders(providerAdmin));
    expect(inPath.status).toBe(422);
    expect(inPath.body).toEqual({ errors: { word: [UNSTORABLE_TEXT] } });
    const inQuery = await http.get('/provider/widgets?page=%00').set(internalHeaders(providerAdmin));
    expect(inQuery.status).toBe(422);
    expect(inQuery.body).toEqual({ errors: { page: [UNSTORABLE_TEXT] } });
    // A well-formed pair (an emoji) is text like any other.
    const emoji = await http
      .post('/provider/widgets')
      .set(internalHeaders(providerAdmin))
      .send({ name: 'Lamp \u{1F4A1}', price_cents: 1 });
    expect(emoji.status).toBe(201);
    const after = await http.get('/provider/widgets').set(internalHeaders(providerAdmin));
    expect(after.body.data.total_count).toBe(before.body.data.total_count + 1);
  });

  it('bounds paging: a page past any list is a 422, not a database error', async () => {
    for (const page of ['99999999999999999999', '1000001', '1e400']) {
      const response = await http.get(`/provider/widgets?page=${page}`).set(internalHeaders(providerAdmin));
      expect(response.status).toBe(422);
      expect(response.body.errors).toHaveProperty('page');
    }
    const last = await http.get('/provider/widgets?page=1000000').set(internalHeaders(providerAdmin));
    expect(last.status).toBe(200);
    expect(last.body.data.items).toEqual([]);
  });

  it('answers what Node refuses before any route (a URL over 16 KB) in the error shape too', async () => {
    const hugeUrl = await http.get(`/provider/widgets?search=${'a'.repeat(20_000)}`);
    expect(hugeUrl.status).toBe(431);
    expect(hugeUrl.body).toEqual({
      errors: { base: ['The request’s headers or address are too long (at most 16 KB).'] },
    });
  });

  it('validates query parameters too', async () => {
    const response = await http
      .get('/provider/widgets?page=0&page_size=abc')
      .set(internalHeaders(providerAdmin));
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({
      page: ['must be at least 1'],
      page_size: ['must be a whole number'],
    });
  });

  it('answers an unknown route with 404 in the error shape', async () => {
    const response = await http.get('/provider/no-such-thing');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ errors: { base: ['Cannot GET /provider/no-such-thing'] } });
  });

  it('refuses requests without a valid internal token: missing, forged, expired, anonymous', async () => {
    const forged = testTokens
      .sign({ ...ANONYMOUS, ...providerAdmin })
      .replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    const expired = testTokens.sign({ ...ANONYMOUS, ...providerAdmin }, Math.floor(Date.now() / 1000) - 3600);
    for (const headers of [
      {},
      { 'x-internal-token': forged },
      { 'x-internal-token': expired },
      internalHeaders(),
    ]) {
      const response = await http.get('/provider/widgets').set(headers);
      expect(response.status).toBe(401);
      expect(response.body).toEqual({
        errors: { base: ['You need to sign in or sign up before continuing.'] },
      });
    }
  });

  it('refuses a role the route does not allow with 403', async () => {
    const response = await http
      .post('/provider/widgets')
      .set(internalHeaders({ userId: 'u3', role: 'client_user', providerId: 'p1' }))
      .send({ name: 'Lamp', price_cents: 1 });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ errors: { base: ['You are not allowed to do this.'] } });
  });

  it('keeps a client user out of the provider workspace, even where a route names no roles, and in its portal', async () => {
    const clientUser = internalHeaders({
      userId: 'u5',
      role: 'client_user',
      providerId: 'p1',
      clientId: 'c1',
    });
    // GET /provider/widgets names no roles: any signed-in caller with a provider reads it, but a client user.
    const workspace = await http.get('/provider/widgets').set(clientUser);
    expect({ status: workspace.status, body: workspace.body }).toEqual({
      status: 403,
      body: { errors: { base: ['You are not allowed to do this.'] } },
    });
    const portal = await http.get('/portal/whoami').set(clientUser);
    expect({ status: portal.status, body: portal.body }).toEqual({
      status: 200,
      body: { data: { provider_id: 'p1', client_id: 'c1' } },
    });
    // The portal is a client user's with its client: not a provider's admin, not a client user without a client.
    expect((await http.get('/portal/whoami').set(internalHeaders(providerAdmin))).status).toBe(403);
    const noClient = internalHeaders({ userId: 'u6', role: 'client_user', providerId: 'p1' });
    expect((await http.get('/portal/whoami').set(noClient)).status).toBe(403);
  });

  it('lets a member read and nothing more: its changes are refused, a declared read is not', async () => {
    const member = internalHeaders({ userId: 'u4', role: 'member', providerId: 'p1' });
    const refused = await http.post('/provider/widgets').set(member).send({ name: 'Lamp', price_cents: 1 });
    expect({ status: refused.status, body: refused.body }).toEqual({
      status: 403,
      body: { errors: { base: ['You are not allowed to do this.'] } },
    });
    expect((await http.post('/provider/widgets/quote').set(member)).status).toBe(200);
    expect((await http.get('/provider/widgets').set(member)).status).toBe(200);
    const admin = await http
      .post('/provider/widgets')
      .set(internalHeaders(providerAdmin))
      .send({ name: 'Lamp', price_cents: 1 });
    expect(admin.status).toBe(201);
  });

  it('keeps an impersonating admin away from what only the provider may do', async () => {
    const asProvider = await http.post('/provider/widgets/rotate_secret').set(internalHeaders(providerAdmin));
    expect(asProvider.status).toBe(201);
    const impersonating = await http
      .post('/provider/widgets/rotate_secret')
      .set(internalHeaders({ ...providerAdmin, impersonatorId: 'admin-7' }));
    expect(impersonating.status).toBe(403);
    expect(impersonating.body).toEqual({
      errors: { base: ['An administrator impersonating a provider cannot do this.'] },
    });
  });

  it('exposes the verified caller, including the impersonating admin', async () => {
    const response = await http
      .get('/provider/whoami')
      .set(internalHeaders({ ...providerAdmin, impersonatorId: 'admin-7' }));
    expect(response.body.data).toMatchObject({
      user_id: 'u1',
      provider_id: 'p1',
      impersonator_id: 'admin-7',
    });
  });

  it('hides internal errors behind a 500 with a reference, never the detail', async () => {
    const response = await http.get('/public/boom').set('x-request-id', 'ref-00000042');
    expect(response.status).toBe(500);
    expect(response.body.errors.base[0]).toContain('ref-00000042');
    expect(JSON.stringify(response.body)).not.toContain('secret internal detail');
  });

  it('serves health, readiness, metrics and its OpenAPI document in snake_case', async () => {
    expect((await http.get('/healthz')).body).toMatchObject({ status: 'ok' });
    expect((await http.get('/readyz')).body).toMatchObject({
      status: 'ok',
      info: { database: { status: 'up' }, events: { status: 'up', transport: 'nats' } },
    });
    expect((await http.get('/metrics')).text).toContain('http_request_duration_seconds_bucket');
    const openApi = (await http.get('/openapi.json')).body;
    expect(openApi.components.schemas.CreateWidget.properties).toHaveProperty('price_cents');
  });

  it('shows each declared answer in the document, in {data} under the route’s own success status', async () => {
    const openApi = (await http.get('/openapi.json')).body;
    const widgets = openApi.paths['/provider/widgets'];
    expect(answerSchema(widgets.get, '200')).toEqual({
      type: 'object',
      required: ['data'],
      properties: {
        data: {
          type: 'object',
          required: ['items', 'current_page', 'total_pages', 'total_count'],
          properties: {
            items: { type: 'array', items: { $ref: '#/components/schemas/WidgetResponse' } },
            current_page: { type: 'integer', minimum: 1 },
            total_pages: { type: 'integer', minimum: 0 },
            total_count: { type: 'integer', minimum: 0 },
          },
        },
      },
    });
    // A POST without @HttpCode answers 201: the declared answer goes there.
    expect(answerSchema(widgets.post, '201')).toEqual({
      type: 'object',
      required: ['data'],
      properties: { data: { $ref: '#/components/schemas/WidgetResponse' } },
    });
    expect(openApi.components.schemas.WidgetResponse.properties).toHaveProperty('price_cents');
    // What the route answers matches what the document says.
    const created = await http
      .post('/provider/widgets')
      .set(internalHeaders(providerAdmin))
      .send({ name: 'x', price_cents: 1 });
    expect(Object.keys(created.body.data).sort()).toEqual(
      Object.keys(openApi.components.schemas.WidgetResponse.properties).sort(),
    );
  });

  it('turns request-reply answers, remote 4xx and absent responders into API answers', async () => {
    expect((await http.get('/public/ask?word=hi')).body).toEqual({ data: { echoed: 'HI' } });
    const invalid = await http.get('/public/ask');
    expect(invalid.status).toBe(422);
    expect(invalid.body).toEqual({ errors: { some_word: ['Required'] } });
    const slow = await http.get('/public/ask_slow');
    expect(slow.status).toBe(503);
    expect(slow.body.errors.base[0]).toBe(
      'The identity service did not answer in time. Please try again in a moment.',
    );
    const nobody = await http.get('/public/ask_nobody');
    expect(nobody.status).toBe(503);
    expect(nobody.body.errors.base[0]).toBe(
      'The identity service is not available right now. Please try again in a moment.',
    );
  });
});
