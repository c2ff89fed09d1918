import { RpcError, type ConsumerSpec, type Delivery, type Stoppable, type Transport } from './transport';

interface StoredMessage {
  seq: number;
  subject: string;
  data: Uint8Array;
}

/** Messages kept for durable consumers that start later; the all-in-one launcher's stand-in for retention. */
const RETAINED_MESSAGES = 10_000;

/**
 * A broker inside one process, for the all-in-one launcher: what JetStream does for the platform (a stream
 * with id dedupe, durable consumers that resume where they stopped, redelivery after the ack wait or a nak)
 * and request-reply. Services hosted in the same process share it by namespace.
 *
 * What it cannot do is survive the process: events already marked sent in an outbox but not yet handled
 * are lost if the process dies. That is the trade of running without NATS.
 */
export class InProcessBroker {
  private static readonly brokers = new Map<string, InProcessBroker>();
  private readonly log: StoredMessage[] = [];
  private nextSeq = 1;
  private readonly seenIds = new Map<string, number>();
  private readonly consumers = new Map<string, DurableConsumer>();
  private readonly servers = new Map<string, Array<(data: Uint8Array) => Promise<Uint8Array>>>();
  private turn = 0;

  constructor(readonly duplicateWindowMs = 2 * 60 * 1000) {}

  static shared(namespace: string): InProcessBroker {
    let broker = InProcessBroker.brokers.get(namespace);
    if (!broker) {
      broker = new InProcessBroker();
      InProcessBroker.brokers.set(namespace, broker);
    }
    return broker;
  }

  publish(subject: string, id: string, data: Uint8Array): void {
    const now = Date.now();
    const seenAt = this.seenIds.get(id);
    if (seenAt !== undefined && now - seenAt < this.duplicateWindowMs) return;
    this.seenIds.set(id, now);
    if (this.seenIds.size > RETAINED_MESSAGES) this.forgetOldIds(now);
    this.log.push({ seq: this.nextSeq++, subject, data: Uint8Array.from(data) });
    if (this.log.length > RETAINED_MESSAGES) this.log.splice(0, this.log.length - RETAINED_MESSAGES);
    for (const consumer of this.consumers.values()) consumer.wake();
  }

  private forgetOldIds(now: number): void {
    for (const [id, at] of this.seenIds) if (now - at >= this.duplicateWindowMs) this.seenIds.delete(id);
  }

  /** The first message of `subject` after `seq`: scanning from the cursor, not from the start of the log. */
  messagesAfter(seq: number, subject: string): StoredMessage | undefined {
    for (let index = Math.max(0, this.indexOf(seq + 1)); index < this.log.length; index++) {
      if (this.log[index].subject === subject) return this.log[index];
    }
    return undefined;
  }

  message(seq: number): StoredMessage | undefined {
    const index = this.indexOf(seq);
    return index >= 0 ? this.log[index] : undefined;
  }

  /** Sequence numbers are consecutive, so a message's place in the (front-trimmed) log follows from its own. */
  private indexOf(seq: number): number {
    return this.log.length === 0 ? -1 : seq - this.log[0].seq;
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

  serve(subject: string, handle: (data: Uint8Array) => Promise<Uint8Array>): Stoppable {
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

  async request(subject: string, data: Uint8Array, timeoutMs: number): Promise<Uint8Array> {
    const handlers = this.servers.get(subject) ?? [];
    if (handlers.length === 0) throw new RpcError('no_responders', subject);
    const handle = handlers[this.turn++ % handlers.length];
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new RpcError('timeout', subject)), timeoutMs);
    });
    try {
      return await Promise.race([handle(Uint8Array.from(data)), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }
}

/**
 * One durable consumer: a cursor over the log for its subject, plus the messages delivered but not yet
 * acknowledged. Handles one delivery at a time, like the JetStream consumer loop.
 */
class DurableConsumer {
  private cursor = 0;
  private readonly deliveries = new Map<number, number>();
  private readonly redeliver: number[] = [];
  private readonly timers = new Map<number, NodeJS.Timeout>();
  private handler?: (delivery: Delivery) => Promise<void>;
  private pumping?: Promise<void>;
  /** A message came while the pump ran: it looks again before it stops. */
  private woken = false;
  ackWaitMs: number;

  constructor(
    private readonly broker: InProcessBroker,
    private readonly spec: ConsumerSpec,
  ) {
    this.ackWaitMs = spec.ackWaitMs;
  }

  attach(handler: (delivery: Delivery) => Promise<void>): Stoppable {
    this.handler = handler;
    this.wake();
    return {
      stop: async () => {
        if (this.handler === handler) this.handler = undefined;
        await this.pumping;
      },
    };
  }

  wake(): void {
    if (!this.handler) return;
    if (this.pumping) {
      // The pump may have found nothing already and only be waiting to stop (the relay publishes a batch in one
      // go): without this, a message published right behind another subject's would wait for the next publish.
      this.woken = true;
      return;
    }
    this.pumping = this.pump().finally(() => {
      this.pumping = undefined;
      if (this.woken) this.wake();
    });
  }

  private async pump(): Promise<void> {
    while (this.handler) {
      this.woken = false;
      const seq = this.nextSeq();
      if (seq === undefined) return;
      const message = this.broker.message(seq);
      if (!message) continue;
      await this.deliver(message, this.handler);
    }
  }

  private nextSeq(): number | undefined {
    const due = this.redeliver.shift();
    if (due !== undefined) return due;
    const next = this.broker.messagesAfter(this.cursor, this.spec.subject);
    if (!next) return undefined;
    this.cursor = next.seq;
    return next.seq;
  }

  private async deliver(
    message: StoredMessage,
    handler: (delivery: Delivery) => Promise<void>,
  ): Promise<void> {
    const count = (this.deliveries.get(message.seq) ?? 0) + 1;
    this.deliveries.set(message.seq, count);
    let settled = false;
    const settle = () => {
      settled = true;
      clearTimeout(this.timers.get(message.seq));
      this.timers.delete(message.seq);
    };
    this.schedule(message.seq, this.ackWaitMs);
    try {
      await handler({
        subject: message.subject,
        data: message.data,
        deliveryCount: count,
        ack: () => {
          if (settled) return;
          settle();
          this.deliveries.delete(message.seq);
        },
        nak: (delayMs) => {
          if (settled) return;
          settle();
          this.schedule(message.seq, delayMs);
        },
        term: () => {
          if (settled) return;
          settle();
          this.deliveries.delete(message.seq);
        },
      });
    } catch {
      // Like a crashed consumer: the message comes back after the ack wait.
    }
  }

  private schedule(seq: number, delayMs: number): void {
    clearTimeout(this.timers.get(seq));
    const timer = setTimeout(() => {
      this.timers.delete(seq);
      this.redeliver.push(seq);
      this.wake();
    }, delayMs);
    timer.unref();
    this.timers.set(seq, timer);
  }
}

export class InProcessTransport implements Transport {
  readonly kind = 'in-process' as const;
  private open = false;

  constructor(readonly broker: InProcessBroker) {}

  async start(): Promise<void> {
    this.open = true;
  }

  async publish(subject: string, eventId: string, data: Uint8Array): Promise<void> {
    this.broker.publish(subject, eventId, data);
  }

  async consume(spec: ConsumerSpec, handle: (delivery: Delivery) => Promise<void>): Promise<Stoppable> {
    return this.broker.durable(spec).attach(handle);
  }

  request(subject: string, data: Uint8Array, timeoutMs: number): Promise<Uint8Array> {
    return this.broker.request(subject, data, timeoutMs);
  }

  async serve(
    subject: string,
    _group: string,
    handle: (data: Uint8Array) => Promise<Uint8Array>,
  ): Promise<Stoppable> {
    return this.broker.serve(subject, handle);
  }

  /** In one process a consumer cannot be lost apart from the process itself. */
  consumersDown(): string[] {
    return [];
  }

  isConnected(): boolean {
    return this.open;
  }

  async close(): Promise<void> {
    this.open = false;
  }
}
