import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import type { EventEnvelope } from '@tourly/contracts';
import { WithdrawalsService } from './withdrawals.service';

/**
 * On the day a plan that does not publish comes into force (a downgrade to the free plan reached, a subscription
 * ended), properties takes every shared tour and published website offline in one go; the provider's admins learn
 * it by mail, each tour and website by its title.
 */
@Controller()
export class WithdrawalsListener {
  constructor(private readonly withdrawals: WithdrawalsService) {}

  @EventPattern('properties.publications.withdrawn.v1')
  async onWithdrawn(@Payload() event: EventEnvelope<'properties.publications.withdrawn.v1'>): Promise<void> {
    await this.withdrawals.tellAdmins(event.data);
  }
}
