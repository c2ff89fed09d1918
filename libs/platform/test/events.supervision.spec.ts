import { connect, type NatsConnection } from 'nats';
import request from 'supertest';
import {
  durableName,
  startService,
  streamName,
  type DatabaseConfig,
  type SettledDelivery,
} from '@tourly/platform';
import {
  createTestDatabase,
  createTestNamespace,
  eventually,
  internalHeaders,
  requiredEnv,
  startTestService,
  testEnv,
  widgetsFixture,
  type TestService,
} from '@tourly/platform/testing';

const SUBJECT = 'identity.provider.created.v1';
const provider = { userId: 'u1', role: 'admin' as const, providerId: 'p1' };

/**
 * Deletes a durable as an operator would. nats-server before 2.11 can answer "directory not empty" while the
 * consumer is still writing its state (nats-io/nats-server#7886); the operator tries again, and so does this.
 */
async function deleteDurable(nc: NatsConnection, stream: string): Promise<void> {
  const jsm = await nc.jetstreamManager();
  for (let attempt = 1; ; attempt++) {
    try {
      await jsm.consumers.delete(stream, durableName('identity', SUBJECT));
      return;
    } catch (error) {
      const message = (error as Error).message;
      if (/consumer not found/i.test(message) && attempt > 1) return;
      if (!/directory not empty/.test(message) || attempt === 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/**
 * A durable consumer lost in JetStream (deleted by an operator, lost with a server's state) is noticed: the
 * service says so and re-creates it from where it was, so new events are handled and old ones are not replayed.
 */
describe('a supervised event consumer (NATS JetStream)', () => {
  let service: TestService<DatabaseConfig>;
  let nc: NatsConnection;
  const handled: SettledDelivery[] = [];

  beforeAll(async () => {
    service = await startTestService(widgetsFixture);
    service.deliveries.on('settled', (settled: SettledDelivery) => {
      if (settled.outcome === 'handled') handled.push(settled);
    });
    nc = await connect({ servers: requiredEnv('NATS_URL') });
  });
  afterAll(async () => {
    await nc.close();
    await service.stop();
  });

  const createWidget = (name: string) =>
    request(service.url)
      .post('/provider/widgets')
      .set(internalHeaders(provider))
      .send({ name, price_cents: 1 });
  const handledCount = (eventId: string) => handled.filter((settled) => settled.eventId === eventId).length;

  it('re-creates a deleted durable from where it was: new events handled, old ones not replayed, readiness restored', async () => {
    await createWidget('before');
    await eventually(
      async () => handled.length,
      (count) => count >= 1,
      'the first event handled',
    );
    const before = [...handled];

    const jsm = await nc.jetstreamManager();
    await deleteDurable(nc, streamName(service.namespace));

    // Noticed and re-created from where it was (not from the beginning), and ready again.
    await eventually(
      () =>
        jsm.consumers
          .info(streamName(service.namespace), durableName('identity', SUBJECT))
          .then((info) => info.config.deliver_policy)
          .catch(() => 'missing'),
      (policy) => policy === 'by_start_sequence',
      'the durable re-created',
    );
    await eventually(
      async () => (await request(service.url).get('/readyz')).status,
      (status) => status === 200,
      'readiness',
    );
    await createWidget('after');
    await eventually(
      async () => handled.length,
      (count) => count > before.length,
      'the new event handled',
    );
    expect((await request(service.url).get('/metrics')).text).toMatch(/^events_consumers_down\{[^}]*\} 0$/m);
    // Nothing handled before the deletion came again.
    for (const earlier of before) expect(handledCount(earlier.eventId)).toBe(1);
  });

  it('re-creates a durable lost while the service was down from the position it recorded, not from the beginning', async () => {
    const database = await createTestDatabase();
    const { namespace, drop } = createTestNamespace();
    const env = testEnv({ databaseUrl: database.url, namespace });
    const outcomes: SettledDelivery[] = [];
    const start = async () => {
      const started = await startService(widgetsFixture, env);
      started.deliveries.on('settled', (settled: SettledDelivery) => outcomes.push(settled));
      return started;
    };
    const create = (url: string, name: string) =>
      request(url).post('/provider/widgets').set(internalHeaders(provider)).send({ name, price_cents: 1 });
    const handledSoFar = () => outcomes.filter((settled) => settled.outcome === 'handled').length;
    let running = await start();
    try {
      await create(running.url, 'first');
      await create(running.url, 'second');
      await eventually(
        async () => handledSoFar(),
        (count) => count === 2,
        'both events handled',
      );
      await running.close();
      // An ordinary restart: the durable is there and keeps its own position (JetStream refuses a new start).
      running = await start();
      await running.close();

      const jsm = await nc.jetstreamManager();
      await deleteDurable(nc, streamName(namespace));
      running = await start();
      await create(running.url, 'third');
      await eventually(
        async () => handledSoFar(),
        (count) => count === 3,
        'the new event handled',
      );
      // The subject is delivered in order: replayed events would have come before the new one.
      expect(outcomes.map((settled) => settled.outcome)).toEqual(['handled', 'handled', 'handled']);
      const info = await jsm.consumers.info(streamName(namespace), durableName('identity', SUBJECT));
      expect(info.config.deliver_policy).toBe('by_start_sequence');
    } finally {
      await running.close();
      await database.drop();
      await drop();
    }
  });
});
