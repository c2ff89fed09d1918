import { Injectable } from '@nestjs/common';
import { BillingAccountsRepository } from '../accounts/billing-accounts.repository';
import { BillingAccountsService } from '../accounts/billing-accounts.service';
import type { AdminBillingAccountForm, AdminBillingAccountResponse } from './admin.dto';

/** What the back office reads of a provider's billing beyond what the provider sees. */
@Injectable()
export class AdminBillingService {
  constructor(
    private readonly accounts: BillingAccountsService,
    private readonly repository: BillingAccountsRepository,
  ) {}

  async account(providerId: string): Promise<AdminBillingAccountResponse> {
    const account = await this.accounts.find(providerId);
    return {
      ...(await this.accounts.show(providerId)),
      stripeCustomerId: account?.stripeCustomerId ?? null,
      testClockId: account?.testClockId ?? null,
      discountPercent: account?.discountPercent ?? 0,
      hostingApplicationFeePercent: await this.repository.hostingFee(providerId),
    };
  }

  /** The billing form, and the platform's share of the provider's hosting fees when given (null: none). */
  async updateAccount(
    providerId: string,
    form: AdminBillingAccountForm,
    adminId: string,
  ): Promise<AdminBillingAccountResponse> {
    const { hostingApplicationFeePercent, ...billingForm } = form;
    await this.accounts.save(providerId, billingForm, adminId);
    if (hostingApplicationFeePercent !== undefined) {
      await this.accounts.setHostingFee(providerId, hostingApplicationFeePercent, adminId);
    }
    return this.account(providerId);
  }
}
