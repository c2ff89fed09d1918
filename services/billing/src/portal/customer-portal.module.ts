import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { CustomerPortalController } from './customer-portal.controller';
import { CustomerPortalService } from './customer-portal.service';

/** Links to Stripe's customer portal. */
@Module({
  imports: [AccountsModule],
  controllers: [CustomerPortalController],
  providers: [CustomerPortalService],
})
export class CustomerPortalModule {}
