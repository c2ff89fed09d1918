import request from 'supertest';
import { DataSource } from 'typeorm';
import { BACKEND_SERVICES } from '@tourly/contracts';
import {
  createTestDatabase,
  createTestNamespace,
  testEnv,
  type TestDatabase,
} from '@tourly/platform/testing';
import { startPlatform, type RunningPlatform } from '../infra/launcher/src/platform';

/**
 * The whole platform as the launchers run it: every service and the gateway, one database server, events on
 * NATS JetStream (the shape of `npm run start:services`) or in-process (the all-in-one `npm start`).
 */
describe.each([
  ['NATS JetStream', true],
  ['in-process events', false],
])('the platform with %s', (_name, nats) => {
  let database: TestDatabase;
  let namespace: ReturnType<typeof createTestNamespace>;
  let platform: RunningPlatform;
  let http: ReturnType<typeof request>;

  beforeAll(async () => {
    database = await createTestDatabase();
    namespace = createTestNamespace();
    platform = await startPlatform(
      testEnv({ databaseUrl: database.url, namespace: namespace.namespace, nats }),
      'ephemeral',
    );
    http = request(platform.gateway.url);
  });

  afterAll(async () => {
    await platform.close();
    await database.drop();
    if (nats) await namespace.drop();
  });

  it('is healthy through the gateway, every service reporting', async () => {
    const response = await http.get('/healthz');
    expect(response.status).toBe(200);
    expect(Object.keys(response.body.info).sort()).toEqual([...BACKEND_SERVICES].sort());
  });

  it('is ready: each service has its database and events transport, and events leave its outbox', async () => {
    for (const service of BACKEND_SERVICES) {
      const response = await request(platform.services[service].url).get('/readyz');
      expect(response.body.info).toEqual({
        database: { status: 'up' },
        events: { status: 'up', transport: nats ? 'nats' : 'in-process' },
        outbox: { status: 'up', oldest_unsent_seconds: expect.any(Number), parked: 0, max_lag_seconds: 300 },
      });
    }
    expect((await http.get('/readyz')).status).toBe(200);
  });

  it('gives each service its own schema in the one database', async () => {
    const schemas = await platform.services.identity.app
      .get(DataSource)
      .query('SELECT schema_name FROM information_schema.schemata WHERE schema_name = ANY($1) ORDER BY 1', [
        [...BACKEND_SERVICES],
      ]);
    expect(schemas.map((row: { schema_name: string }) => row.schema_name)).toEqual(
      [...BACKEND_SERVICES].sort(),
    );
  });

  it('answers paths no service serves yet with 404 in the error shape, through the owning service', async () => {
    for (const path of [
      '/provider/billing/addons_subscription',
      '/provider/developers/webhooks_subscription',
      '/virtual_assistant/trueplan_orders.json',
      '/provider/bookings/42',
    ]) {
      const response = await http.get(path).set('accept', 'application/json');
      expect({ path, status: response.status, body: response.body }).toEqual({
        path,
        status: 404,
        body: { errors: { base: [`Cannot GET ${path}`] } },
      });
    }
  });

  it('merges every service into one OpenAPI document', async () => {
    const response = await http.get('/api/docs');
    expect(response.status).toBe(200);
    expect(response.body['x-unavailable-services']).toEqual([]);
  });
});
