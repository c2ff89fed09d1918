import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { Database, LOGGER, PeriodicTask, type Logger } from '@tourly/platform';

export const SWEEP_EVERY_MS = 10 * 60 * 1000;

/**
 * What is past counting: the gateway's rate-limit windows (windows last at most an hour; each row restarts in
 * place while its key keeps coming, so only keys that stopped leave rows behind), sign-in attempt windows past
 * their 15 minutes, and sign-up requests a day past their expiry (the hourly allowance reads the last hour).
 * Deleting what ended is the same whichever replica does it, and twice is harmless: no lock is needed.
 */
@Injectable()
export class CountersSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly task: PeriodicTask;

  constructor(
    private readonly db: Database,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.task = new PeriodicTask('counters sweep', SWEEP_EVERY_MS, () => this.sweep(), logger);
  }

  onApplicationBootstrap(): void {
    this.task.start();
  }

  onApplicationShutdown(): Promise<void> {
    return this.task.stop();
  }

  /** A sweep that starts after this call; resolves with the rows removed. */
  sweepNow(): Promise<number> {
    return this.task.runNow();
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
