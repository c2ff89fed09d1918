import { Inject, Injectable } from '@nestjs/common';
import type { PublicationsWithdrawnV1 } from '@tourly/contracts';
import { CONFIG } from '@tourly/platform';
import { MembershipsRepository } from '../accounts/memberships.repository';
import type { IdentityConfig } from '../config';
import { Mailer } from '../mail/mailer';
import { withdrawalMail } from './withdrawals.rules';

/** The provider's admins told, by mail, which tours and websites their plan took offline. */
@Injectable()
export class WithdrawalsService {
  constructor(
    private readonly memberships: MembershipsRepository,
    private readonly mailer: Mailer,
    @Inject(CONFIG) private readonly config: IdentityConfig,
  ) {}

  async tellAdmins(withdrawn: PublicationsWithdrawnV1): Promise<void> {
    if (withdrawn.tourPropertyIds.length === 0 && withdrawn.websitePropertyIds.length === 0) return;
    for (const to of await this.memberships.adminEmails(withdrawn.providerId)) {
      await this.mailer.send(withdrawalMail(to, withdrawn, this.config.APP_URL));
    }
  }
}
