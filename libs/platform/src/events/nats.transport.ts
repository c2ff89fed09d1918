import {
  AckPolicy,
  ConsumerEvents,
  DeliverPolicy,
  ErrorCode,
  RetentionPolicy,
  StorageType,
  connect,
  headers,
  nanos,
  type ConsumerConfig,
  type ConsumerMessages,
  type JetStreamClient,
  type JetStreamManager,
  type MsgHdrs,
  type NatsConnection,
  type NatsError,
} from 'nats';
import { BACKEND_SERVICES, type TraceContext } from '@tourly/contracts';
import type { Logger } from 'pino';
import {
  isJobSubject,
  jobStreamName,
  PublishRefusedError,
  RpcError,
  streamName,
  subjectPrefix,
  type ConsumerSpec,
  type Delivery,
  type RequestHandler,
  type Stoppable,
  type Transport,
} from './transport';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Unacknowledged messages a consumer holds at once; small, so a slow handler doesn't age many of them. */
const PULL_BATCH = 32;
/**
 * A job step can take seconds (a vendor's work): a worker holds two at once and handles both together (one's vendor
 * call while the other commits); a deeper prefetch would let steps' ack wait run out while they wait, and replicas
 * would share a queue less evenly.
 */
const JOB_PULL_BATCH = 2;

export interface NatsTransportOptions {
  /** A server, or the servers of one cluster comma-separated. */
  url: string;
  namespace: string;
  /** Connection name shown by the NATS server, e.g. the service name. */
  name: string;
  logger: Logger;
  /** How long the stream remembers event ids to drop a republished one. */
  duplicateWindowMs?: number;
  /** Copies of the stream (EVENTS_STREAM_REPLICAS): 1 on one server, 3 on a three-node cluster. */
  replicas?: number;
}

/** Events on a JetStream stream with durable pull consumers; request-reply on plain NATS subjects. */
export class NatsTransport implements Transport {
  readonly kind = 'nats' as const;
  private nc?: NatsConnection;
  private js?: JetStreamClient;
  private jsm?: JetStreamManager;
  private connected = false;
  private readonly down = new Set<string>();
  private readonly prefix: string;
  private readonly stream: string;
  private readonly jobStream: string;

  constructor(private readonly options: NatsTransportOptions) {
    this.prefix = subjectPrefix(options.namespace);
    this.stream = streamName(options.namespace);
    this.jobStream = jobStreamName(options.namespace);
  }

  async start(): Promise<void> {
    this.nc = await connect({
      servers: this.options.url.split(','),
      name: this.options.name,
      maxReconnectAttempts: -1,
      reconnectTimeWait: 500,
    });
    this.connected = true;
    void this.watchStatus(this.nc);
    this.jsm = await this.nc.jetstreamManager();
    this.js = this.nc.jetstream();
    await this.ensureStream(this.jsm, {
      name: this.stream,
      subjects: BACKEND_SERVICES.map((service) => `${this.prefix}${service}.>`),
      retention: RetentionPolicy.Limits,
    });
    // Long jobs' steps: a work queue, so a step leaves the stream once a worker has acknowledged it.
    await this.ensureStream(this.jsm, {
      name: this.jobStream,
      subjects: [`${this.prefix}jobs.>`],
      retention: RetentionPolicy.Workqueue,
    });
  }

  private async watchStatus(nc: NatsConnection): Promise<void> {
    for await (const status of nc.status()) {
      if (status.type === 'disconnect') this.connected = false;
      if (status.type === 'reconnect') this.connected = true;
      if (status.type === 'disconnect' || status.type === 'reconnect') {
        this.options.logger.warn({ nats: status.type }, `NATS ${status.type}`);
      }
    }
  }

  private async ensureStream(
    jsm: JetStreamManager,
    stream: { name: string; subjects: string[]; retention: RetentionPolicy },
  ): Promise<void> {
    const config = {
      ...stream,
      storage: StorageType.File,
      max_age: nanos(7 * DAY_MS),
      duplicate_window: nanos(this.options.duplicateWindowMs ?? 2 * 60 * 1000),
      num_replicas: this.options.replicas ?? 1,
    };
    try {
      const info = await jsm.streams.info(stream.name);
      if (info.config.num_replicas !== config.num_replicas) {
        this.options.logger.warn(
          { stream: stream.name, replicas: info.config.num_replicas, wanted: config.num_replicas },
          'the event stream has another number of replicas than EVENTS_STREAM_REPLICAS; change it with `nats stream edit`',
        );
      }
      const missing = config.subjects.filter((subject) => !info.config.subjects.includes(subject));
      if (missing.length > 0)
        await jsm.streams.update(stream.name, { ...info.config, subjects: config.subjects });
    } catch (error) {
      if (!isNotFound(error)) throw error;
      try {
        await jsm.streams.add(config);
      } catch (raced) {
        // Another replica (or another service of this process) created it between our look and our add. The server
        // says so as a name already in use or, when both adds passed its own look before either was made, as
        // subjects overlapping the stream the other one made (orders-restart.e2e failed on that once, its services
        // starting together): then the stream must be there by its name, and if another stream owns the subjects,
        // this read fails and says so.
        const message = (raced as Error).message;
        if (!/already in use|exists|overlap/i.test(message)) throw raced;
        if (/overlap/i.test(message)) await jsm.streams.info(stream.name);
      }
    }
  }

  async publish(subject: string, eventId: string, data: Uint8Array): Promise<void> {
    try {
      await this.client().publish(this.prefix + subject, data, { msgID: eventId });
    } catch (error) {
      throw this.refusal(error, data.length) ?? error;
    }
  }

  /** A publish failure that no later try can cure, as a PublishRefusedError; undefined for the others. */
  private refusal(error: unknown, size: number): PublishRefusedError | undefined {
    const { code, api_error: apiError } = error as NatsError & {
      api_error?: { code?: number; err_code?: number; description?: string };
    };
    if (code === ErrorCode.MaxPayloadExceeded) {
      const max = this.nc?.info?.max_payload;
      return new PublishRefusedError(
        `the event is ${size} bytes, over the NATS server's max payload${max ? ` of ${max} bytes` : ''}`,
        { cause: error },
      );
    }
    if (code === ErrorCode.BadPayload || code === ErrorCode.BadSubject) {
      return new PublishRefusedError(`NATS refuses the event: ${(error as Error).message}`, { cause: error });
    }
    // JetStream's own answer to this message (e.g. 10054: over the stream's max message size); its 503s
    // (no stream yet, no JetStream) pass.
    if (apiError?.code === 400) {
      return new PublishRefusedError(
        `JetStream refuses the event: ${apiError.description ?? (error as Error).message} (${apiError.err_code})`,
        { cause: error },
      );
    }
    return undefined;
  }

  /**
   * Hands the durable consumer's deliveries to `handle`, supervised: when the consumer is lost (deleted in
   * JetStream, its loop failing), it is reported down, logged, and re-created from where it was (the first
   * delivery not yet settled, else the one after the last handled), not from the subject's beginning.
   */
  async consume(spec: ConsumerSpec, handle: (delivery: Delivery) => Promise<void>): Promise<Stoppable> {
    let stopped = false;
    let lastSequence = 0;
    /** Stream sequences delivered and neither acknowledged nor terminated: a retry may still be owed. */
    const unsettled = new Set<number>();
    let current: ConsumerMessages | undefined;
    const prefixLength = this.prefix.length;

    /** The first sequence not settled (leaving out `handled`, whose effect is being committed), else the next. */
    const resumeFrom = (handled?: number) => {
      const open = [...unsettled].filter((sequence) => sequence !== handled);
      if (open.length > 0) return Math.min(...open);
      return lastSequence > 0 ? lastSequence + 1 : (spec.startFrom ?? 0);
    };

    // Events one at a time, in order; a job's steps (independent, each behind the inbox) as many at once as are pulled,
    // so that one step's vendor call runs while the one before stores its result and commits.
    const jobs = isJobSubject(spec.subject);
    const concurrency = jobs ? JOB_PULL_BATCH : 1;
    const run = async (messages: ConsumerMessages): Promise<void> => {
      const inFlight = new Set<Promise<void>>();
      for await (const message of messages) {
        const sequence = message.info.streamSequence;
        unsettled.add(sequence);
        lastSequence = Math.max(lastSequence, sequence);
        const handled = handle({
          subject: message.subject.slice(prefixLength),
          data: message.data,
          deliveryCount: message.info.redeliveryCount,
          // A work queue holds exactly the steps left: a lost durable comes back from its head, no position to record
          // (and two steps at once would wait on each other's row of it).
          resumeFrom: jobs ? undefined : resumeFrom(sequence),
          ack: () => {
            unsettled.delete(sequence);
            message.ack();
          },
          nak: (delayMs) => message.nak(delayMs),
          term: () => {
            unsettled.delete(sequence);
            message.term();
          },
        });
        inFlight.add(handled);
        handled.then(
          () => inFlight.delete(handled),
          () => inFlight.delete(handled),
        );
        if (inFlight.size >= concurrency) await Promise.race(inFlight);
      }
      await Promise.all(inFlight);
    };
    /** Resolves with why the consumer was lost: its loop ended, or JetStream says it is gone. */
    const lost = (messages: ConsumerMessages): Promise<unknown> =>
      Promise.race([
        run(messages).then(
          () => new Error('the delivery loop ended'),
          (error: unknown) => error,
        ),
        (async () => {
          for await (const status of await messages.status()) {
            if (
              status.type === ConsumerEvents.ConsumerDeleted ||
              status.type === ConsumerEvents.ConsumerNotFound
            )
              return new Error(`${status.type}: ${String(status.data)}`);
          }
          return new Error('the status stream ended');
        })(),
      ]);
    // The first opening is part of starting (a service that cannot consume does not start); later ones retry.
    current = await this.openConsumer(spec, spec.startFrom ?? 0);
    const supervise = (async () => {
      let retryMs = 100;
      for (;;) {
        const reason = await lost(current!);
        if (stopped) return;
        current!.stop();
        this.down.add(spec.durable);
        this.options.logger.error(
          { err: reason, durable: spec.durable, resumeFrom: resumeFrom() },
          'event consumer lost; re-creating it from where it was',
        );
        for (;;) {
          try {
            current = await this.openConsumer(spec, resumeFrom());
            break;
          } catch (error) {
            if (stopped) return;
            this.options.logger.error(
              { err: error, durable: spec.durable },
              'event consumer could not be re-created; retrying',
            );
            await new Promise((resolve) => setTimeout(resolve, retryMs));
            retryMs = Math.min(retryMs * 2, 5_000);
          }
        }
        if (stopped) return current.stop();
        retryMs = 100;
        this.down.delete(spec.durable);
        this.options.logger.info({ durable: spec.durable }, 'event consumer re-created');
      }
    })();
    return {
      stop: async () => {
        stopped = true;
        current?.stop();
        await supervise;
        this.down.delete(spec.durable);
      },
    };
  }

  /**
   * Creates the durable consumer if it does not exist (from stream sequence `startSequence`, or from the
   * beginning with 0) and starts pulling from it. A job step's consumer always starts from the beginning of its work
   * queue: the queue holds only the steps not yet acknowledged.
   */
  private async openConsumer(spec: ConsumerSpec, startSequence: number): Promise<ConsumerMessages> {
    const jsm = this.manager();
    const stream = isJobSubject(spec.subject) ? this.jobStream : this.stream;
    const from = stream === this.stream ? startSequence : 0;
    const config: Partial<ConsumerConfig> = {
      durable_name: spec.durable,
      filter_subject: this.prefix + spec.subject,
      ack_policy: AckPolicy.Explicit,
      ...(from > 0
        ? { deliver_policy: DeliverPolicy.StartSequence, opt_start_seq: from }
        : { deliver_policy: DeliverPolicy.All }),
      ack_wait: nanos(spec.ackWaitMs),
      max_deliver: -1,
      max_ack_pending: 1000,
    };
    // An existing durable keeps its own position (JetStream refuses to change where it delivers from): only the
    // ack wait follows the configuration. A missing one is created from `from`.
    if (await this.consumerExists(stream, spec.durable)) {
      await jsm.consumers.update(stream, spec.durable, { ack_wait: config.ack_wait });
    } else {
      try {
        await jsm.consumers.add(stream, config);
        if (from > 0) {
          this.options.logger.warn(
            { durable: spec.durable, startSequence: from },
            'event consumer was missing; created from where it was',
          );
        }
      } catch (error) {
        // Another replica created it between our look and our add: it stands as that replica made it.
        if (!(await this.consumerExists(stream, spec.durable))) throw error;
      }
    }
    const consumer = await this.client().consumers.get(stream, spec.durable);
    return consumer.consume({
      max_messages: stream === this.jobStream ? JOB_PULL_BATCH : PULL_BATCH,
      expires: 5000,
    });
  }

  private async consumerExists(stream: string, durable: string): Promise<boolean> {
    try {
      await this.manager().consumers.info(stream, durable);
      return true;
    } catch (error) {
      const { code, api_error: apiError } = error as NatsError & { api_error?: { err_code?: number } };
      if (code === '404' || apiError?.err_code === 10014) return false;
      throw error;
    }
  }

  /** Durable consumers lost and not yet re-created. */
  consumersDown(): string[] {
    return [...this.down];
  }

  async request(
    subject: string,
    data: Uint8Array,
    timeoutMs: number,
    trace?: TraceContext,
  ): Promise<Uint8Array> {
    try {
      const reply = await this.connection().request(`${this.prefix}rpc.${subject}`, data, {
        timeout: timeoutMs,
        ...(trace ? { headers: traceHeaders(trace) } : {}),
      });
      return reply.data;
    } catch (error) {
      const code = (error as NatsError).code;
      if (code === ErrorCode.NoResponders) throw new RpcError('no_responders', subject);
      if (code === ErrorCode.Timeout) throw new RpcError('timeout', subject);
      throw error;
    }
  }

  async serve(subject: string, group: string, handle: RequestHandler): Promise<Stoppable> {
    const subscription = this.connection().subscribe(`${this.prefix}rpc.${subject}`, {
      queue: group,
      callback: (error, message) => {
        if (error) return;
        handle(message.data, carriedTrace(message.headers)).then(
          (answer) => message.respond(answer),
          (failure: unknown) =>
            this.options.logger.error({ err: failure, subject }, 'request handler failed'),
        );
      },
    });
    // Serving once this resolves: the server has the subscription, so the next ask finds a responder.
    await this.connection().flush();
    return { stop: async () => subscription.drain() };
  }

  /** Flushed: the server has it (and has passed it on to the listeners) before this resolves. */
  async broadcast(subject: string, data: Uint8Array): Promise<void> {
    const nc = this.connection();
    nc.publish(`${this.prefix}notice.${subject}`, data);
    await nc.flush();
  }

  async listen(subject: string, handle: (data: Uint8Array) => void): Promise<Stoppable> {
    const subscription = this.connection().subscribe(`${this.prefix}notice.${subject}`, {
      callback: (error, message) => {
        if (!error) handle(message.data);
      },
    });
    // Listening once this resolves: a notice sent after it reaches this process.
    await this.connection().flush();
    return { stop: async () => subscription.drain() };
  }

  isConnected(): boolean {
    return this.connected && !!this.nc && !this.nc.isClosed();
  }

  async close(): Promise<void> {
    if (this.nc && !this.nc.isClosed()) await this.nc.drain();
    this.connected = false;
  }

  /** The underlying connection, for what the transport does not wrap (JetStream management, KV buckets). */
  connection(): NatsConnection {
    if (!this.nc) throw new Error('NATS transport used before start()');
    return this.nc;
  }

  private client(): JetStreamClient {
    if (!this.js) throw new Error('NATS transport used before start()');
    return this.js;
  }

  private manager(): JetStreamManager {
    if (!this.jsm) throw new Error('NATS transport used before start()');
    return this.jsm;
  }
}

function isNotFound(error: unknown): boolean {
  const { code, api_error: apiError } = error as NatsError & { api_error?: { err_code?: number } };
  return code === '404' || apiError?.err_code === 10059 || /stream not found/i.test((error as Error).message);
}

/** A request's trace as NATS headers, named as the W3C's HTTP headers are. */
function traceHeaders(trace: TraceContext): MsgHdrs {
  const carried = headers();
  carried.set('traceparent', trace.traceparent);
  if (trace.tracestate) carried.set('tracestate', trace.tracestate);
  return carried;
}

function carriedTrace(carried: MsgHdrs | undefined): TraceContext | undefined {
  const traceparent = carried?.get('traceparent');
  if (!traceparent) return undefined;
  const tracestate = carried!.get('tracestate');
  return tracestate ? { traceparent, tracestate } : { traceparent };
}
