import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { EventEnvelope } from '@tourly/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import type { Logger } from 'pino';
import { traceConsume } from '../tracing/tracing';
import { decodeEnvelope } from './envelope';
import type { Delivery, Stoppable, Transport } from './transport';

/**
 * Which try of an event this is: `last` when a failure will park it rather than retry it (an operator's replay is a
 * last try too), so a handler whose work can fail for good (a vendor refusing a job's step) may record that failure
 * itself instead of throwing.
 */
export interface DeliveryAttempt {
  number: number;
  last: boolean;
}

export type EventHandler = (
  envelope: EventEnvelope,
  tx: EntityManager,
  attempt: DeliveryAttempt,
) => Promise<void>;

/** What became of one delivery (or of an operator's replay of a parked event: `replayed`). */
export type DeliveryOutcome = 'handled' | 'duplicate' | 'retrying' | 'parked' | 'replayed';

export interface SettledDelivery {
  durable: string;
  subject: string;
  eventId: string;
  outcome: DeliveryOutcome;
  attempt: number;
}

export interface RetryPolicy {
  /** Tries before an event is parked as a dead letter. */
  maxAttempts: number;
  /** Wait before try n+1 (the last value repeats). */
  backoffMs: number[];
  /** Redelivery when a handler neither finishes nor fails (a crashed process) within this time. */
  ackWaitMs: number;
}

/**
 * Nine tries over about an hour (waits of 1 s, 5 s, 30 s, 2 min, 5 min, 10 min, 15 min, 30 min: 62 min 36 s
 * in all) before an event is parked. The first waits absorb a blip (a lock, a dropped connection); the later ones
 * outlast an ordinary outage of a dependency (a restart or deploy, a database failover, a vendor's incident
 * of tens of minutes) while costing a failing event only nine tries. What fails for longer is an incident:
 * the parked event raises the alert, and an operator replays it once the cause is fixed.
 * `EVENT_RETRY_BACKOFF_MS` replaces the waits (tests use milliseconds).
 */
export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 9,
  backoffMs: [1_000, 5_000, 30_000, 120_000, 300_000, 600_000, 900_000, 1_800_000],
  ackWaitMs: 30_000,
};

/**
 * The retry policy of a service: the waits of `EVENT_RETRY_BACKOFF_MS` when set (one more try than waits),
 * else the service's own policy, else the platform's default; `EVENT_ACK_WAIT_MS` replaces the ack wait.
 */
export function retryPolicyOf(
  config: { EVENT_RETRY_BACKOFF_MS?: string; EVENT_ACK_WAIT_MS?: number },
  fallback: RetryPolicy = DEFAULT_RETRY_POLICY,
): RetryPolicy {
  const ackWaitMs = config.EVENT_ACK_WAIT_MS ?? fallback.ackWaitMs;
  const text = config.EVENT_RETRY_BACKOFF_MS?.trim();
  if (!text) return config.EVENT_ACK_WAIT_MS === undefined ? fallback : { ...fallback, ackWaitMs };
  const backoffMs = text.split(',').map((wait) => Number(wait.trim()));
  if (backoffMs.some((wait) => !Number.isSafeInteger(wait) || wait <= 0)) {
    throw new Error(`EVENT_RETRY_BACKOFF_MS must list whole numbers of milliseconds, not "${text}"`);
  }
  return { maxAttempts: backoffMs.length + 1, backoffMs, ackWaitMs };
}

const INBOX_INSERT =
  'INSERT INTO inbox (consumer, event_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING event_id';
/** This replica's position, with INBOX_INSERT's consumer ($1): its instance ($3) and where it resumes ($4). */
const POSITION_UPSERT = `INSERT INTO consumer_positions (consumer, instance, resume_from) VALUES ($1, $3, $4)
  ON CONFLICT (consumer, instance) DO UPDATE SET resume_from = EXCLUDED.resume_from, updated_at = now()`;

export interface EventConsumerOptions {
  /** The service that consumes: its spans carry that name. */
  service: string;
  durable: string;
  subject: string;
  handler: EventHandler;
  retry?: RetryPolicy;
  logger: Logger;
}

/**
 * Runs a handler for each event of one subject, exactly once in effect: the handler's transaction also
 * inserts the event id into the inbox, so a redelivery (after a crash before the ack, or a duplicate
 * publish) finds it there and changes nothing. A failing handler is retried with back-off; after the
 * last try the event is parked in `dead_letters` and acknowledged, so it stops blocking the subject.
 */
export class EventConsumer {
  /** Emits 'settled' with a SettledDelivery after every delivery: metrics and logs listen here. */
  readonly settled = new EventEmitter();
  private subscription?: Stoppable;
  private readonly retry: RetryPolicy;
  /** This replica's row in consumer_positions. */
  private readonly instance = randomUUID();

  constructor(
    private readonly dataSource: DataSource,
    private readonly transport: Transport,
    private readonly options: EventConsumerOptions,
  ) {
    this.retry = options.retry ?? DEFAULT_RETRY_POLICY;
  }

  get durable(): string {
    return this.options.durable;
  }

  async start(): Promise<void> {
    this.subscription = await this.transport.consume(
      {
        durable: this.options.durable,
        subject: this.options.subject,
        ackWaitMs: this.retry.ackWaitMs,
        startFrom: await this.recordedPosition(),
      },
      (delivery) => this.process(delivery),
    );
  }

  /**
   * Where the durable resumes if the broker lost it while no replica ran: the lowest position a replica recorded.
   * A replica silent for longer than any delivery stays unsettled (its retries, twice the ack wait, and an hour)
   * has nothing left that another replica did not take over: its row goes, after the read.
   */
  private async recordedPosition(): Promise<number | undefined> {
    const [row] = (await this.dataSource.query(
      'SELECT min(resume_from)::text AS position FROM consumer_positions WHERE consumer = $1',
      [this.durable],
    )) as Array<{ position: string | null }>;
    const staleAfterMs =
      this.retry.backoffMs.reduce((sum, wait) => sum + wait, 0) + 2 * this.retry.ackWaitMs + 3_600_000;
    await this.dataSource.query(
      `DELETE FROM consumer_positions
       WHERE consumer = $1 AND updated_at < now() - make_interval(secs => $2::float8 / 1000)`,
      [this.durable, staleAfterMs],
    );
    return row?.position ? Number(row.position) : undefined;
  }

  async stop(): Promise<void> {
    await this.subscription?.stop();
    this.subscription = undefined;
  }

  async process(delivery: Delivery): Promise<void> {
    let envelope: EventEnvelope;
    try {
      envelope = decodeEnvelope(delivery.data);
    } catch (error) {
      // No handler can take it, now or later: park its bytes for an operator rather than lose it.
      await this.park(delivery, undefined, delivery.deliveryCount, `undecodable event: ${errorText(error)}`);
      return;
    }
    const attempt = delivery.deliveryCount;
    // Redelivered past the last try: the process died while handling it the last time.
    if (attempt > this.retry.maxAttempts) {
      await this.park(
        delivery,
        envelope,
        attempt - 1,
        'the handler did not finish (process stopped) on its last try',
      );
      return;
    }
    try {
      const handled = await traceConsume(
        this.options.service,
        this.transport.kind,
        this.durable,
        envelope,
        () =>
          this.dataSource.transaction((tx) =>
            this.handleOnce(envelope, tx, delivery.resumeFrom, {
              number: attempt,
              last: attempt >= this.retry.maxAttempts,
            }),
          ),
      );
      delivery.ack();
      this.emit(envelope, handled ? 'handled' : 'duplicate', attempt);
    } catch (error) {
      if (attempt >= this.retry.maxAttempts) {
        await this.park(delivery, envelope, attempt, errorText(error));
        return;
      }
      const delay = this.retry.backoffMs[Math.min(attempt - 1, this.retry.backoffMs.length - 1)] ?? 1000;
      this.options.logger.warn(
        { err: error, durable: this.durable, eventId: envelope.id, attempt, retryInMs: delay },
        'event handler failed; will retry',
      );
      delivery.nak(delay);
      this.emit(envelope, 'retrying', attempt);
    }
  }

  /**
   * The one way an event reaches the handler, for a delivery and for an operator's replay alike: in the
   * caller's transaction, behind the inbox. False when the inbox already holds the event (no second effect).
   * `resumeFrom` (a delivery's): where this replica's consumer would resume, recorded in the same statement as the
   * inbox row (one round trip per event, not two), redelivered or not.
   */
  async handleOnce(
    envelope: EventEnvelope,
    tx: EntityManager,
    resumeFrom?: number,
    attempt: DeliveryAttempt = { number: 1, last: true },
  ): Promise<boolean> {
    const inserted: unknown[] =
      resumeFrom === undefined
        ? await tx.query(INBOX_INSERT, [this.durable, envelope.id])
        : await tx.query(`WITH position AS (${POSITION_UPSERT}) ${INBOX_INSERT}`, [
            this.durable,
            envelope.id,
            this.instance,
            resumeFrom,
          ]);
    if (inserted.length === 0) return false;
    await this.options.handler(envelope, tx, attempt);
    return true;
  }

  /** Reports a parked event that an operator's replay has handled (or found handled already). */
  replayed(envelope: EventEnvelope, attempt: number): void {
    this.emit(envelope, 'replayed', attempt);
  }

  /**
   * Keeps the event in `dead_letters` (an undecodable one as its raw bytes, without envelope or id), then
   * acknowledges it for good and says so in an error line and the `parked` outcome (the alert's sources).
   */
  private async park(
    delivery: Delivery,
    envelope: EventEnvelope | undefined,
    attempts: number,
    error: string,
  ): Promise<void> {
    try {
      await this.dataSource.query(
        `INSERT INTO dead_letters (consumer, event_id, subject, envelope, raw, error, attempts)
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT ON CONSTRAINT dead_letters_consumer_event_uq DO NOTHING`,
        [
          this.durable,
          envelope?.id ?? null,
          delivery.subject,
          envelope ? Buffer.from(delivery.data).toString('utf8') : null,
          envelope ? null : Buffer.from(delivery.data),
          error,
          Math.max(attempts, 1),
        ],
      );
    } catch (failure) {
      // Parking needs the database; without it, leave the event with the broker for later.
      this.options.logger.error({ err: failure, eventId: envelope?.id }, 'could not park a dead letter');
      delivery.nak(this.retry.backoffMs[this.retry.backoffMs.length - 1] ?? 1000);
      return;
    }
    delivery.term();
    this.options.logger.error(
      {
        consumer: this.durable,
        subject: delivery.subject,
        eventId: envelope?.id ?? null,
        attempts,
        error,
      },
      'event parked as a dead letter',
    );
    this.emit(envelope ?? { id: '', type: delivery.subject }, 'parked', attempts);
  }

  private emit(envelope: { id: string; type: string }, outcome: DeliveryOutcome, attempt: number): void {
    const settled: SettledDelivery = {
      durable: this.durable,
      subject: envelope.type,
      eventId: envelope.id,
      outcome,
      attempt,
    };
    this.settled.emit('settled', settled);
  }
}

function errorText(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  if (typeof error === 'object' && error !== null) return JSON.stringify(error);
  return String(error);
}
