import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { CustomerPortalModule } from '../portal/customer-portal.module';
import { HostingFeesController } from './hosting-fees.controller';
import { HostingFeesService } from './hosting-fees.service';
import { HostingRepository } from './hosting.repository';
import { HostingOverdueService } from './hosting-overdue.service';
import { HostingPortalController } from './hosting-portal.controller';
import { HostingSyncService } from './hosting-sync.service';
import { MerchantAccountController } from './merchant-account.controller';
import { MerchantAccountService } from './merchant-account.service';
import { MerchantAccountsRepository } from './merchant-accounts.repository';

/** Hosting fees: the merchant account (Stripe Connect), its tax rates, and the provider's clients billed on it. */
@Module({
  imports: [AccountsModule, CustomerPortalModule],
  controllers: [MerchantAccountController, HostingFeesController, HostingPortalController],
  providers: [
    MerchantAccountsRepository,
    HostingRepository,
    MerchantAccountService,
    HostingFeesService,
    HostingSyncService,
    HostingOverdueService,
  ],
  exports: [HostingSyncService, HostingOverdueService, HostingRepository, MerchantAccountsRepository],
})
export class HostingModule {}
