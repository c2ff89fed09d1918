import { Pool, type PoolClient, type QueryResultRow } from 'pg';
import type { Logger } from 'pino';
import type { TraceContext } from '@tourly/contracts';
import {
  RpcError,
  streamName,
  type ConsumerSpec,
  type Delivery,
  type RequestHandler,
  type Stoppable,
  type Transport,
} from './transport';

/** How long the stream keeps an event, as the NATS stream's max age. */
const RETENTION_DAYS = 7;
const SWEEP_EVERY_MS = 10 * 60 * 1000;
/** Back-off of a consumer whose database is away: 100 ms, doubling up to 5 s. */
const RETRY_FIRST_MS = 100;
const RETRY_MAX_MS = 5000;

interface Claimed {
  seq: string;
  subject: string;
  data: Buffer;
  deliveries: number;
}

interface QueuedPublish {
  subject: string;
  id: string;
  data: Uint8Array;
  settle: (error?: unknown) => void;
}

/**
 * The all-in-one launcher's broker, for one process without NATS: what JetStream does for the platform, kept in
 * PostgreSQL so that a crash loses nothing. Events are stored in a schema of their own (`events`, or
 * `events_<namespace>`: the stream's name) before `publish` resolves, so the relay marks an outbox row sent only
 * once the event is durable; each durable consumer's position and its deliveries not yet acknowledged (with their
 * count and when they are due again) are rows too, so after a kill -9 the next start redelivers exactly what was
 * not settled. Publishes are stored one batch at a time in call order, so the order of sequence numbers is the
 * order of commits and a consumer's cursor never passes an event still being stored. Request-reply stays in
 * memory: it has a caller waiting, nothing to keep.
 *
 * Services hosted in one process share one broker per namespace; the first service with a database opens its
 * storage, and the last transport to close closes it.
 */
export class InProcessBroker {
  private static readonly brokers = new Map<string, InProcessBroker>();
  private pool?: Pool;
  private opening?: Promise<void>;
  private users = 0;
  private readonly schema: string;
  private readonly consumers = new Map<string, DurableConsumer>();
  private readonly servers = new Map<string, RequestHandler[]>();
  private readonly listeners = new Map<string, Set<(data: Uint8Array) => void>>();
  private turn = 0;
  private readonly queue: QueuedPublish[] = [];
  /** Set while a store loop runs; cleared in the same step that finds the queue empty, so no publish waits unseen. */
  private storing = false;
  private stored: Promise<void> = Promise.resolve();
  private sweeper?: NodeJS.Timeout;

  constructor(
    readonly namespace: string,
    readonly logger: Logger,
  ) {
    this.schema = streamName(namespace).toLowerCase();
  }

  static shared(namespace: string, logger: Logger): InProcessBroker {
    let broker = InProcessBroker.brokers.get(namespace);
    if (!broker) {
      broker = new InProcessBroker(namespace, logger);
      InProcessBroker.brokers.set(namespace, broker);
    }
    return broker;
  }

  /** Joins the broker; with a database URL, opens the event storage there unless it is open already. */
  async open(databaseUrl?: string): Promise<void> {
    this.users += 1;
    if (!databaseUrl || this.pool) return this.opening;
    this.pool = new Pool({ connectionString: databaseUrl, max: 4 });
    // An idle connection dropped by the server must not take the process down; the next query reconnects.
    this.pool.on('error', (error) => this.logger.warn({ err: error }, 'event storage connection lost'));
    this.opening = this.createStorage(this.pool);
    this.sweeper = setInterval(() => void this.sweep(), SWEEP_EVERY_MS);
    this.sweeper.unref();
    return this.opening;
  }

  private async createStorage(pool: Pool): Promise<void> {
    const client = await pool.connect();
    const lock = `event-storage:${this.schema}`;
    try {
      await client.query('SELECT pg_advisory_lock(hashtext($1))', [lock]);
      await client.query(`
        CREATE SCHEMA IF NOT EXISTS "${this.schema}";
        CREATE TABLE IF NOT EXISTS "${this.schema}".messages (
          seq bigserial PRIMARY KEY,
          subject text NOT NULL,
          event_id text NOT NULL CONSTRAINT messages_event_id_uq UNIQUE,
          data bytea NOT NULL,
          stored_at timestamptz NOT NULL DEFAULT now()
        );
        CREATE INDEX IF NOT EXISTS messages_subject_seq_idx ON "${this.schema}".messages (subject, seq);
        CREATE TABLE IF NOT EXISTS "${this.schema}".consumers (
          durable text PRIMARY KEY,
          subject text NOT NULL,
          delivered_seq bigint NOT NULL DEFAULT 0
        );
        CREATE TABLE IF NOT EXISTS "${this.schema}".pending (
          durable text NOT NULL REFERENCES "${this.schema}".consumers ON DELETE CASCADE,
          seq bigint NOT NULL,
          deliveries integer NOT NULL,
          due_at timestamptz NOT NULL,
          PRIMARY KEY (durable, seq)
        );`);
    } finally {
      await client.query('SELECT pg_advisory_unlock(hashtext($1))', [lock]).catch(() => undefined);
      client.release();
    }
  }

  /** Leaves the broker; the last one out closes the storage and forgets the broker. */
  async release(): Promise<void> {
    this.users -= 1;
    if (this.users > 0) return;
    if (InProcessBroker.brokers.get(this.namespace) === this) InProcessBroker.brokers.delete(this.namespace);
    clearInterval(this.sweeper);
    await Promise.all([...this.consumers.values()].map((consumer) => consumer.detach()));
    await this.stored;
    const pool = this.pool;
    this.pool = undefined;
    await pool?.end();
  }

  /** Resolves once the event is stored; an id already stored is dropped (until the retention forgets it). */
  publish(subject: string, id: string, data: Uint8Array): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queue.push({ subject, id, data, settle: (error) => (error ? reject(error) : resolve()) });
      if (this.storing) return;
      this.storing = true;
      this.stored = this.storeQueued();
    });
  }

  private async storeQueued(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0);
      try {
        await this.inTransaction(async (client) => {
          // One writer at a time, should two processes share the storage: sequence order is commit order.
          await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`event-publish:${this.schema}`]);
          for (const message of batch) {
            await client.query(
              `INSERT INTO "${this.schema}".messages (subject, event_id, data) VALUES ($1, $2, $3)
               ON CONFLICT ON CONSTRAINT messages_event_id_uq DO NOTHING`,
              [message.subject, message.id, Buffer.from(message.data)],
            );
          }
        });
      } catch (error) {
        for (const message of batch) message.settle(error);
        continue;
      }
      for (const message of batch) message.settle();
      const subjects = new Set(batch.map((message) => message.subject));
      for (const consumer of this.consumers.values()) if (subjects.has(consumer.subject)) consumer.wake();
    }
    // In the same step as the loop's last look at the queue: a publish after it starts a new loop.
    this.storing = false;
  }

  private async storage(): Promise<Pool> {
    if (!this.pool) {
      throw new Error('in-process events are kept in PostgreSQL: this process has no DATABASE_URL');
    }
    await this.opening;
    return this.pool;
  }

  /** One statement, on its own: no transaction around it. */
  private async query<Row extends QueryResultRow>(sql: string, parameters: unknown[]): Promise<Row[]> {
    return (await (await this.storage()).query<Row>(sql, parameters)).rows;
  }

  private async inTransaction<T>(work: (client: PoolClient) => Promise<T>): Promise<T> {
    const client = await (await this.storage()).connect();
    try {
      await client.query('BEGIN');
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  /**
   * The next delivery of a durable consumer, if any: a delivery due again (not acknowledged in time, or nak'ed)
   * first, else the first event of its subject after its cursor. Either way the delivery is recorded as pending,
   * due again after the ack wait unless it is settled before.
   */
  claim(durable: string, subject: string, ackWaitMs: number): Promise<Claimed | undefined> {
    return this.inTransaction(async (client) => {
      const s = this.schema;
      // The consumer's row lock: one claim at a time per durable, in any process.
      await client.query(
        `INSERT INTO "${s}".consumers (durable, subject) VALUES ($1, $2) ON CONFLICT (durable) DO NOTHING`,
        [durable, subject],
      );
      const [consumer] = (
        await client.query(`SELECT delivered_seq FROM "${s}".consumers WHERE durable = $1 FOR UPDATE`, [
          durable,
        ])
      ).rows as Array<{ delivered_seq: string }>;
      const due = (
        await client.query(
          `UPDATE "${s}".pending p SET deliveries = p.deliveries + 1,
                  due_at = now() + make_interval(secs => $2::float8 / 1000)
           FROM (SELECT seq FROM "${s}".pending WHERE durable = $1 AND due_at <= now()
                 ORDER BY seq LIMIT 1) next
           WHERE p.durable = $1 AND p.seq = next.seq
           RETURNING p.seq, p.deliveries`,
          [durable, ackWaitMs],
        )
      ).rows as Array<{ seq: string; deliveries: number }>;
      if (due.length > 0) {
        const [message] = (
          await client.query(`SELECT subject, data FROM "${s}".messages WHERE seq = $1`, [due[0].seq])
        ).rows as Array<{ subject: string; data: Buffer }>;
        if (message) return { seq: due[0].seq, deliveries: due[0].deliveries, ...message };
        // The retention removed the event while it waited: nothing left to deliver.
        await client.query(`DELETE FROM "${s}".pending WHERE durable = $1 AND seq = $2`, [
          durable,
          due[0].seq,
        ]);
        return undefined;
      }
      const [next] = (
        await client.query(
          `SELECT seq, subject, data FROM "${s}".messages WHERE subject = $1 AND seq > $2 ORDER BY seq LIMIT 1`,
          [subject, consumer.delivered_seq],
        )
      ).rows as Array<{ seq: string; subject: string; data: Buffer }>;
      if (!next) return undefined;
      await client.query(
        `INSERT INTO "${s}".pending (durable, seq, deliveries, due_at)
         VALUES ($1, $2, 1, now() + make_interval(secs => $3::float8 / 1000))`,
        [durable, next.seq, ackWaitMs],
      );
      await client.query(`UPDATE "${s}".consumers SET delivered_seq = $2 WHERE durable = $1`, [
        durable,
        next.seq,
      ]);
      return { ...next, deliveries: 1 };
    });
  }

  /** Acknowledged or terminated: never delivered again. */
  async settle(durable: string, seq: string): Promise<void> {
    await this.query(`DELETE FROM "${this.schema}".pending WHERE durable = $1 AND seq = $2`, [durable, seq]);
  }

  async retryIn(durable: string, seq: string, delayMs: number): Promise<void> {
    await this.query(
      `UPDATE "${this.schema}".pending SET due_at = now() + make_interval(secs => $3::float8 / 1000)
       WHERE durable = $1 AND seq = $2`,
      [durable, seq, delayMs],
    );
  }

  /** Milliseconds until the durable's next pending delivery is due; undefined when none is pending. */
  async nextDueInMs(durable: string): Promise<number | undefined> {
    // Not greatest(0, ...) in SQL: GREATEST skips a NULL, so no pending delivery would read as one due now.
    const [row] = await this.query<{ ms: number | null }>(
      `SELECT (extract(epoch FROM min(due_at) - now()) * 1000)::float8 AS ms
       FROM "${this.schema}".pending WHERE durable = $1`,
      [durable],
    );
    return row?.ms == null ? undefined : Math.max(0, row.ms);
  }

  private async sweep(): Promise<void> {
    try {
      await this.query(
        `DELETE FROM "${this.schema}".messages WHERE stored_at < now() - make_interval(days => $1)`,
        [RETENTION_DAYS],
      );
    } catch (error) {
      this.logger.warn({ err: error }, 'event storage sweep failed; trying again later');
    }
  }

  durable(spec: ConsumerSpec): DurableConsumer {
    let consumer = this.consumers.get(spec.durable);
    if (!consumer) {
      consumer = new DurableConsumer(this, spec);
      this.consumers.set(spec.durable, consumer);
    }
    consumer.ackWaitMs = spec.ackWaitMs;
    return consumer;
  }

  /** The durable consumers whose storage is away right now. */
  consumersDown(): string[] {
    return [...this.consumers.values()].filter((consumer) => consumer.down).map((consumer) => consumer.name);
  }

  serve(subject: string, handle: RequestHandler): Stoppable {
    const handlers = this.servers.get(subject) ?? [];
    handlers.push(handle);
    this.servers.set(subject, handlers);
    return {
      stop: async () => {
        const remaining = (this.servers.get(subject) ?? []).filter((h) => h !== handle);
        this.servers.set(subject, remaining);
      },
    };
  }

  broadcast(subject: string, data: Uint8Array): void {
    for (const handle of this.listeners.get(subject) ?? []) handle(Uint8Array.from(data));
  }

  listen(subject: string, handle: (data: Uint8Array) => void): Stoppable {
    const handlers = this.listeners.get(subject) ?? new Set();
    handlers.add(handle);
    this.listeners.set(subject, handlers);
    return { stop: async () => void handlers.delete(handle) };
  }

  async request(
    subject: string,
    data: Uint8Array,
    timeoutMs: number,
    trace?: TraceContext,
  ): Promise<Uint8Array> {
    const handlers = this.servers.get(subject) ?? [];
    if (handlers.length === 0) throw new RpcError('no_responders', subject);
    const handle = handlers[this.turn++ % handlers.length];
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new RpcError('timeout', subject)), timeoutMs);
    });
    try {
      return await Promise.race([handle(Uint8Array.from(data), trace), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }
}

/**
 * One durable consumer's pump in this process: claims a delivery, hands it to the handler, stores how it was
 * settled, and so on until nothing is due; then sleeps until a publish of its subject or its next pending
 * delivery's due time. One delivery at a time, like the JetStream consumer loop.
 */
class DurableConsumer {
  private handler?: (delivery: Delivery) => Promise<void>;
  private pumping?: Promise<void>;
  /** A publish came while the pump ran: it looks again before it sleeps. */
  private woken = false;
  private timer?: NodeJS.Timeout;
  private failures = 0;
  ackWaitMs: number;

  constructor(
    private readonly broker: InProcessBroker,
    private readonly spec: ConsumerSpec,
  ) {
    this.ackWaitMs = spec.ackWaitMs;
  }

  get name(): string {
    return this.spec.durable;
  }

  get subject(): string {
    return this.spec.subject;
  }

  /** The storage failed on the last try and the pump waits to try again. */
  get down(): boolean {
    return this.failures > 0;
  }

  attach(handler: (delivery: Delivery) => Promise<void>): Stoppable {
    this.handler = handler;
    this.wake();
    return {
      stop: async () => {
        if (this.handler === handler) await this.detach();
      },
    };
  }

  async detach(): Promise<void> {
    this.handler = undefined;
    clearTimeout(this.timer);
    await this.pumping;
  }

  wake(): void {
    if (!this.handler) return;
    if (this.pumping) {
      this.woken = true;
      return;
    }
    clearTimeout(this.timer);
    this.pumping = this.pump().finally(() => {
      this.pumping = undefined;
      if (this.woken) this.wake();
    });
  }

  private async pump(): Promise<void> {
    try {
      while (this.handler) {
        this.woken = false;
        const claimed = await this.broker.claim(this.spec.durable, this.spec.subject, this.ackWaitMs);
        this.failures = 0;
        if (!claimed) {
          if (!this.woken) this.sleepUntil(await this.broker.nextDueInMs(this.spec.durable));
          return;
        }
        await this.deliver(claimed, this.handler);
      }
    } catch (error) {
      this.failures += 1;
      const retryMs = Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** (this.failures - 1));
      this.broker.logger.warn(
        { err: error, durable: this.spec.durable, retryInMs: retryMs },
        'event consumer cannot reach the event storage; trying again',
      );
      this.sleepUntil(retryMs);
    }
  }

  private sleepUntil(delayMs: number | undefined): void {
    clearTimeout(this.timer);
    if (delayMs === undefined || !this.handler) return;
    this.timer = setTimeout(() => this.wake(), Math.ceil(delayMs));
    this.timer.unref();
  }

  private async deliver(claimed: Claimed, handler: (delivery: Delivery) => Promise<void>): Promise<void> {
    let outcome: { settled: true } | { retryInMs: number } | undefined;
    try {
      await handler({
        subject: claimed.subject,
        data: new Uint8Array(claimed.data),
        deliveryCount: claimed.deliveries,
        ack: () => (outcome ??= { settled: true }),
        nak: (delayMs) => (outcome ??= { retryInMs: delayMs }),
        term: () => (outcome ??= { settled: true }),
      });
    } catch {
      // Like a crashed consumer: the delivery stays pending and comes back after the ack wait.
    }
    if (!outcome) return;
    if ('settled' in outcome) await this.broker.settle(this.spec.durable, claimed.seq);
    else await this.broker.retryIn(this.spec.durable, claimed.seq, outcome.retryInMs);
  }
}

/** Events kept in PostgreSQL by the process's InProcessBroker; request-reply in memory. */
export class InProcessTransport implements Transport {
  readonly kind = 'in-process' as const;
  private open = false;

  /** `databaseUrl`: where the events are kept; a process without one (the gateway) uses request-reply only. */
  constructor(
    readonly broker: InProcessBroker,
    private readonly databaseUrl?: string,
  ) {}

  async start(): Promise<void> {
    await this.broker.open(this.databaseUrl);
    this.open = true;
  }

  publish(subject: string, eventId: string, data: Uint8Array): Promise<void> {
    return this.broker.publish(subject, eventId, data);
  }

  async consume(spec: ConsumerSpec, handle: (delivery: Delivery) => Promise<void>): Promise<Stoppable> {
    return this.broker.durable(spec).attach(handle);
  }

  request(subject: string, data: Uint8Array, timeoutMs: number, trace?: TraceContext): Promise<Uint8Array> {
    return this.broker.request(subject, data, timeoutMs, trace);
  }

  async serve(subject: string, _group: string, handle: RequestHandler): Promise<Stoppable> {
    return this.broker.serve(subject, handle);
  }

  async broadcast(subject: string, data: Uint8Array): Promise<void> {
    this.broker.broadcast(subject, data);
  }

  async listen(subject: string, handle: (data: Uint8Array) => void): Promise<Stoppable> {
    return this.broker.listen(subject, handle);
  }

  consumersDown(): string[] {
    return this.broker.consumersDown();
  }

  isConnected(): boolean {
    return this.open;
  }

  async close(): Promise<void> {
    if (!this.open) return;
    this.open = false;
    await this.broker.release();
  }
}
