import { connect, type NatsConnection } from 'nats';
import request from 'supertest';
import { durableName, streamName, type DatabaseConfig, type SettledDelivery } from '@tourly/platform';
import {
  eventually,
  internalHeaders,
  requiredEnv,
  startTestService,
  widgetsFixture,
  type TestService,
} from '@tourly/platform/testing';

const SUBJECT = 'identity.provider.created.v1';
const provider = { userId: 'u1', role: 'admin' as const, providerId: 'p1' };

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
    await jsm.consumers.delete(streamName(service.namespace), durableName('identity', SUBJECT));

    // Noticed, re-created, and ready again.
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
    const info = await jsm.consumers.info(streamName(service.namespace), durableName('identity', SUBJECT));
    expect(info.config.deliver_policy).toBe('by_start_sequence');
    expect((await request(service.url).get('/metrics')).text).toMatch(/^events_consumers_down\{[^}]*\} 0$/m);
    // Nothing handled before the deletion came again.
    for (const earlier of before) expect(handledCount(earlier.eventId)).toBe(1);
  });
});
