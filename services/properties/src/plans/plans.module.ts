import { Module } from '@nestjs/common';
import { Plans } from './plans';
import { ProviderPlansRepository } from './provider-plans.repository';

/** Each provider's plan as billing announced it. */
@Module({
  providers: [Plans, ProviderPlansRepository],
  exports: [Plans],
})
export class PlansModule {}
