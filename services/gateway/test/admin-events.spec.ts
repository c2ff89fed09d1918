import pino from 'pino';
import request from 'supertest';
import { RESOLVE_CREDENTIALS, type ResolveCredentialsRequest } from '@tourly/contracts';
import {
  ANONYMOUS,
  Database,
  NatsTransport,
  createEnvelope,
  encodeEnvelope,
  toCamelKeys,
  toSnakeKeys,
  type CallerIdentity,
  type DatabaseConfig,
} from '@tourly/platform';
import { requiredEnv, startTestService, widgetsFixture, type TestService } from '@tourly/platform/testing';
import { gateway, type GatewayConfig } from '@tourly/gateway';

/**
 * A service's parked events through the gateway: `/admin/events/<service>/**` reaches that service, for a
 * platform admin only. (The platform's own test covers parking, replay failures and the metric.)
 */
const PEOPLE: Record<string, CallerIdentity> = {
  'admin-token': { ...ANONYMOUS, userId: 'u-admin', staffRole: 'platform_admin' },
  'assistant-token': { ...ANONYMOUS, userId: 'u-va', staffRole: 'virtual_assistant' },
};

describe('gateway: parked events for platform admins', () => {
  let upstream: TestService<DatabaseConfig>;
  let front: TestService<GatewayConfig>;
  let identity: NatsTransport;
  const base = '/admin/events/identity/dead_letters';
  const as = (token: string) => ({ authorization: `Bearer ${token}`, accept: 'application/json' });

  beforeAll(async () => {
    upstream = await startTestService(widgetsFixture);
    // Stands in for identity's credential lookup: bearer tokens of an admin and an assistant.
    identity = new NatsTransport({
      url: requiredEnv('NATS_URL'),
      namespace: upstream.namespace,
      name: 'identity-stand-in',
      logger: pino({ level: 'silent' }),
    });
    await identity.start();
    await identity.serve(RESOLVE_CREDENTIALS, 'identity', async (data) => {
      const asked = toCamelKeys<ResolveCredentialsRequest>(JSON.parse(Buffer.from(data).toString('utf8')));
      const caller = ('accessToken' in asked && PEOPLE[asked.accessToken]) || null;
      return Buffer.from(JSON.stringify({ data: toSnakeKeys({ caller, csrfToken: null }) }));
    });
    front = await startTestService(gateway, {
      namespace: upstream.namespace,
      extra: {
        IDENTITY_URL: upstream.url,
        BILLING_URL: 'http://127.0.0.1:9',
        PROPERTIES_URL: 'http://127.0.0.1:9',
        ORDERS_URL: 'http://127.0.0.1:9',
      },
    });
  }, 60_000);

  afterAll(async () => {
    await front?.stop();
    await identity?.close();
    await upstream?.stop();
  });

  it('lists and replays a parked event of the owning service, once', async () => {
    const db = upstream.app.get(Database);
    // A widget event parked after its tries (as when its handler's dependency was down).
    const envelope = createEnvelope('identity.provider.created.v1', {
      providerId: 'p1',
      name: 'parked widget',
    });
    const [{ id }] = await db.dataSource.query(
      `INSERT INTO dead_letters (consumer, event_id, subject, envelope, error, attempts)
       VALUES ('identity__identity_provider_created_v1', $1, $2, $3, 'dependency down', 3) RETURNING id`,
      [envelope.id, envelope.type, JSON.stringify(encodeEnvelope(envelope))],
    );
    const listed = await request(front.url).get(base).set(as('admin-token'));
    expect(listed.status).toBe(200);
    expect(listed.body.data).toMatchObject({ total_count: 1, current_page: 1, total_pages: 1 });
    expect(listed.body.data.items[0]).toMatchObject({
      id: Number(id),
      event_id: envelope.id,
      error: 'dependency down',
      envelope: { data: { name: 'parked widget' } },
    });

    const replay = () =>
      request(front.url)
        .post(`${base}/replay`)
        .set(as('admin-token'))
        .send({ ids: [Number(id)] });
    const replayed = await replay();
    expect(replayed.status).toBe(200);
    expect(replayed.body.data).toEqual({
      results: [{ id: Number(id), outcome: 'replayed' }],
      still_parked: 0,
    });
    expect((await replay()).body.data.results).toEqual([{ id: Number(id), outcome: 'not_parked' }]);
    expect(
      await db.dataSource.query('SELECT widget_name FROM widget_audit WHERE event_id = $1', [envelope.id]),
    ).toEqual([{ widget_name: 'parked widget' }]);
  });

  it('documents both routes in the merged API document, the replay with its body', async () => {
    const { paths } = (await request(front.url).get('/api/docs')).body as {
      paths: Record<string, Record<string, { operationId?: string; requestBody?: unknown }>>;
    };
    expect(paths[base]?.get?.operationId).toBe('identityDeadLettersList');
    expect(paths[`${base}/replay`]?.post).toMatchObject({
      operationId: 'identityDeadLettersReplay',
      requestBody: expect.any(Object),
    });
  });

  it('refuses other staff (403) and anonymous callers (401)', async () => {
    const assistant = await request(front.url).get(base).set(as('assistant-token'));
    expect(assistant.status).toBe(403);
    expect(assistant.body.errors.base).toEqual([expect.any(String)]);
    const anonymous = await request(front.url).post(`${base}/replay`).set(as('nobody')).send({ all: true });
    expect(anonymous.status).toBe(401);
  });
});
