import { Module } from '@nestjs/common';
import { RateLimitsListener } from './rate-limits.listener';
import { RateLimitsRepository } from './rate-limits.repository';
import { RateLimitsService } from './rate-limits.service';

@Module({
  controllers: [RateLimitsListener],
  providers: [RateLimitsService, RateLimitsRepository],
  exports: [RateLimitsRepository],
})
export class RateLimitsModule {}
