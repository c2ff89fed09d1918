import { Injectable } from '@nestjs/common';
import type { OnboardingFlag } from '@tourly/contracts';
import { Database, queryOne, queryRows, sql, type Narrow, type Narrowed } from '@tourly/platform';
import type {
  IFlagRecordedQuery,
  IFlagsOfUserQuery,
  IFlagsOfUserResult,
  IRecordFlagsQuery,
} from './onboarding.repository.types';

/** What the schema keeps to a union with a CHECK. */
type Known = { flag: OnboardingFlag };

export type OnboardingFlagRow = Narrowed<IFlagsOfUserResult, Known>;

const flagsOfUser = sql<Narrow<IFlagsOfUserQuery, Known>>`
  SELECT flag, recorded_at AS "recordedAt" FROM onboarding_flags WHERE user_id = $userId!`;

const flagRecorded = sql<IFlagRecordedQuery>`
  SELECT 1 AS "found!" FROM onboarding_flags WHERE user_id = $userId! AND flag = $flag!`;

const recordFlags = sql<IRecordFlagsQuery>`
  INSERT INTO onboarding_flags (user_id, flag, recorded_at)
  SELECT $userId!, flag, recorded_at FROM unnest($flags!::text[], $times!::timestamptz[]) AS t(flag, recorded_at)
  ON CONFLICT ON CONSTRAINT onboarding_flags_pk DO UPDATE SET recorded_at = excluded.recorded_at`;

/** The `onboarding_flags` table: when each user did what each hint introduces. */
@Injectable()
export class OnboardingRepository {
  constructor(private readonly db: Database) {}

  ofUser(userId: string): Promise<OnboardingFlagRow[]> {
    return queryRows(this.db.dataSource, flagsOfUser, { userId });
  }

  async isRecorded(userId: string, flag: OnboardingFlag): Promise<boolean> {
    const row = await queryOne(this.db.dataSource, flagRecorded, { userId, flag });
    return row !== undefined;
  }

  /** Records the flags at their times; a flag recorded again takes the new time. */
  async record(userId: string, flags: Array<[OnboardingFlag, string]>): Promise<void> {
    await queryRows(this.db.dataSource, recordFlags, {
      userId,
      flags: flags.map(([flag]) => flag),
      times: flags.map(([, time]) => time),
    });
  }
}
