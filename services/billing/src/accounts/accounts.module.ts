import { Module } from '@nestjs/common';
import { BillingAccountsController } from './billing-accounts.controller';
import { BillingAccountsRepository } from './billing-accounts.repository';
import { BillingAccountsService } from './billing-accounts.service';
import { SubscriptionsRepository } from './subscriptions.repository';

/**
 * The provider's billing account (its Stripe customer, cards and test clock), with the two tables every feature
 * reads: `billing_accounts` (also each provider's lock) and `subscriptions` (the plan's projection), one repository
 * each.
 */
@Module({
  controllers: [BillingAccountsController],
  providers: [BillingAccountsRepository, SubscriptionsRepository, BillingAccountsService],
  exports: [BillingAccountsRepository, SubscriptionsRepository, BillingAccountsService],
})
export class AccountsModule {}
