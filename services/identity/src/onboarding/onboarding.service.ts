import { HttpStatus, Injectable } from '@nestjs/common';
import { ONBOARDING_FLAGS, type OnboardingFlag } from '@tourly/contracts';
import { ApiError } from '@tourly/platform';
import type { OnboardingInfoResponse } from './onboarding.dto';
import { OnboardingRepository } from './onboarding.repository';
import { readFlags } from './onboarding.rules';

/** Onboarding hints per user (002): each flag records when the user did the thing the hint introduces. */
@Injectable()
export class OnboardingService {
  constructor(private readonly flags: OnboardingRepository) {}

  async info(userId: string): Promise<OnboardingInfoResponse> {
    const info: Record<OnboardingFlag, string | null> = Object.fromEntries(
      ONBOARDING_FLAGS.map((flag) => [flag, null]),
    ) as Record<OnboardingFlag, null>;
    for (const row of await this.flags.ofUser(userId)) info[row.flag] = row.recordedAt.toISOString();
    return info;
  }

  /** A hint is visible until its flag has been recorded. */
  async isVisible(userId: string, flag: OnboardingFlag): Promise<boolean> {
    return !(await this.flags.isRecorded(userId, flag));
  }

  async record(userId: string, flags: Record<string, unknown>): Promise<OnboardingInfoResponse> {
    const { valid, errors } = readFlags(flags);
    if (Object.keys(errors).length > 0) throw new ApiError(HttpStatus.UNPROCESSABLE_ENTITY, errors);
    if (valid.length > 0) await this.flags.record(userId, valid);
    return this.info(userId);
  }
}
