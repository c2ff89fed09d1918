import { Injectable } from '@nestjs/common';
import { BillingAccountsService } from '../accounts/billing-accounts.service';
import type { AdminBillingAccountResponse } from './admin.dto';

/** What the back office reads of a provider's billing beyond what the provider sees. */
@Injectable()
export class AdminBillingService {
  constructor(private readonly accounts: BillingAccountsService) {}

  async account(providerId: string): Promise<AdminBillingAccountResponse> {
    const account = await this.accounts.find(providerId);
    return {
      ...(await this.accounts.show(providerId)),
      stripeCustomerId: account?.stripeCustomerId ?? null,
      testClockId: account?.testClockId ?? null,
      discountPercent: account?.discountPercent ?? 0,
    };
  }
}
