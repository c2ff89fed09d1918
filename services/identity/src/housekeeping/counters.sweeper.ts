import { Injectable } from '@nestjs/common';
import { Schedules, type PeriodicTask } from '@tourly/platform';
import { RateLimitsRepository } from '../rate-limits/rate-limits.repository';
import { SignInAttemptsRepository } from '../sessions/sign-in-attempts.repository';
import { SignUpRequestsRepository } from '../sign-up/sign-up.repository';

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
    private readonly rateLimits: RateLimitsRepository,
    private readonly signInAttempts: SignInAttemptsRepository,
    private readonly signUpRequests: SignUpRequestsRepository,
    schedules: Schedules,
  ) {
    this.task = schedules.every('counters sweep', SWEEP_EVERY_MS, () => this.sweep());
  }

  /** A sweep that starts after this call; resolves with the rows removed. */
  sweepNow(): Promise<number> {
    return this.task.runNow();
  }

  private async sweep(): Promise<number> {
    const [windows, attempts, requests] = await Promise.all([
      this.rateLimits.deleteEnded(),
      this.signInAttempts.deleteEnded(),
      this.signUpRequests.deleteExpired(),
    ]);
    return windows + attempts + requests;
  }
}
