import { Injectable } from '@nestjs/common';
import type { HitRateLimitRequest, RateLimitAnswer } from '@tourly/contracts';
import { Database } from '@tourly/platform';

/**
 * Fixed-window request counters for the gateway (its per-address limit on the credential endpoints), kept
 * here so that N gateway replicas share one count: one atomic upsert per request, which starts a new window
 * in place when the last one has ended.
 */
@Injectable()
export class RateLimitsService {
  constructor(private readonly db: Database) {}

  async hit(request: HitRateLimitRequest): Promise<RateLimitAnswer> {
    const [counted] = (await this.db.dataSource.query(
      `INSERT INTO rate_limit_windows AS w (bucket, key, hits, window_started_at) VALUES ($1, $2, 1, now())
       ON CONFLICT ON CONSTRAINT rate_limit_windows_pk DO UPDATE SET
         hits = CASE WHEN w.window_started_at > now() - make_interval(secs => $3) THEN w.hits + 1 ELSE 1 END,
         window_started_at = CASE WHEN w.window_started_at > now() - make_interval(secs => $3)
                                  THEN w.window_started_at ELSE now() END
       RETURNING hits,
                 ceil(extract(epoch FROM w.window_started_at + make_interval(secs => $3) - now()))::int
                   AS "retryAfter"`,
      [request.bucket, request.key, request.windowSeconds],
    )) as Array<{ hits: number; retryAfter: number }>;
    if (counted.hits <= request.limit) return { retryAfter: null };
    return { retryAfter: Math.max(1, counted.retryAfter) };
  }
}
