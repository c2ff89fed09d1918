import { Injectable } from '@nestjs/common';
import { Schedules, type PeriodicTask } from '@tourly/platform';
import { CreditsService } from './credits.service';

export const SWEEP_EVERY_MS = 60_000;
const PAGE = 100;

/**
 * Every minute, credits held past their expiry (the reserve's `holdSeconds`, default
 * `CREDIT_RESERVATION_TTL_SECONDS`) and never captured are released (a release row gives them back). One replica at
 * a time (an advisory lock); each release re-reads the hold under the provider's lock, so a capture at the same
 * moment wins or loses cleanly.
 */
@Injectable()
export class CreditReservationSweep {
  private readonly task: PeriodicTask;

  constructor(
    private readonly credits: CreditsService,
    schedules: Schedules,
  ) {
    this.task = schedules.every('credit reservation sweep', SWEEP_EVERY_MS, () => this.sweep(), {
      exclusiveLock: 'billing.credit_reservations.sweep',
    });
  }

  /** A run that starts after this call; how many holds it released. */
  runNow(): Promise<number> {
    return this.task.runNow();
  }

  private async sweep(): Promise<number> {
    let released = 0;
    for (;;) {
      const count = await this.credits.releaseExpired(PAGE);
      released += count;
      if (count < PAGE) return released;
    }
  }
}
