import type { DataSource } from 'typeorm';
import type { Logger } from 'pino';
import type { TraceContext } from '@tourly/contracts';
import { NotificationListener } from '../database/notification-listener';
import { tracePublish } from '../tracing/tracing';
import { outboxChannel } from './event-bus';
import { PublishRefusedError, type Transport } from './transport';

export interface OutboxRelayOptions {
  /** The service's schema, named after the service: its publish spans carry that name. */
  schema: string;
  batchSize?: number;
  /** Safety net for a missed notification (another replica's insert, a reconnect). */
  pollIntervalMs?: number;
  /** How long published rows stay for inspection before they are deleted. */
  retentionMs?: number;
  logger: Logger;
  onPublished?: (count: number) => void;
}

/** What is waiting in the outbox: the metric and the readiness check read it. */
export interface OutboxBacklog {
  /** Seconds since the oldest row still to be published was written; 0 when none waits. Parked rows excluded. */
  oldestUnsentSeconds: number;
  /** Rows the broker refused for good, parked until an operator acts. */
  parked: number;
}

interface OutboxRow {
  id: string;
  subject: string;
  /** The encoded envelope (snake_case, as it travels), parsed. */
  envelope: { id: string; type: string; trace?: TraceContext };
}

/** One batch: rows claimed, published and parked, and the first failure worth another try, if any. */
interface BatchOutcome {
  claimed: number;
  published: number;
  parked: number;
  failure?: unknown;
}

const CLEANUP_EVERY_MS = 10 * 60 * 1000;

/**
 * Moves committed outbox rows to the broker. Woken by NOTIFY on commit (and a slow poll), it claims a batch
 * with FOR UPDATE SKIP LOCKED (replicas never publish the same row at once), publishes its rows in order and,
 * in the same transaction, marks each row the broker acknowledged as sent and parks each row the broker
 * refuses for good (PublishRefusedError: `parked_at`, `park_reason`), so one such row never holds the others
 * back. A row whose publish failed otherwise (the broker away or slow) stays unsent, first in line for the next
 * pass. A crash between publish and mark leaves rows unsent: they are published again, and the broker drops
 * them by event id (the inbox catches any that get past it).
 */
export class OutboxRelay {
  private readonly listener: NotificationListener;
  private poller?: NodeJS.Timeout;
  private running?: Promise<void>;
  private again = false;
  private stopped = true;
  private lastCleanup = 0;
  private readonly batchSize: number;

  constructor(
    private readonly dataSource: DataSource,
    private readonly transport: Transport,
    private readonly options: OutboxRelayOptions,
  ) {
    this.batchSize = options.batchSize ?? 100;
    this.listener = new NotificationListener(dataSource, {
      channel: outboxChannel(options.schema),
      onNotification: () => this.wake(),
      name: 'outbox listener',
      logger: options.logger,
    });
  }

  async start(): Promise<void> {
    if (!this.stopped) return;
    this.stopped = false;
    await this.listener.start();
    this.poller = setInterval(() => this.wake(), this.options.pollIntervalMs ?? 1000);
    this.poller.unref();
    this.wake();
  }

  /** Runs a relay pass now, or right after the one in progress. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain().finally(() => {
      this.running = undefined;
    });
  }

  private async drain(): Promise<void> {
    try {
      // The clean-up inside the loop: a notification while it deletes (the first pass's, at start) asks for a pass
      // as well, and the poll may be minutes away.
      do {
        this.again = false;
        await this.relayAll('outbox rows left for the next pass: the broker did not take them');
        await this.cleanup();
      } while (this.again && !this.stopped);
    } catch (error) {
      this.options.logger.warn({ err: error }, 'outbox relay pass failed; retrying on the next poll');
    }
  }

  /**
   * Batch after batch while they come full and move: a batch where nothing was published or parked (the broker
   * away) ends the pass, and the next poll tries again.
   */
  private async relayAll(failureMessage: string): Promise<void> {
    for (;;) {
      const batch = await this.relayBatch();
      if (batch.failure !== undefined) this.options.logger.warn({ err: batch.failure }, failureMessage);
      if (batch.claimed < this.batchSize || batch.published + batch.parked === 0) return;
    }
  }

  /**
   * Relays one batch; answers how many rows it claimed (each now published, parked or left for the next pass),
   * and rejects with the first failure worth another try, once the others are marked.
   */
  async publishBatch(): Promise<number> {
    const batch = await this.relayBatch();
    if (batch.failure !== undefined) throw batch.failure;
    return batch.claimed;
  }

  private async relayBatch(): Promise<BatchOutcome> {
    const refused: Array<{ row: OutboxRow; reason: string }> = [];
    const batch = await this.dataSource.transaction(async (tx): Promise<BatchOutcome> => {
      refused.length = 0;
      const rows: OutboxRow[] = await tx.query(
        `SELECT id, subject, envelope FROM outbox WHERE published_at IS NULL AND parked_at IS NULL
         ORDER BY created_at, id LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [this.batchSize],
      );
      if (rows.length === 0) return { claimed: 0, published: 0, parked: 0 };
      // Sent in order without waiting for each acknowledgement; each row's outcome is its own.
      const outcomes = await Promise.allSettled(
        rows.map((row) =>
          tracePublish(this.options.schema, this.transport.kind, row.envelope, (envelope) =>
            this.transport.publish(row.subject, row.id, Buffer.from(JSON.stringify(envelope))),
          ),
        ),
      );
      const published: string[] = [];
      let failure: unknown;
      outcomes.forEach((outcome, index) => {
        const row = rows[index];
        if (outcome.status === 'fulfilled') published.push(row.id);
        else if (outcome.reason instanceof PublishRefusedError)
          refused.push({ row, reason: outcome.reason.message });
        else if (failure === undefined) failure = outcome.reason ?? new Error('publish failed');
      });
      if (published.length > 0) {
        // The mark need not wait for the disk: lost in a crash, the rows are published again and dropped as
        // duplicates (the broker's window, then the inbox), as after a crash between publish and mark. The
        // events' own rows were flushed by their writers' commits.
        await tx.query(
          `WITH unflushed AS (SELECT set_config('synchronous_commit', 'off', true))
           UPDATE outbox SET published_at = now() FROM unflushed WHERE id = ANY($1)`,
          [published],
        );
      }
      for (const { row, reason } of refused) {
        await tx.query('UPDATE outbox SET parked_at = now(), park_reason = $2 WHERE id = $1', [
          row.id,
          reason,
        ]);
      }
      return { claimed: rows.length, published: published.length, parked: refused.length, failure };
    });
    for (const { row, reason } of refused) {
      this.options.logger.error(
        { eventId: row.id, subject: row.subject, reason },
        'outbox row parked: the broker refuses it for good; fix the cause, then clear its parked_at to resend it',
      );
    }
    if (batch.published > 0) this.options.onPublished?.(batch.published);
    return batch;
  }

  /** The oldest unsent row's age and the parked rows' count, for the metrics and the readiness check. */
  async backlog(): Promise<OutboxBacklog> {
    const [row] = (await this.dataSource.query(
      `SELECT coalesce((SELECT extract(epoch FROM now() - created_at) FROM outbox
                         WHERE published_at IS NULL AND parked_at IS NULL
                         ORDER BY created_at, id LIMIT 1), 0)::float8 AS oldest,
              (SELECT count(*) FROM outbox WHERE parked_at IS NOT NULL)::int AS parked`,
    )) as Array<{ oldest: number; parked: number }>;
    return { oldestUnsentSeconds: Math.max(0, row.oldest), parked: row.parked };
  }

  private async cleanup(): Promise<void> {
    const now = Date.now();
    if (now - this.lastCleanup < CLEANUP_EVERY_MS) return;
    this.lastCleanup = now;
    const retentionSeconds = Math.round((this.options.retentionMs ?? 7 * 24 * 60 * 60 * 1000) / 1000);
    await this.dataSource.query(`DELETE FROM outbox WHERE published_at < now() - make_interval(secs => $1)`, [
      retentionSeconds,
    ]);
  }

  /** Stops listening, finishes the pass in progress and publishes what is still waiting. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    clearInterval(this.poller);
    await this.listener.stop();
    await this.running;
    try {
      await this.relayAll('outbox not fully flushed at shutdown; the rows stay for the next start');
    } catch (error) {
      this.options.logger.warn(
        { err: error },
        'outbox not fully flushed at shutdown; the rows stay for the next start',
      );
    }
  }
}
