import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { ApiError, CONFIG } from '@tourly/platform';
import type { FastifyRequest } from 'fastify';
import type { PropertiesConfig } from '../config';

const WINDOW_MS = 60_000;
export const TOO_MANY_REQUESTS = 'Too many requests from your network. Please wait a minute and try again.';

/**
 * Counts of one kind of request per client address in fixed one-minute windows, in this process: each replica
 * counts its own, so a limit is per replica. Kept here rather than at the edge so a visitor's request costs no trip
 * to identity.
 */
class AddressWindows {
  private windowStart = 0;
  private counts = new Map<string, number>();

  constructor(private readonly perMinute: number) {}

  /** Counts one request; null while under the limit, else the seconds until the window ends. */
  hit(address: string, now = Date.now()): number | null {
    if (now - this.windowStart >= WINDOW_MS) {
      this.windowStart = now - (now % WINDOW_MS);
      this.counts = new Map();
    }
    const count = (this.counts.get(address) ?? 0) + 1;
    this.counts.set(address, count);
    return count > this.perMinute ? Math.ceil((this.windowStart + WINDOW_MS - now) / 1000) : null;
  }
}

/** The visitor's API: PUBLIC_RATE_LIMIT requests a minute per client address (the gateway's forwarded one). */
@Injectable()
export class PublicRateLimit implements CanActivate {
  private readonly windows: AddressWindows;

  constructor(@Inject(CONFIG) config: PropertiesConfig) {
    this.windows = new AddressWindows(config.PUBLIC_RATE_LIMIT);
  }

  canActivate(context: ExecutionContext): boolean {
    const retryAfter = this.windows.hit(context.switchToHttp().getRequest<FastifyRequest>().ip);
    if (retryAfter !== null) throw ApiError.tooMany(TOO_MANY_REQUESTS, retryAfter);
    return true;
  }
}
