import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { CustomerPortalController } from './customer-portal.controller';
import { CustomerPortalService } from './customer-portal.service';
import { ReturnUrls } from './return-urls';

/** Links to Stripe's customer portal, and the way back from Stripe's pages (`ReturnUrls`). */
@Module({
  imports: [AccountsModule],
  controllers: [CustomerPortalController],
  providers: [CustomerPortalService, ReturnUrls],
  exports: [ReturnUrls],
})
export class CustomerPortalModule {}
