import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { ApiError, CONFIG } from '@tourly/platform';
import type { FastifyRequest } from 'fastify';
import type { PropertiesConfig } from '../config';

const WINDOW_MS = 60_000;
export const TOO_MANY_REQUESTS = 'Too many requests from your network. Please wait a minute and try again.';

/**
 * The visitor's API per client address (the gateway's forwarded address): PUBLIC_RATE_LIMIT requests in fixed
 * one-minute windows, counted in this process. Kept here rather than at the edge so a tour's read costs no trip to
 * identity; each replica counts its own, so the limit is per replica.
 */
@Injectable()
export class PublicRateLimit implements CanActivate {
  private windowStart = 0;
  private counts = new Map<string, number>();

  constructor(@Inject(CONFIG) private readonly config: PropertiesConfig) {}

  canActivate(context: ExecutionContext): boolean {
    const address = context.switchToHttp().getRequest<FastifyRequest>().ip;
    const now = Date.now();
    if (now - this.windowStart >= WINDOW_MS) {
      this.windowStart = now - (now % WINDOW_MS);
      this.counts = new Map();
    }
    const count = (this.counts.get(address) ?? 0) + 1;
    this.counts.set(address, count);
    if (count > this.config.PUBLIC_RATE_LIMIT) {
      throw ApiError.tooMany(TOO_MANY_REQUESTS, Math.ceil((this.windowStart + WINDOW_MS - now) / 1000));
    }
    return true;
  }
}
