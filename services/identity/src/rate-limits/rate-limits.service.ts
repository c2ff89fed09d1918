import { Injectable } from '@nestjs/common';
import type { HitRateLimitRequest, RateLimitAnswer } from '@tourly/contracts';
import { RateLimitsRepository } from './rate-limits.repository';

/**
 * Fixed-window request counters for the gateway (its per-address limit on the credential endpoints), kept
 * here so that N gateway replicas share one count: one atomic upsert per request, which starts a new window
 * in place when the last one has ended.
 */
@Injectable()
export class RateLimitsService {
  constructor(private readonly windows: RateLimitsRepository) {}

  async hit(request: HitRateLimitRequest): Promise<RateLimitAnswer> {
    const counted = await this.windows.hit(request.bucket, request.key, request.windowSeconds);
    if (counted.hits <= request.limit) return { retryAfter: null };
    return { retryAfter: Math.max(1, counted.retryAfter) };
  }
}
