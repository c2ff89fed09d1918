import { Controller, Inject } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import type { EventEnvelope } from '@tourly/contracts';
import { CONFIG } from '@tourly/platform';
import { MembershipsRepository } from '../accounts/memberships.repository';
import type { IdentityConfig } from '../config';
import { Mailer } from '../mail/mailer';
import { withdrawalMail } from './withdrawals.rules';

/**
 * On the day a plan that does not publish comes into force (a downgrade to the free plan reached, a subscription
 * ended), properties takes every shared tour and published website offline in one go; the provider's admins learn
 * it by mail, each tour and website by its title.
 */
@Controller()
export class WithdrawalsListener {
  constructor(
    private readonly memberships: MembershipsRepository,
    private readonly mailer: Mailer,
    @Inject(CONFIG) private readonly config: IdentityConfig,
  ) {}

  @EventPattern('properties.publications.withdrawn.v1')
  async onWithdrawn(@Payload() event: EventEnvelope<'properties.publications.withdrawn.v1'>): Promise<void> {
    const withdrawn = event.data;
    if (withdrawn.tourPropertyIds.length === 0 && withdrawn.websitePropertyIds.length === 0) return;
    for (const to of await this.memberships.adminEmails(withdrawn.providerId)) {
      await this.mailer.send(withdrawalMail(to, withdrawn, this.config.APP_URL));
    }
  }
}
