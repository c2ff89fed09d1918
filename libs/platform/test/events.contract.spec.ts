import { DataSource } from 'typeorm';
import { connect, headers } from 'nats';
import { Client } from 'pg';
import pino from 'pino';
import {
  EventBus,
  EventConsumer,
  InProcessBroker,
  InProcessTransport,
  NatsTransport,
  OutboxRelay,
  PLATFORM_MIGRATIONS,
  jobStreamName,
  openDatabase,
  streamName,
  subjectPrefix,
  type Delivery,
  type DeliveryAttempt,
  type DeliveryOutcome,
  type SettledDelivery,
  type Transport,
} from '@tourly/platform';
import {
  createTestDatabase,
  createTestNamespace,
  eventually,
  requiredEnv,
  type TestDatabase,
} from '@tourly/platform/testing';

/**
 * The backbone's promise: an event written in a committed transaction has exactly one effect, whatever
 * crashes or duplicates happen on the way; an event of a rolled-back transaction never arrives.
 * The same suite runs on NATS JetStream and on the in-process transport.
 */
const logger = pino({ level: 'silent' });
const SUBJECT = 'identity.provider.created.v1';
const JOB_SUBJECT = 'jobs.properties.segment_pano.v1';

interface Fixture {
  transport: Transport;
  /** Sends the event's bytes again in a way the broker's own id dedupe does not catch. */
  publishPastDedupe(eventId: string, data: Uint8Array): Promise<void>;
  /** As if this process died and another started: a new transport on the same broker storage, memory lost. */
  restart(): Promise<Transport>;
  /** The job steps the broker still holds (NATS's work queue); undefined where steps are kept as events are. */
  jobsHeld(): Promise<number | undefined>;
  close(): Promise<void>;
}

const transports: Array<[string, (databaseUrl: string) => Promise<Fixture>]> = [
  [
    'NATS JetStream',
    async () => {
      const { namespace, drop } = createTestNamespace();
      const open = async () => {
        const transport = new NatsTransport({
          url: requiredEnv('NATS_URL'),
          namespace,
          name: 'contract',
          logger,
        });
        await transport.start();
        return transport;
      };
      const opened = [await open()];
      return {
        transport: opened[0],
        publishPastDedupe: async (eventId, data) => {
          // As if the relay republished after the stream's duplicate window had passed.
          const nc = await connect({ servers: requiredEnv('NATS_URL') });
          const h = headers();
          h.set('Nats-Msg-Id', `${eventId}-after-window`);
          await (await nc.jetstream()).publish(`${subjectPrefix(namespace)}${SUBJECT}`, data, { headers: h });
          await nc.close();
        },
        restart: async () => {
          await opened[opened.length - 1].close();
          opened.push(await open());
          return opened[opened.length - 1];
        },
        jobsHeld: async () => {
          const nc = await connect({ servers: requiredEnv('NATS_URL') });
          try {
            return (await (await nc.jetstreamManager()).streams.info(jobStreamName(namespace))).state
              .messages;
          } finally {
            await nc.close();
          }
        },
        close: async () => {
          await Promise.all(opened.map((transport) => transport.close()));
          await drop();
        },
      };
    },
  ],
  [
    'in-process (kept in PostgreSQL)',
    async (databaseUrl) => {
      // Each test its own stream (a schema of the test database), as each gets its own NATS namespace.
      const namespace = createTestNamespace().namespace;
      const open = async () => {
        const transport = new InProcessTransport(new InProcessBroker(namespace, logger), databaseUrl);
        await transport.start();
        return transport;
      };
      const opened = [await open()];
      return {
        transport: opened[0],
        publishPastDedupe: async (eventId, data) => {
          // As if republished after the broker's retention forgot the id: a new broker-level id, the same event.
          await opened[0].broker.publish(SUBJECT, `${eventId}-after-window`, data);
        },
        restart: async () => {
          await opened[opened.length - 1].close();
          opened.push(await open());
          return opened[opened.length - 1];
        },
        jobsHeld: async () => undefined,
        close: async () => {
          await Promise.all(opened.map((transport) => transport.close()));
        },
      };
    },
  ],
];

describe.each(transports)('events contract on %s', (_name, makeFixture) => {
  let database: TestDatabase;
  let dataSource: DataSource;
  let fixture: Fixture;
  let bus: EventBus;
  const running: Array<{ stop(): Promise<void> }> = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    dataSource = await openDatabase(
      { url: database.url, schema: 'contract', migrations: PLATFORM_MIGRATIONS, logger },
      [],
    );
    await dataSource.query('CREATE TABLE effects (event_id uuid NOT NULL, name text NOT NULL)');
    bus = new EventBus('contract');
  });

  beforeEach(async () => {
    fixture = await makeFixture(database.url);
    await dataSource.query('TRUNCATE effects, inbox, outbox, dead_letters');
  });

  afterEach(async () => {
    await Promise.all(running.splice(0).map((r) => r.stop()));
    await fixture.close();
  });

  afterAll(async () => {
    await dataSource.destroy();
    await database.drop();
  });

  /** Commits one event (plus the state change it announces) and answers its id. */
  async function commitEvent(name: string): Promise<string> {
    return dataSource.transaction(async (tx) => {
      const envelope = await bus.publish(SUBJECT, { providerId: 'p1', name }, tx);
      return envelope.id;
    });
  }

  function startRelay(transport: Transport = fixture.transport): OutboxRelay {
    const relay = new OutboxRelay(dataSource, transport, { schema: 'contract', logger, pollIntervalMs: 200 });
    running.push(relay);
    return relay;
  }

  interface Watcher {
    consumer: EventConsumer;
    /** Resolves with the first settled delivery matching the outcome (and event, when given). */
    next(outcome: DeliveryOutcome, eventId?: string): Promise<SettledDelivery>;
  }

  async function startConsumer(
    options: {
      transport?: Transport;
      failTimes?: number;
      maxAttempts?: number;
      subject?: string;
      attempts?: DeliveryAttempt[];
    } = {},
  ): Promise<Watcher> {
    let failures = options.failTimes ?? 0;
    const subject = options.subject ?? SUBJECT;
    const consumer = new EventConsumer(dataSource, options.transport ?? fixture.transport, {
      service: 'contract',
      durable: subject === SUBJECT ? 'contract__effects' : 'contract__job_steps',
      subject,
      logger,
      retry: { maxAttempts: options.maxAttempts ?? 3, backoffMs: [50], ackWaitMs: 1000 },
      handler: async (envelope, tx, attempt) => {
        options.attempts?.push(attempt);
        await tx.query('INSERT INTO effects (event_id, name) VALUES ($1, $2)', [
          envelope.id,
          (envelope.data as { name?: string; panoId?: string }).name ??
            (envelope.data as { panoId: string }).panoId,
        ]);
        if (failures > 0) {
          failures -= 1;
          throw new Error('handler failed on purpose');
        }
      },
    });
    const seen: SettledDelivery[] = [];
    const waiters: Array<{ match: (s: SettledDelivery) => boolean; resolve: (s: SettledDelivery) => void }> =
      [];
    consumer.settled.on('settled', (settled: SettledDelivery) => {
      seen.push(settled);
      for (const waiter of waiters.splice(0)) {
        if (waiter.match(settled)) waiter.resolve(settled);
        else waiters.push(waiter);
      }
    });
    await consumer.start();
    running.push(consumer);
    return {
      consumer,
      next: (outcome, eventId) =>
        new Promise((resolve) => {
          const match = (s: SettledDelivery) => s.outcome === outcome && (!eventId || s.eventId === eventId);
          const earlier = seen.find(match);
          if (earlier) resolve(earlier);
          else waiters.push({ match, resolve });
        }),
    };
  }

  async function effects(): Promise<Array<{ event_id: string; name: string }>> {
    return dataSource.query('SELECT event_id, name FROM effects ORDER BY name');
  }

  it('delivers a committed event once', async () => {
    const watcher = await startConsumer();
    const relay = startRelay();
    await relay.start();
    const id = await commitEvent('plain');
    await watcher.next('handled', id);
    expect(await effects()).toEqual([{ event_id: id, name: 'plain' }]);
    // An in-process delivery can be handled before the relay's pass commits its mark: let the pass finish.
    await relay.stop();
    const [{ published }] = await dataSource.query(
      'SELECT count(*)::int AS published FROM outbox WHERE published_at IS NOT NULL',
    );
    expect(published).toBe(1);
  });

  it('delivers an event published right behind one of another subject, its consumer idle', async () => {
    // One transaction, two subjects: the relay publishes both in one pass. The first wakes this subject's idle
    // consumer, which finds nothing of its own; the second, published at once, must not find it asleep.
    const watcher = await startConsumer();
    await startRelay().start();
    const id = await dataSource.transaction(async (tx) => {
      await bus.publish('identity.user.created.v1', { userId: 'u1', email: 'u1@example.com' }, tx);
      return (await bus.publish(SUBJECT, { providerId: 'p1', name: 'right-behind' }, tx)).id;
    });
    await watcher.next('handled', id);
    expect(await effects()).toEqual([{ event_id: id, name: 'right-behind' }]);
  }, 10_000);

  it('(a) has one effect when the relay crashes after publishing and before marking sent', async () => {
    const watcher = await startConsumer();
    const id = await commitEvent('relay-crash');
    // The relay publishes, then dies before its transaction marks the row: the row stays unsent.
    const crashing: Transport = Object.create(fixture.transport, {
      publish: {
        value: async (subject: string, eventId: string, data: Uint8Array) => {
          await fixture.transport.publish(subject, eventId, data);
          throw new Error('relay process killed');
        },
      },
    });
    await expect(
      new OutboxRelay(dataSource, crashing, { schema: 'contract', logger }).publishBatch(),
    ).rejects.toThrow('relay process killed');
    const [{ unsent }] = await dataSource.query(
      'SELECT count(*)::int AS unsent FROM outbox WHERE published_at IS NULL',
    );
    expect(unsent).toBe(1);
    // A new relay publishes the row again.
    await startRelay().start();
    await watcher.next('handled', id);
    // Events of one subject are handled in order: once a later marker is handled, a duplicate would be too.
    await watcher.next('handled', await commitEvent('marker'));
    expect((await effects()).map((e) => e.name)).toEqual(['marker', 'relay-crash']);
  });

  it('(b) has one effect when the consumer crashes after its handler and before the ack', async () => {
    // First consumer: its handler commits, then the process dies before acknowledging.
    const dropAcks: Transport = Object.create(fixture.transport, {
      consume: {
        value: (spec: Parameters<Transport['consume']>[0], handle: (d: Delivery) => Promise<void>) =>
          fixture.transport.consume(spec, (delivery) => handle({ ...delivery, ack: () => undefined })),
      },
    });
    const crashed = await startConsumer({ transport: dropAcks });
    await startRelay().start();
    const id = await commitEvent('consumer-crash');
    await crashed.next('handled', id);
    await crashed.consumer.stop();
    // A new consumer gets the unacknowledged event again after the ack wait, and the inbox absorbs it.
    const restarted = await startConsumer();
    const duplicate = await restarted.next('duplicate', id);
    expect(duplicate.attempt).toBeGreaterThanOrEqual(2);
    expect(await effects()).toEqual([{ event_id: id, name: 'consumer-crash' }]);
  });

  it('(c) has one effect when the same event is published twice, even past the broker’s dedupe', async () => {
    const watcher = await startConsumer();
    await startRelay().start();
    const id = await commitEvent('twice');
    await watcher.next('handled', id);
    const [{ envelope }] = await dataSource.query('SELECT envelope FROM outbox WHERE id = $1', [id]);
    const bytes = Buffer.from(JSON.stringify(envelope));
    await fixture.transport.publish(SUBJECT, id, bytes); // dropped by the broker's id dedupe
    await fixture.publishPastDedupe(id, bytes); // reaches the consumer: the inbox drops it
    await watcher.next('duplicate', id);
    expect(await effects()).toEqual([{ event_id: id, name: 'twice' }]);
  });

  it('(d) keeps what it stored through a restart: the next process delivers it, once', async () => {
    // The consumer's handler commits and the process dies before the ack; a second event is stored while no
    // consumer runs. Neither may be lost with the process's memory.
    const dropAcks: Transport = Object.create(fixture.transport, {
      consume: {
        value: (spec: Parameters<Transport['consume']>[0], handle: (d: Delivery) => Promise<void>) =>
          fixture.transport.consume(spec, (delivery) => handle({ ...delivery, ack: () => undefined })),
      },
    });
    const crashed = await startConsumer({ transport: dropAcks });
    const relay = startRelay();
    await relay.start();
    const unacknowledged = await commitEvent('unacknowledged');
    await crashed.next('handled', unacknowledged);
    await crashed.consumer.stop();
    const waiting = await commitEvent('stored-while-down');
    await eventually(
      () => dataSource.query('SELECT count(*)::int AS unsent FROM outbox WHERE published_at IS NULL'),
      ([{ unsent }]: Array<{ unsent: number }>) => unsent === 0,
      'the relay to store both events',
    );
    await relay.stop();
    const restarted = await fixture.restart();
    const watcher = await startConsumer({ transport: restarted });
    await watcher.next('handled', waiting);
    await watcher.next('duplicate', unacknowledged);
    expect((await effects()).map((e) => e.name)).toEqual(['stored-while-down', 'unacknowledged']);
  });

  it('never delivers an event of a rolled-back transaction', async () => {
    const watcher = await startConsumer();
    await startRelay().start();
    await expect(
      dataSource.transaction(async (tx) => {
        await bus.publish(SUBJECT, { providerId: 'p1', name: 'rolled-back' }, tx);
        throw new Error('the state change failed');
      }),
    ).rejects.toThrow('the state change failed');
    const id = await commitEvent('committed-after');
    await watcher.next('handled', id);
    expect((await effects()).map((e) => e.name)).toEqual(['committed-after']);
    const [{ rows }] = await dataSource.query('SELECT count(*)::int AS rows FROM outbox');
    expect(rows).toBe(1);
  });

  it('retries a failing handler with back-off and then has one effect', async () => {
    const watcher = await startConsumer({ failTimes: 2 });
    await startRelay().start();
    const id = await commitEvent('flaky');
    const handled = await watcher.next('handled', id);
    expect(handled.attempt).toBe(3);
    expect(await effects()).toEqual([{ event_id: id, name: 'flaky' }]);
  });

  it('runs a job step once, telling the handler which try it is and flagging the last; the queue keeps none', async () => {
    const attempts: DeliveryAttempt[] = [];
    const watcher = await startConsumer({ subject: JOB_SUBJECT, failTimes: 2, maxAttempts: 3, attempts });
    await startRelay().start();
    const step = { providerId: 'p1', propertyId: 'pr1', jobId: 'j1', panoId: 'pano' };
    const id = await dataSource.transaction(async (tx) => (await bus.publish(JOB_SUBJECT, step, tx)).id);
    await watcher.next('handled', id);
    expect(attempts).toEqual([
      { number: 1, last: false },
      { number: 2, last: false },
      { number: 3, last: true },
    ]);
    expect((await effects()).map((effect) => effect.event_id)).toEqual([id]);
    // On NATS a step leaves the work queue once acknowledged (the ack is sent after the 'handled' outcome).
    await eventually(fixture.jobsHeld, (held) => held === undefined || held === 0, 'an empty work queue');
  });

  it('parks an event as a dead letter after the last try, and moves on', async () => {
    const watcher = await startConsumer({ failTimes: 3, maxAttempts: 3 });
    await startRelay().start();
    const id = await commitEvent('poison');
    await watcher.next('parked', id);
    const next = await commitEvent('after-poison');
    await watcher.next('handled', next);
    expect((await effects()).map((e) => e.name)).toEqual(['after-poison']);
    const letters = await dataSource.query('SELECT event_id, subject, error, attempts FROM dead_letters');
    expect(letters).toEqual([
      { event_id: id, subject: SUBJECT, error: 'handler failed on purpose', attempts: 3 },
    ]);
  });

  it('parks an undecodable event with its bytes, rather than dropping it, and moves on', async () => {
    const watcher = await startConsumer();
    await startRelay().start();
    await fixture.transport.publish(SUBJECT, 'not-an-event', Buffer.from('{"half an envelope'));
    const parked = await watcher.next('parked');
    expect(parked).toMatchObject({ eventId: '', subject: SUBJECT, attempt: 1 });
    await watcher.next('handled', await commitEvent('after-garbage'));
    const letters = await dataSource.query(
      "SELECT event_id, subject, envelope, convert_from(raw, 'UTF8') AS raw, error, attempts FROM dead_letters",
    );
    expect(letters).toEqual([
      {
        event_id: null,
        subject: SUBJECT,
        envelope: null,
        raw: '{"half an envelope',
        error: expect.stringMatching(/^undecodable event: /),
        attempts: 1,
      },
    ]);
  });

  it('loses nothing committed while no relay runs: the next relay publishes it', async () => {
    const watcher = await startConsumer();
    const id = await commitEvent('while-down');
    const relay = startRelay();
    await relay.start();
    await watcher.next('handled', id);
    await relay.stop();
    const [{ unsent }] = await dataSource.query(
      'SELECT count(*)::int AS unsent FROM outbox WHERE published_at IS NULL',
    );
    expect(unsent).toBe(0);
  });

  it('refuses to publish outside a transaction', async () => {
    await expect(
      bus.publish(SUBJECT, { providerId: 'p1', name: 'loose' }, dataSource.manager),
    ).rejects.toThrow(/needs the EntityManager of an open transaction/);
  });
});

describe('in-process broker at rest', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await database.drop();
  });

  it('leaves an idle consumer asleep until the next publish: no claim while nothing is stored or pending', async () => {
    const { namespace } = createTestNamespace();
    const transport = new InProcessTransport(new InProcessBroker(namespace, logger), database.url);
    await transport.start();
    const handled: string[] = [];
    const subscription = await transport.consume(
      { durable: 'rest__effects', subject: SUBJECT, ackWaitMs: 1000 },
      async (delivery) => {
        handled.push(Buffer.from(delivery.data).toString());
        delivery.ack();
      },
    );
    const storage = new Client({ connectionString: database.url });
    await storage.connect();
    // Each claim locks the consumer's row FOR UPDATE, which stamps the row's xmax with the claim's transaction.
    const lastClaim = async () =>
      (await storage.query(`SELECT xmax::text FROM "${streamName(namespace).toLowerCase()}".consumers`))
        .rows[0].xmax as string;
    try {
      await transport.publish(SUBJECT, 'first', Buffer.from('first'));
      await eventually(
        async () => handled.length,
        (count) => count === 1,
        'the first delivery',
      );
      const claimed = await lastClaim();
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await lastClaim()).toBe(claimed);

      await transport.publish(SUBJECT, 'second', Buffer.from('second'));
      await eventually(
        async () => handled.length,
        (count) => count === 2,
        'the second delivery',
      );
      expect(handled).toEqual(['first', 'second']);
    } finally {
      await storage.end();
      await subscription.stop();
      await transport.close();
    }
  });
});
