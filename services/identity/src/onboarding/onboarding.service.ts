import { HttpStatus, Injectable } from '@nestjs/common';
import { MESSAGES, ONBOARDING_FLAGS, type OnboardingFlag } from '@tourly/contracts';
import { ApiError, Database, toCamel, toSnake, type ErrorMap } from '@tourly/platform';

export type OnboardingInfo = Record<OnboardingFlag, string | null>;

/** Strict ISO 8601 date-time with a zone: what the spec means by "an ISO time". */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;
const FLAG_BY_KEY = new Map<string, OnboardingFlag>(ONBOARDING_FLAGS.map((flag) => [toCamel(flag), flag]));

/** Onboarding hints per user (002): each flag records when the user did the thing the hint introduces. */
@Injectable()
export class OnboardingService {
  constructor(private readonly db: Database) {}

  async info(userId: string): Promise<OnboardingInfo> {
    const rows = (await this.db.dataSource.query(
      'SELECT flag, recorded_at AS "recordedAt" FROM onboarding_flags WHERE user_id = $1',
      [userId],
    )) as Array<{ flag: OnboardingFlag; recordedAt: Date }>;
    const info = Object.fromEntries(ONBOARDING_FLAGS.map((flag) => [flag, null])) as OnboardingInfo;
    for (const row of rows) info[row.flag] = row.recordedAt.toISOString();
    return info;
  }

  /** A hint is visible until its flag has been recorded. */
  async isVisible(userId: string, flag: OnboardingFlag): Promise<boolean> {
    const rows = (await this.db.dataSource.query(
      'SELECT 1 FROM onboarding_flags WHERE user_id = $1 AND flag = $2',
      [userId, flag],
    )) as unknown[];
    return rows.length === 0;
  }

  async record(userId: string, flags: Record<string, unknown>): Promise<OnboardingInfo> {
    const errors: ErrorMap = {};
    const valid: Array<[OnboardingFlag, string]> = [];
    for (const [key, value] of Object.entries(flags)) {
      const flag = FLAG_BY_KEY.get(key);
      const field = `onboarding.${toSnake(key)}`;
      if (!flag) errors[field] = [`is not an onboarding flag (flags: ${ONBOARDING_FLAGS.join(', ')})`];
      else if (typeof value !== 'string' || !ISO_TIME.test(value) || Number.isNaN(Date.parse(value))) {
        errors[field] = [MESSAGES.invalidDate];
      } else valid.push([flag, value]);
    }
    if (Object.keys(errors).length > 0) throw new ApiError(HttpStatus.UNPROCESSABLE_ENTITY, errors);
    if (valid.length > 0) {
      await this.db.dataSource.query(
        `INSERT INTO onboarding_flags (user_id, flag, recorded_at)
         SELECT $1, flag, recorded_at FROM unnest($2::text[], $3::timestamptz[]) AS t(flag, recorded_at)
         ON CONFLICT ON CONSTRAINT onboarding_flags_pk DO UPDATE SET recorded_at = excluded.recorded_at`,
        [userId, valid.map(([flag]) => flag), valid.map(([, time]) => time)],
      );
    }
    return this.info(userId);
  }
}
