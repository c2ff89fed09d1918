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

  /**
   * Counts one hit against the limit for the key (an address is counted as `clientAddressKey` has it: an IPv6
   * network's /64 as one): 429 with the message and Retry-After past it. The message may say when to try again.
   */
  async hit(
    limit: VisitorLimit,
    key: string,
    message: string | ((retryAfter: number) => string),
  ): Promise<void> {
    const retryAfter = await this.count(limit, key);
    if (retryAfter !== null) {
      throw ApiError.tooMany(typeof message === 'string' ? message : message(retryAfter), retryAfter);
    }
  }

  /** Counts one hit: null while under the limit, else the seconds until its window ends (at least 1). */
  async count(limit: VisitorLimit, key: string): Promise<number | null> {
    const hit: HitRateLimitRequest = { ...limit, key };
    const { retryAfter } = await this.rpc.ask<RateLimitAnswer>(HIT_RATE_LIMIT, hit);
    return retryAfter === null ? null : Math.max(1, retryAfter);
  }
}
