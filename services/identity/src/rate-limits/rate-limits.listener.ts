import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { HIT_RATE_LIMIT, type HitRateLimitRequest, type RateLimitAnswer } from '@tourly/contracts';
import { RateLimitsService } from './rate-limits.service';

/** Request-reply for the gateway: count one request against a limit. */
@Controller()
export class RateLimitsListener {
  constructor(private readonly limits: RateLimitsService) {}

  @MessagePattern(HIT_RATE_LIMIT)
  hit(@Payload() request: HitRateLimitRequest): Promise<RateLimitAnswer> {
    return this.limits.hit(request);
  }
}
