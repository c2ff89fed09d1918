import { Module } from '@nestjs/common';
import { MatterportModule } from '../matterport/matterport.module';
import { RateLimitsModule } from '../rate-limits/rate-limits.module';
import { SessionsModule } from '../sessions/sessions.module';
import { SignUpModule } from '../sign-up/sign-up.module';
import { CountersSweeper } from './counters.sweeper';

@Module({
  imports: [RateLimitsModule, SessionsModule, SignUpModule, MatterportModule],
  providers: [CountersSweeper],
  exports: [CountersSweeper],
})
export class HousekeepingModule {}
