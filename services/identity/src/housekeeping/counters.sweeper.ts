import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { Database, LOGGER, type Logger } from '@tourly/platform';

export const SWEEP_EVERY_MS = 10 * 60 * 1000;

/**
 * What is past counting: the gateway's rate-limit windows (windows last at most an hour; each row restarts in
 * place while its key keeps coming, so only keys that stopped leave rows behind), sign-in attempt windows past
 * their 15 minutes, and sign-up requests a day past their expiry (the hourly allowance reads the last hour).
 * Deleting what ended is the same whichever replica does it, and twice is harmless: no lock is needed.
 */
@Injectable()
export class CountersSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer?: NodeJS.Timeout;
  private running?: Promise<number>;

  constructor(
    private readonly db: Database,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.sweepNow(), SWEEP_EVERY_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** One sweep (a running one is shared); resolves with the rows removed. */
  sweepNow(): Promise<number> {
    this.running ??= this.sweep()
      .catch((error: unknown) => {
        this.logger.warn({ err: error }, 'counters sweep failed; the next one tries again');
        return 0;
      })
      .finally(() => {
        this.running = undefined;
      });
    return this.running;
  }

  private async sweep(): Promise<number> {
    const [[, windows], [, attempts], [, requests]] = (await Promise.all([
      this.db.dataSource.query(
        "DELETE FROM rate_limit_windows WHERE window_started_at < now() - interval '1 hour'",
      ),
      this.db.dataSource.query(
        "DELETE FROM sign_in_attempts WHERE window_started_at < now() - interval '15 minutes'",
      ),
      this.db.dataSource.query("DELETE FROM sign_up_requests WHERE expires_at < now() - interval '1 day'"),
    ])) as Array<[unknown[], number]>;
    return windows + attempts + requests;
  }
}
