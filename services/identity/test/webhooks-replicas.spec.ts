import request from 'supertest';
import { Database, startService, type RunningService } from '@tourly/platform';
import {
  createTestDatabase,
  createTestNamespace,
  eventually,
  internalHeaders,
  testEnv,
  type TestDatabase,
} from '@tourly/platform/testing';
import { identity, seedDemoData } from '@tourly/identity';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/support/webhook-receiver';

const BASE = '/provider/developers/webhooks_subscription';
const EVENTS = 60;
const PER_ENDPOINT = 2;

/**
 * Two replicas of identity on one database and stream, both dispatching: each delivery is attempted by one of
 * them (every webhook-id arrives once), and the endpoint's concurrency limit holds across both.
 */
describe('webhook dispatch across replicas', () => {
  let database: TestDatabase;
  let namespace: ReturnType<typeof createTestNamespace>;
  let replicas: RunningService[] = [];
  let receiver: WebhookReceiver;
  let admin: Record<string, string>;

  beforeAll(async () => {
    database = await createTestDatabase();
    namespace = createTestNamespace();
    receiver = await startWebhookReceiver();
    const env = testEnv({
      databaseUrl: database.url,
      namespace: namespace.namespace,
      extra: { WEBHOOK_ENDPOINT_CONCURRENCY: String(PER_ENDPOINT), WEBHOOK_CONCURRENCY: '8' },
    });
    const first = await startService(identity, env);
    replicas = [first, await startService(identity, env)];
    const providerId = (await seedDemoData(first))!;
    const [user] = (await first.app
      .get(Database)
      .dataSource.query(`SELECT id FROM users WHERE email = 'provider@demo.test'`)) as Array<{ id: string }>;
    // The demo provider's admin, as the gateway presents them to a service.
    admin = internalHeaders({ userId: user!.id, role: 'admin', providerId });
  }, 60_000);

  afterAll(async () => {
    await Promise.all(replicas.map((replica) => replica.close()));
    await receiver?.stop();
    await database?.drop();
    await namespace?.drop();
  });

  it('sends each delivery once, never more than the limit at once to one endpoint', async () => {
    const created = await request(replicas[0]!.url)
      .post(`${BASE}/endpoints`)
      .set(admin)
      .send({ endpoint: { url: receiver.url('/replicas'), event_types: ['lead.received'] } });
    expect(created.status).toBe(201);
    // The receiver takes its time, so deliveries overlap and the limit is what holds them back.
    receiver.answerWith(() => ({ status: 200, delayMs: 40 }));
    const queued = new Set<string>();
    for (let n = 0; n < EVENTS; n++) {
      const sent = await request(replicas[n % 2]!.url)
        .post(`${BASE}/endpoints/${created.body.data.id}/test`)
        .set(admin);
      expect(sent.status).toBe(202);
      queued.add(sent.body.data.message_id);
    }
    await eventually(
      async () => receiver.at('/replicas').length,
      (count) => count >= EVENTS,
      `${EVENTS} deliveries`,
      30_000,
    );
    const arrived = receiver.at('/replicas').map((webhook) => webhook.id);
    expect(arrived).toHaveLength(EVENTS);
    expect(new Set(arrived)).toEqual(queued);
    expect(receiver.mostAtOnce('/replicas')).toBeLessThanOrEqual(PER_ENDPOINT);
    expect(receiver.mostAtOnce('/replicas')).toBe(PER_ENDPOINT);
    // One attempt each: no delivery was sent by both replicas (once the last answers are recorded).
    const db = replicas[0]!.app.get(Database).dataSource;
    const counted = await eventually(
      async () =>
        (await db.query(
          `SELECT count(*)::int AS attempts, count(DISTINCT delivery_id)::int AS deliveries FROM webhook_attempts`,
        )) as Array<{ attempts: number; deliveries: number }>,
      ([row]) => row!.deliveries === EVENTS,
      'every attempt recorded',
    );
    expect(counted[0]).toEqual({ attempts: EVENTS, deliveries: EVENTS });
  });
});
