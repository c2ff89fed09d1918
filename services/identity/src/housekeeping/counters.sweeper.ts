import { Injectable } from '@nestjs/common';
import { Schedules, type PeriodicTask } from '@tourly/platform';
import { MatterportRepository } from '../matterport/matterport.repository';
import { RateLimitsRepository } from '../rate-limits/rate-limits.repository';
import { SignInAttemptsRepository } from '../sessions/sign-in-attempts.repository';
import { SignInFailuresRepository } from '../sessions/sign-in-failures.repository';
import { ACCOUNT_FAILURES_KEPT } from '../sessions/sign-in.rules';
import { SignUpRequestsRepository } from '../sign-up/sign-up.repository';

export const SWEEP_EVERY_MS = 10 * 60 * 1000;

/**
 * What is past counting: the gateway's rate-limit windows (windows last at most an hour; each row restarts in
 * place while its key keeps coming, so only keys that stopped leave rows behind), sign-in attempt windows past
 * their 15 minutes, accounts' failure counts a day after their last failure, sign-up requests a day past their expiry (the hourly allowance reads the last hour), and
 * Matterport authorisations past their 10 minutes (their states open nothing any more).
 * Deleting what ended is the same whichever replica does it, and twice is harmless: no lock is needed.
 */
@Injectable()
export class CountersSweeper {
  private readonly task: PeriodicTask;

  constructor(
    private readonly rateLimits: RateLimitsRepository,
    private readonly signInAttempts: SignInAttemptsRepository,
    private readonly signInFailures: SignInFailuresRepository,
    private readonly signUpRequests: SignUpRequestsRepository,
    private readonly matterport: MatterportRepository,
    schedules: Schedules,
  ) {
    this.task = schedules.every('counters sweep', SWEEP_EVERY_MS, () => this.sweep());
  }

  /** A sweep that starts after this call; resolves with the rows removed. */
  sweepNow(): Promise<number> {
    return this.task.runNow();
  }

  private async sweep(): Promise<number> {
    const [windows, attempts, failures, requests, authorizations] = await Promise.all([
      this.rateLimits.deleteEnded(),
      this.signInAttempts.deleteEnded(),
      this.signInFailures.deleteForgotten(ACCOUNT_FAILURES_KEPT),
      this.signUpRequests.deleteExpired(),
      this.matterport.deleteExpiredAuthorizations(),
    ]);
    return windows + attempts + failures + requests + authorizations;
  }
}
