import { connect, type NatsConnection } from 'nats';
import request from 'supertest';
import { durableName, streamName, type DatabaseConfig, type SettledDelivery } from '@tourly/platform';
import {
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
  const until = async (condition: () => boolean | Promise<boolean>) => {
    const deadline = Date.now() + 20_000;
    while (!(await condition())) {
      if (Date.now() > deadline) throw new Error('condition not met in time');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };

  it('re-creates a deleted durable from where it was: new events handled, old ones not replayed, readiness restored', async () => {
    await createWidget('before');
    await until(() => handled.length >= 1);
    const before = [...handled];

    const jsm = await nc.jetstreamManager();
    await jsm.consumers.delete(streamName(service.namespace), durableName('identity', SUBJECT));

    // Noticed, re-created, and ready again.
    await until(async () => (await request(service.url).get('/readyz')).status === 200);
    await createWidget('after');
    await until(() => handled.length >= before.length + 1);
    const info = await jsm.consumers.info(streamName(service.namespace), durableName('identity', SUBJECT));
    expect(info.config.deliver_policy).toBe('by_start_sequence');
    expect((await request(service.url).get('/metrics')).text).toMatch(/^events_consumers_down\{[^}]*\} 0$/m);
    // Nothing handled before the deletion came again.
    for (const earlier of before) expect(handledCount(earlier.eventId)).toBe(1);
  });
});
