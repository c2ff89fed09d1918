import { Injectable } from '@nestjs/common';
import type { OnboardingFlag } from '@tourly/contracts';
import { Database, one, rows } from '@tourly/platform';

/** The `onboarding_flags` table: when each user did what each hint introduces. */
@Injectable()
export class OnboardingRepository {
  constructor(private readonly db: Database) {}

  ofUser(userId: string): Promise<Array<{ flag: OnboardingFlag; recordedAt: Date }>> {
    return rows<{ flag: OnboardingFlag; recordedAt: Date }>(
      this.db.dataSource,
      'SELECT flag, recorded_at AS "recordedAt" FROM onboarding_flags WHERE user_id = $1',
      [userId],
    );
  }

  async isRecorded(userId: string, flag: OnboardingFlag): Promise<boolean> {
    const row = await one(
      this.db.dataSource,
      'SELECT 1 FROM onboarding_flags WHERE user_id = $1 AND flag = $2',
      [userId, flag],
    );
    return row !== undefined;
  }

  /** Records the flags at their times; a flag recorded again takes the new time. */
  async record(userId: string, flags: Array<[OnboardingFlag, string]>): Promise<void> {
    await rows(
      this.db.dataSource,
      `INSERT INTO onboarding_flags (user_id, flag, recorded_at)
       SELECT $1, flag, recorded_at FROM unnest($2::text[], $3::timestamptz[]) AS t(flag, recorded_at)
       ON CONFLICT ON CONSTRAINT onboarding_flags_pk DO UPDATE SET recorded_at = excluded.recorded_at`,
      [userId, flags.map(([flag]) => flag), flags.map(([, time]) => time)],
    );
  }
}
