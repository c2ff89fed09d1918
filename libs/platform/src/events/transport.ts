import type { TraceContext } from '@tourly/contracts';

/**
 * What the event backbone needs from a broker. Two implementations: NATS JetStream (whenever NATS_URL is
 * set) and an in-process broker for the all-in-one launcher; the outbox, inbox, retries and dead letters
 * sit above this interface and behave the same on both.
 */
export interface Delivery {
  /** The event type, e.g. `billing.subscription.downgraded.v1` (without any namespace). */
  readonly subject: string;
  readonly data: Uint8Array;
  /** 1 on the first delivery. */
  readonly deliveryCount: number;
  /**
   * The stream sequence from which a durable re-created once this delivery's effect is committed would miss
   * nothing this process has not settled (its first other unsettled delivery, else the one after its last): a
   * consumer records it with the effect, so that a durable lost while the service was down comes back from
   * there. Unset where the broker cannot lose a durable's position apart from its events (in-process), and for a
   * job's steps (their work queue holds exactly the steps left).
   */
  readonly resumeFrom?: number;
  ack(): void;
  /** Deliver again after the delay. */
  nak(delayMs: number): void;
  /** Never deliver again. */
  term(): void;
}

export interface ConsumerSpec {
  /** Durable name: replicas of a service share it, so each event goes to one of them. */
  durable: string;
  subject: string;
  /** Redeliver when not acknowledged within this time. */
  ackWaitMs: number;
  /** Where to create the durable from if it does not exist (a stream sequence); unset: the beginning. */
  startFrom?: number;
}

/** Answers one request; `trace` is the asker's, when it carried one. */
export type RequestHandler = (data: Uint8Array, trace?: TraceContext) => Promise<Uint8Array>;

export interface Stoppable {
  stop(): Promise<void>;
}

export interface Transport {
  readonly kind: 'nats' | 'in-process';
  /** Connects and creates the event stream if it does not exist (idempotent). */
  start(): Promise<void>;
  /**
   * Resolves once the broker has stored the event; a second publish of the same id is dropped. Rejects with
   * PublishRefusedError when the broker says this event can never be stored (too big); any other rejection
   * may succeed on another try (the broker is away, slow or without the stream yet).
   */
  publish(subject: string, eventId: string, data: Uint8Array): Promise<void>;
  /** Creates the durable consumer if needed and hands its deliveries to `handle`, one at a time. */
  consume(spec: ConsumerSpec, handle: (delivery: Delivery) => Promise<void>): Promise<Stoppable>;
  /**
   * Request-reply: the answer of one server of `subject`, or RpcError after the timeout. `trace`: the asker's, handed
   * to the server with the request (NATS headers) so its span joins the asker's trace.
   */
  request(subject: string, data: Uint8Array, timeoutMs: number, trace?: TraceContext): Promise<Uint8Array>;
  serve(subject: string, group: string, handle: RequestHandler): Promise<Stoppable>;
  /**
   * Fan-out, kept nowhere: every process listening on `subject` at that moment hears it (each replica its own
   * subscription, no queue group). Resolves once the broker has it.
   */
  broadcast(subject: string, data: Uint8Array): Promise<void>;
  listen(subject: string, handle: (data: Uint8Array) => void): Promise<Stoppable>;
  isConnected(): boolean;
  /** The durable consumers not receiving right now (lost and being re-created): readiness reports them. */
  consumersDown(): string[];
  /** Drains: in-flight work finishes, nothing new starts. */
  close(): Promise<void>;
}

/** The broker refuses this event for good (e.g. over its max payload): publishing it again cannot succeed. */
export class PublishRefusedError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PublishRefusedError';
  }
}

export class RpcError extends Error {
  constructor(
    readonly reason: 'timeout' | 'no_responders',
    readonly subject: string,
  ) {
    super(reason === 'timeout' ? `no answer on ${subject} in time` : `nobody serves ${subject}`);
    this.name = 'RpcError';
  }
}

/** Stream and subject names: a namespace lets several deployments or test runs share one NATS server. */
export function subjectPrefix(namespace: string): string {
  return namespace ? `${namespace}.` : '';
}

export function streamName(namespace: string): string {
  return namespace ? `EVENTS_${namespace}` : 'EVENTS';
}

/**
 * A long job's steps (`jobs.<service>.<step>.v<N>`) travel apart from the events: on a work-queue stream of their own
 * under NATS, where a step leaves once a worker has acknowledged it.
 */
export function isJobSubject(subject: string): boolean {
  return subject.startsWith('jobs.');
}

export function jobStreamName(namespace: string): string {
  return namespace ? `JOBS_${namespace}` : 'JOBS';
}

export function durableName(service: string, subject: string): string {
  return `${service}__${subject.replace(/[.*>]/g, '_')}`;
}
