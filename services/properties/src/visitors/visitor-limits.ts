import { Injectable } from '@nestjs/common';
import { HIT_RATE_LIMIT, type HitRateLimitRequest, type RateLimitAnswer } from '@tourly/contracts';
import { ApiError, RpcClient } from '@tourly/platform';

/** A limit on what visitors do: at most `limit` hits per key in fixed windows of `windowSeconds`. */
export interface VisitorLimit {
  bucket: string;
  limit: number;
  windowSeconds: number;
}

/**
 * The limits on what visitors send that costs or guards something (a lead, a phone reveal, a password attempt):
 * identity keeps the windows in its table, so every replica counts against the same ones. Reads of the public API
 * are limited in memory instead (`PublicRateLimit`), where a trip to identity per read would cost more than it saves.
 */
@Injectable()
export class VisitorLimits {
  constructor(private readonly rpc: RpcClient) {}

  /** Counts one hit against the limit for the key: 429 with the message and Retry-After past it. */
  async hit(limit: VisitorLimit, key: string, message: string): Promise<void> {
    const hit: HitRateLimitRequest = { ...limit, key };
    const { retryAfter } = await this.rpc.ask<RateLimitAnswer>(HIT_RATE_LIMIT, hit);
    if (retryAfter !== null) throw ApiError.tooMany(message, Math.max(1, retryAfter));
  }
}
