import { Writable } from 'node:stream';
import { Client } from 'pg';
import pino from 'pino';
import request from 'supertest';
import { DataSource } from 'typeorm';
import {
  Database,
  EventBus,
  NatsTransport,
  OutboxParking1795610000000,
  OutboxRelay,
  PlatformTables1763769600000,
  TRANSPORT,
  openDatabase,
  sql,
  statement,
  streamName,
  type DatabaseConfig,
  type Queryable,
  type Transport,
} from '@tourly/platform';
import {
  createTestDatabase,
  createTestNamespace,
  eventually,
  internalHeaders,
  nextDelivery,
  requiredEnv,
  startTestService,
  widgetsFixture,
  type TestDatabase,
  type TestService,
} from '@tourly/platform/testing';

/**
 * The outbox under long faults, on PostgreSQL and NATS JetStream: a row the broker refuses for good is parked
 * and the others leave; a row it cannot take yet waits, first in line; the relay's LISTEN comes back after its
 * connection dies; the backlog shows in the metrics and in readiness.
 */
const SUBJECT = 'identity.provider.created.v1';
// A repository's write, its types written out here as `npm run sql:types` would generate them.
const insertReceived = sql<{ params: { id: string }; result: { id: string } }>`
  INSERT INTO received (id) VALUES ($id!) ON CONFLICT (id) DO NOTHING RETURNING id AS "id!"`;
const silent = pino({ level: 'silent' });

/** A logger whose lines a test can wait for. */
function capturingLogger() {
  const seen: Array<{ msg: string }> = [];
  const waiters: Array<{ msg: string; resolve: () => void }> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) {
        const entry = JSON.parse(line) as { msg: string };
        seen.push(entry);
        for (const waiter of waiters.splice(0)) {
          if (waiter.msg === entry.msg) waiter.resolve();
          else waiters.push(waiter);
        }
      }
      done();
    },
  });
  return {
    logger: pino({ level: 'info' }, stream),
    next: (msg: string) =>
      new Promise<void>((resolve) => {
        if (seen.some((entry) => entry.msg === msg)) resolve();
        else waiters.push({ msg, resolve });
      }),
  };
}

describe('outbox relay on NATS JetStream', () => {
  let database: TestDatabase;
  let dataSource: DataSource;
  let transport: NatsTransport;
  let namespace: ReturnType<typeof createTestNamespace>;
  const bus = new EventBus('relay');
  const running: Array<{ stop(): Promise<void> }> = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    dataSource = await openDatabase(
      {
        url: database.url,
        schema: 'relay',
        migrations: [PlatformTables1763769600000, OutboxParking1795610000000],
        logger: silent,
      },
      [],
    );
  });

  beforeEach(async () => {
    namespace = createTestNamespace();
    transport = new NatsTransport({
      url: requiredEnv('NATS_URL'),
      namespace: namespace.namespace,
      name: 'relay',
      logger: silent,
    });
    await transport.start();
    await dataSource.query('TRUNCATE outbox');
  });

  afterEach(async () => {
    await Promise.all(running.splice(0).map((r) => r.stop()));
    await transport.close();
    await namespace.drop();
  });

  afterAll(async () => {
    await dataSource.destroy();
    await database.drop();
  });

  function startRelay(
    options: { transport?: Transport; logger?: pino.Logger; pollIntervalMs?: number } = {},
  ) {
    const relay = new OutboxRelay(dataSource, options.transport ?? transport, {
      schema: 'relay',
      logger: options.logger ?? silent,
      batchSize: 2,
      pollIntervalMs: options.pollIntervalMs ?? 200,
    });
    running.push(relay);
    return relay;
  }

  async function commit(...names: string[]): Promise<string[]> {
    return dataSource.transaction(async (tx) => {
      const ids: string[] = [];
      for (const name of names) ids.push((await bus.publish(SUBJECT, { providerId: 'p1', name }, tx)).id);
      return ids;
    });
  }

  interface RowState {
    id: string;
    state: 'published' | 'parked' | 'unsent';
    reason: string | null;
  }

  async function rows(): Promise<RowState[]> {
    return dataSource.query(
      `SELECT id, CASE WHEN published_at IS NOT NULL THEN 'published'
                       WHEN parked_at IS NOT NULL THEN 'parked' ELSE 'unsent' END AS state,
              park_reason AS reason
       FROM outbox ORDER BY created_at, id`,
    );
  }

  async function storedMessages(): Promise<number> {
    const info = await (
      await transport.connection().jetstreamManager()
    ).streams.info(streamName(namespace.namespace));
    return info.state.messages;
  }

  it('parks a row over the max payload, publishes and marks the rows around it, and keeps relaying', async () => {
    const maxPayload = transport.connection().info!.max_payload;
    // Batches of two: the big row shares its batch with a small one, and more rows wait behind them.
    const [first, big, second, third] = await commit('first', 'x'.repeat(maxPayload), 'second', 'third');
    const relay = startRelay({ pollIntervalMs: 10 * 60_000 });
    await relay.start();
    const settled = await eventually(
      rows,
      (all) => all.every((row) => row.state !== 'unsent'),
      'settled rows',
    );
    expect(settled).toEqual([
      { id: first, state: 'published', reason: null },
      {
        id: big,
        state: 'parked',
        reason: expect.stringMatching(
          /^the event is \d+ bytes, over the NATS server's max payload of \d+ bytes$/,
        ),
      },
      { id: second, state: 'published', reason: null },
      { id: third, state: 'published', reason: null },
    ]);
    expect(await storedMessages()).toBe(3);
    // A new event leaves at once (woken by its commit; the poll is ten minutes away).
    const [later] = await commit('later');
    await eventually(
      rows,
      (all) => all.some((row) => row.id === later && row.state === 'published'),
      'later',
    );
    expect(await storedMessages()).toBe(4);
    expect(await relay.backlog()).toEqual({ oldestUnsentSeconds: 0, parked: 1 });
  });

  it('leaves a row the broker cannot take yet for the next pass, first in line, and the others go', async () => {
    let brokerAway = true;
    const [stuck] = await commit('stuck');
    const flaky: Transport = Object.create(transport, {
      publish: {
        value: async (subject: string, eventId: string, data: Uint8Array) => {
          if (eventId === stuck && brokerAway) throw new Error('broker away');
          return transport.publish(subject, eventId, data);
        },
      },
    });
    const logs = capturingLogger();
    await startRelay({ transport: flaky, logger: logs.logger }).start();
    const [behind, further] = await commit('behind', 'further');
    await eventually(
      rows,
      (all) => all.filter((row) => row.state === 'published').length === 2,
      'rows behind the stuck one published',
    );
    await logs.next('outbox rows left for the next pass: the broker did not take them');
    expect(await rows()).toEqual([
      { id: stuck, state: 'unsent', reason: null },
      { id: behind, state: 'published', reason: null },
      { id: further, state: 'published', reason: null },
    ]);
    brokerAway = false;
    await eventually(rows, (all) => all[0].state === 'published', 'the stuck row published on a later pass');
    expect(await storedMessages()).toBe(3);
  });

  it('listens again after its connection dies, through failed reconnections, and relays at once', async () => {
    const databaseName = new URL(database.url).pathname.slice(1);
    const listener = async (): Promise<number | undefined> => {
      const [row] = await dataSource.query(
        `SELECT pid FROM pg_stat_activity
         WHERE datname = current_database() AND query = 'LISTEN "relay_outbox"' AND state = 'idle'`,
      );
      return row?.pid;
    };
    const logs = capturingLogger();
    // Only a notification (or the reconnection's own pass) can wake it: the poll is ten minutes away.
    await startRelay({ logger: logs.logger, pollIntervalMs: 10 * 60_000 }).start();
    const first = await eventually(listener, (pid) => pid !== undefined, 'listening backend');
    const admin = new Client({ connectionString: requiredEnv('DATABASE_URL') });
    await admin.connect();
    try {
      // The database refuses connections for a while: the first reconnection fails, and later ones must follow.
      await admin.query(`ALTER DATABASE ${databaseName} WITH ALLOW_CONNECTIONS false`);
      try {
        await admin.query('SELECT pg_terminate_backend($1)', [first]);
        await logs.next('outbox listener could not reconnect; trying again');
      } finally {
        await admin.query(`ALTER DATABASE ${databaseName} WITH ALLOW_CONNECTIONS true`);
      }
    } finally {
      await admin.end();
    }
    await eventually(listener, (pid) => pid !== undefined && pid !== first, 'a new listening backend');
    await logs.next('outbox listener is back');
    const [id] = await commit('after-reconnect');
    await eventually(
      rows,
      (all) => all.some((row) => row.id === id && row.state === 'published'),
      'the event relayed on its notification',
    );
  });

  it('publishes in the statement of a write only when the write returns a row, and wakes the relay', async () => {
    await dataSource.query('CREATE TABLE IF NOT EXISTS received (id text PRIMARY KEY)');
    const receive = (id: string, db: Queryable = dataSource) =>
      bus.publishIfWritten(db, statement(insertReceived, { id }), SUBJECT, { providerId: 'p1', name: id });
    const relayed = (id: string | undefined) =>
      eventually(
        rows,
        (all) => all.some((row) => row.id === id && row.state === 'published'),
        `${id} relayed`,
      );
    await startRelay({ pollIntervalMs: 10 * 60_000 }).start();

    const first = await receive('r1');
    expect(first.rows).toEqual([{ id: 'r1' }]);
    expect(first.published).toMatchObject({ type: SUBJECT, data: { providerId: 'p1', name: 'r1' } });
    await relayed(first.published?.id);
    // Written already: nothing queued.
    expect(await receive('r1')).toEqual({ rows: [] });
    // Only its notification can wake the relay now: the poll is ten minutes away.
    await relayed((await receive('r2')).published?.id);
    // Part of a transaction that rolls back: neither the write nor the event.
    await expect(
      dataSource.transaction(async (tx) => {
        expect((await receive('r3', tx)).published).toBeDefined();
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await rows()).toHaveLength(2);
    expect(await dataSource.query('SELECT id FROM received ORDER BY id')).toEqual([
      { id: 'r1' },
      { id: 'r2' },
    ]);
    expect(await storedMessages()).toBe(2);
  });
});

describe('outbox backlog in /metrics and /readyz', () => {
  let service: TestService<DatabaseConfig>;
  let http: ReturnType<typeof request>;

  beforeAll(async () => {
    service = await startTestService(widgetsFixture, { extra: { OUTBOX_MAX_LAG_SECONDS: '60' } });
    http = request(service.url);
  });
  afterAll(() => service.stop());

  async function gauges(): Promise<{ age: number; parked: number }> {
    const text = (await http.get('/metrics')).text;
    const read = (name: string) => Number(new RegExp(`^${name}\\{[^}]*\\} (\\S+)$`, 'm').exec(text)?.[1]);
    return {
      age: read('events_outbox_oldest_unsent_age_seconds'),
      parked: read('events_outbox_parked_rows'),
    };
  }

  async function readiness(): Promise<{ status: number; outbox: Record<string, unknown> }> {
    const response = await http.get('/readyz');
    const body = response.body as { details: { outbox: Record<string, unknown> } };
    return { status: response.status, outbox: body.details.outbox };
  }

  it('shows a stuck row’s age and the parked rows, is not ready while events do not leave, and recovers', async () => {
    expect(await readiness()).toEqual({
      status: 200,
      outbox: { status: 'up', oldest_unsent_seconds: 0, parked: 0, max_lag_seconds: 60 },
    });
    const db = service.app.get(Database);
    const bus = service.app.get(EventBus);
    const maxPayload = (service.app.get(TRANSPORT) as NatsTransport).connection().info!.max_payload;
    // A row the broker cannot take (no stream has its subject yet), written ten minutes ago.
    const stuck = await db.transaction(async (tx) => {
      const { id } = await bus.publish(SUBJECT, { providerId: 'p1', name: 'stuck' }, tx);
      await tx.query(
        `UPDATE outbox SET subject = 'nobody.thing.happened.v1', created_at = now() - interval '10 minutes'
         WHERE id = $1`,
        [id],
      );
      return id;
    });
    // And one it refuses for good.
    await db.transaction((tx) =>
      bus.publish(SUBJECT, { providerId: 'p1', name: 'x'.repeat(maxPayload) }, tx),
    );

    const lagging = await eventually(
      gauges,
      (g) => g.age >= 600 && g.parked === 1,
      'the backlog in /metrics',
    );
    expect(lagging.age).toBeLessThan(700);
    const notReady = await readiness();
    expect(notReady).toEqual({
      status: 503,
      outbox: {
        status: 'down',
        oldest_unsent_seconds: expect.any(Number),
        parked: 1,
        max_lag_seconds: 60,
        message: 'events are not leaving the outbox',
      },
    });
    expect(notReady.outbox.oldest_unsent_seconds).toBeGreaterThanOrEqual(600);

    // New events still leave.
    const audited = nextDelivery(service, SUBJECT);
    const created = await http
      .post('/provider/widgets')
      .set(internalHeaders({ userId: 'u1', role: 'admin', providerId: 'p1' }))
      .send({ name: 'Lamp', price_cents: 1995 });
    expect(created.status).toBe(201);
    expect((await audited).outcome).toBe('handled');

    // The broker can take the stuck row now: it leaves on the next poll, and the service is ready again.
    const delivered = nextDelivery(service, SUBJECT);
    await service.app.get(DataSource).query(`UPDATE outbox SET subject = $2 WHERE id = $1`, [stuck, SUBJECT]);
    expect((await delivered).eventId).toBe(stuck);
    await eventually(readiness, (r) => r.status === 200, 'readiness back');
    expect(await gauges()).toEqual({ age: 0, parked: 1 });
  });
});
