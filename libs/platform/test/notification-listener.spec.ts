import { Client } from 'pg';
import pino from 'pino';
import type { DataSource } from 'typeorm';
import { NotificationListener, openDatabase } from '@tourly/platform';
import { createTestDatabase, eventually, requiredEnv, type TestDatabase } from '@tourly/platform/testing';

const CHANNEL = 'listening_due';

/**
 * The LISTEN connection the outbox relay and identity's webhook dispatcher wake on, on PostgreSQL: it calls back on
 * each notification, comes back by itself when its backend dies (and when the database refuses it for a while),
 * calls back once it is back for what it missed, and leaves no connection behind when stopped.
 */
describe('NotificationListener', () => {
  let database: TestDatabase;
  let dataSource: DataSource;
  let admin: Client;
  let databaseName: string;
  const running: NotificationListener[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    databaseName = new URL(database.url).pathname.slice(1);
    dataSource = await openDatabase(
      { url: database.url, schema: 'listening', migrations: [], logger: pino({ level: 'silent' }) },
      [],
    );
    admin = new Client({ connectionString: requiredEnv('DATABASE_URL') });
    await admin.connect();
  });

  afterEach(async () => {
    await Promise.all(running.splice(0).map((listener) => listener.stop()));
  });

  afterAll(async () => {
    await admin?.end();
    await dataSource?.destroy();
    await database?.drop();
  });

  /** A listener counting its calls, with the messages it logged. */
  function aListener() {
    const logged: string[] = [];
    const logger = pino(
      { level: 'info' },
      { write: (line: string) => logged.push((JSON.parse(line) as { msg: string }).msg) },
    );
    const state = { calls: 0, logged };
    const listener = new NotificationListener(dataSource, {
      channel: CHANNEL,
      onNotification: () => (state.calls += 1),
      name: 'test listener',
      logger,
    });
    running.push(listener);
    return { listener, state };
  }

  const listeningBackend = async (): Promise<number | undefined> => {
    const [row] = (await dataSource.query(
      `SELECT pid FROM pg_stat_activity
       WHERE datname = current_database() AND query = $1 AND state = 'idle'`,
      [`LISTEN "${CHANNEL}"`],
    )) as Array<{ pid: number }>;
    return row?.pid;
  };

  const notify = () => dataSource.query(`SELECT pg_notify($1, '')`, [CHANNEL]);

  /** The database refuses new connections while `during` runs. */
  async function refusingConnections(during: () => Promise<void>): Promise<void> {
    await admin.query(`ALTER DATABASE ${databaseName} WITH ALLOW_CONNECTIONS false`);
    try {
      await during();
    } finally {
      await admin.query(`ALTER DATABASE ${databaseName} WITH ALLOW_CONNECTIONS true`);
    }
  }

  it('calls back on each notification of its channel once it has started', async () => {
    const { listener, state } = aListener();
    await listener.start();
    expect(await listeningBackend()).toEqual(expect.any(Number));
    await notify();
    await eventually(
      async () => state.calls,
      (calls) => calls === 1,
      'the first notification',
    );
    await notify();
    await eventually(
      async () => state.calls,
      (calls) => calls === 2,
      'the second notification',
    );
  });

  it('listens again after its backend is terminated, through failed reconnections, and calls back once back', async () => {
    const { listener, state } = aListener();
    await listener.start();
    const first = await eventually(listeningBackend, (pid) => pid !== undefined, 'a listening backend');
    await refusingConnections(async () => {
      await admin.query('SELECT pg_terminate_backend($1)', [first]);
      await eventually(
        async () => state.logged,
        (logged) => logged.includes('test listener could not reconnect; trying again'),
        'a failed reconnection',
      );
    });
    expect(state.logged).toContain('test listener lost its connection; polling until it is back');
    // Nothing was notified: the call is the listener's own, for what committed while it was away.
    expect(state.calls).toBe(0);
    await eventually(
      async () => state.calls,
      (calls) => calls === 1,
      'the call once it is back',
    );
    expect(state.logged).toContain('test listener is back');
    const second = await listeningBackend();
    expect(second).not.toBe(first);
    expect(second).toEqual(expect.any(Number));
    await notify();
    await eventually(
      async () => state.calls,
      (calls) => calls === 2,
      'a notification after reconnecting',
    );
  });

  it('starts while the database refuses it, and listens once it can', async () => {
    const { listener, state } = aListener();
    await refusingConnections(async () => {
      await listener.start();
      expect(state.logged).toEqual(['test listener could not connect; polling until it does']);
    });
    await eventually(
      async () => state.calls,
      (calls) => calls === 1,
      'the call once it connects',
    );
    await notify();
    await eventually(
      async () => state.calls,
      (calls) => calls === 2,
      'a notification once connected',
    );
  });

  it('closes its connection when stopped', async () => {
    const { listener } = aListener();
    await listener.start();
    expect(await listeningBackend()).toEqual(expect.any(Number));
    await listener.stop();
    await eventually(listeningBackend, (pid) => pid === undefined, 'no listening backend');
  });
});
