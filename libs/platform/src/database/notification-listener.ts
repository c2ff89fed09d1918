import { Client } from 'pg';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';

export interface NotificationListenerOptions {
  /** The NOTIFY channel, as `pg_notify` names it. */
  channel: string;
  /** Runs on every notification, and once the connection is back after a loss (what committed meanwhile). */
  onNotification: () => void;
  /** What its log lines call it (`outbox listener`). */
  name: string;
  logger: Logger;
}

/** Back-off of the reconnection: 100 ms, doubling up to 5 s while the database is away. */
const RETRY_FIRST_MS = 100;
const RETRY_MAX_MS = 5000;

/**
 * LISTENs on one channel of the service's database, for as long as it runs: a connection of its own, outside the
 * pool (LISTEN belongs to one connection for its whole life), which comes back by itself when it dies (the database
 * restarted, a failover, the backend terminated). Notifications sent while it was away are lost, so coming back
 * counts as one; its users keep a slower poll for whatever else they miss.
 */
export class NotificationListener {
  private client?: Client;
  private connecting?: Promise<void>;
  private retry?: NodeJS.Timeout;
  private failures = 0;
  private stopped = true;

  constructor(
    private readonly dataSource: DataSource,
    private readonly options: NotificationListenerOptions,
  ) {}

  /** Listens, or keeps trying in the background when the database cannot be reached: never rejects. */
  async start(): Promise<void> {
    if (!this.stopped) return;
    this.stopped = false;
    try {
      await this.connect();
    } catch (error) {
      this.options.logger.warn(
        { err: error },
        `${this.options.name} could not connect; polling until it does`,
      );
      this.scheduleRetry();
    }
  }

  /** Stops listening and closes its connection (before the service's pool closes). */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    clearTimeout(this.retry);
    this.retry = undefined;
    await this.connecting?.catch(() => undefined);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private connect(): Promise<void> {
    this.connecting = this.listen().finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  private async listen(): Promise<void> {
    const { url } = this.dataSource.options as { url?: string };
    // Keep-alive: a connection cut without a word (a failover, a dropped route) is noticed and replaced.
    const client = new Client({
      connectionString: url,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    client.on('notification', () => this.options.onNotification());
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN "${this.options.channel}"`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    if (this.stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.failures = 0;
  }

  private lost(client: Client, error?: Error): void {
    // Errors while connecting reach listen()'s caller; a connection already let go has nothing to say.
    if (this.client !== client) return;
    this.client = undefined;
    void client.end().catch(() => undefined);
    if (this.stopped) return;
    this.options.logger.warn(
      { err: error },
      `${this.options.name} lost its connection; polling until it is back`,
    );
    this.scheduleRetry();
  }

  private scheduleRetry(): void {
    if (this.stopped || this.retry) return;
    const delayMs = Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** this.failures);
    this.retry = setTimeout(() => {
      this.connect().then(
        () => {
          this.retry = undefined;
          if (this.stopped) return;
          this.options.logger.info(`${this.options.name} is back`);
          this.options.onNotification();
        },
        (error: unknown) => {
          this.retry = undefined;
          this.failures += 1;
          if (this.stopped) return;
          this.options.logger.warn(
            { err: error, attempt: this.failures },
            `${this.options.name} could not reconnect; trying again`,
          );
          this.scheduleRetry();
        },
      );
    }, delayMs);
    this.retry.unref();
  }
}
