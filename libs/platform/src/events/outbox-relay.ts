import type { DataSource } from 'typeorm';
import { Client } from 'pg';
import type { Logger } from 'pino';
import { outboxChannel } from './event-bus';
import type { Transport } from './transport';

export interface OutboxRelayOptions {
  schema: string;
  batchSize?: number;
  /** Safety net for a missed notification (another replica's insert, a reconnect). */
  pollIntervalMs?: number;
  /** How long published rows stay for inspection before they are deleted. */
  retentionMs?: number;
  logger: Logger;
  onPublished?: (count: number) => void;
}

interface OutboxRow {
  id: string;
  subject: string;
  envelope: unknown;
}

const CLEANUP_EVERY_MS = 10 * 60 * 1000;

/**
 * Moves committed outbox rows to the broker. Woken by NOTIFY on commit (and a slow poll), it claims a batch
 * with FOR UPDATE SKIP LOCKED (replicas never publish the same row at once), publishes it and marks it sent
 * in the same transaction. A crash between publish and mark leaves the rows unsent: they are published
 * again, and the broker drops them by event id (the inbox catches any that get past it).
 */
export class OutboxRelay {
  /** A connection of its own, outside the pool: LISTEN belongs to one connection for its whole life. */
  private listener?: Client;
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
  }

  async start(): Promise<void> {
    if (!this.stopped) return;
    this.stopped = false;
    await this.listen();
    this.poller = setInterval(() => this.wake(), this.options.pollIntervalMs ?? 1000);
    this.poller.unref();
    this.wake();
  }

  private async listen(): Promise<void> {
    const { url } = this.dataSource.options as { url?: string };
    const client = new Client({ connectionString: url });
    client.on('notification', () => this.wake());
    client.on('error', (error) => {
      if (this.listener !== client) return;
      this.listener = undefined;
      void client.end().catch(() => undefined);
      if (this.stopped) return;
      this.options.logger.warn(
        { err: error },
        'outbox listener lost its connection; polling until it is back',
      );
      setTimeout(() => void this.listen().catch(() => undefined), 1000).unref();
    });
    await client.connect();
    await client.query(`LISTEN "${outboxChannel(this.options.schema)}"`);
    this.listener = client;
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
      do {
        this.again = false;
        while ((await this.publishBatch()) === this.batchSize) {
          /* a full batch: there may be more */
        }
      } while (this.again && !this.stopped);
      await this.cleanup();
    } catch (error) {
      this.options.logger.warn({ err: error }, 'outbox relay pass failed; retrying on the next poll');
    }
  }

  /** Publishes one batch; answers how many rows it published. */
  async publishBatch(): Promise<number> {
    return this.dataSource.transaction(async (tx) => {
      const rows: OutboxRow[] = await tx.query(
        `SELECT id, subject, envelope FROM outbox WHERE published_at IS NULL
         ORDER BY created_at, id LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [this.batchSize],
      );
      if (rows.length === 0) return 0;
      await Promise.all(
        rows.map((row) =>
          this.transport.publish(row.subject, row.id, Buffer.from(JSON.stringify(row.envelope))),
        ),
      );
      await tx.query('UPDATE outbox SET published_at = now() WHERE id = ANY($1)', [
        rows.map((row) => row.id),
      ]);
      this.options.onPublished?.(rows.length);
      return rows.length;
    });
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
    await this.running;
    try {
      while ((await this.publishBatch()) === this.batchSize) {
        /* flush */
      }
    } catch (error) {
      this.options.logger.warn(
        { err: error },
        'outbox not fully flushed at shutdown; the rows stay for the next start',
      );
    }
    const listener = this.listener;
    this.listener = undefined;
    await listener?.end().catch(() => undefined);
  }
}
