import { Injectable } from '@nestjs/common';
import { Database, queryAffected, queryOne, sql } from '@tourly/platform';
import type { IDeleteEndedWindowsQuery, IHitRateLimitQuery } from './rate-limits.repository.types';

// The seconds left of the window: an expression PostgreSQL cannot prove non-null, of columns that are.
const hitRateLimit = sql<IHitRateLimitQuery>`
  INSERT INTO rate_limit_windows AS w (bucket, key, hits, window_started_at) VALUES ($bucket!, $key!, 1, now())
  ON CONFLICT ON CONSTRAINT rate_limit_windows_pk DO UPDATE SET
    hits = CASE WHEN w.window_started_at > now() - make_interval(secs => $windowSeconds!) THEN w.hits + 1 ELSE 1 END,
    window_started_at = CASE WHEN w.window_started_at > now() - make_interval(secs => $windowSeconds!)
                             THEN w.window_started_at ELSE now() END
  RETURNING hits,
            ceil(extract(epoch FROM w.window_started_at + make_interval(secs => $windowSeconds!) - now()))::int
              AS "retryAfter!"`;

const deleteEndedWindows = sql<IDeleteEndedWindowsQuery>`
  DELETE FROM rate_limit_windows WHERE window_started_at < now() - interval '1 hour'`;

/** The `rate_limit_windows` table: the gateway's request counts per bucket and key, in fixed windows. */
@Injectable()
export class RateLimitsRepository {
  constructor(private readonly db: Database) {}

  /**
   * Counts one hit in one atomic upsert, starting a new window in place when the last one ended: the hits in the
   * window so far, and the seconds left of it.
   */
  async hit(
    bucket: string,
    key: string,
    windowSeconds: number,
  ): Promise<{ hits: number; retryAfter: number }> {
    const counted = await queryOne(this.db.dataSource, hitRateLimit, { bucket, key, windowSeconds });
    // An upsert always answers its row.
    return counted!;
  }

  /** Deletes the windows that ended (windows last at most an hour); how many. */
  deleteEnded(): Promise<number> {
    return queryAffected(this.db.dataSource, deleteEndedWindows, undefined);
  }
}
