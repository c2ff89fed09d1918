import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module';
import { AdminBillingController } from './admin.controller';
import { AdminBillingService } from './admin.service';

/** Admin billing (000 §7): a provider's subscription and billing account, for platform admins. */
@Module({
  imports: [AccountsModule, SubscriptionsModule],
  controllers: [AdminBillingController],
  providers: [AdminBillingService],
})
export class AdminModule {}
