import { Injectable } from '@nestjs/common';
import { Database, Schedules, type PeriodicTask } from '@tourly/platform';

export const SWEEP_EVERY_MS = 10 * 60 * 1000;

/**
 * What is past counting: the gateway's rate-limit windows (windows last at most an hour; each row restarts in
 * place while its key keeps coming, so only keys that stopped leave rows behind), sign-in attempt windows past
 * their 15 minutes, and sign-up requests a day past their expiry (the hourly allowance reads the last hour).
 * Deleting what ended is the same whichever replica does it, and twice is harmless: no lock is needed.
 */
@Injectable()
export class CountersSweeper {
  private readonly task: PeriodicTask;

  constructor(
    private readonly db: Database,
    schedules: Schedules,
  ) {
    this.task = schedules.every('counters sweep', SWEEP_EVERY_MS, () => this.sweep());
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
