import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { MailModule } from '../mail/mail.module';
import { WithdrawalsListener } from './withdrawals.listener';
import { WithdrawalsService } from './withdrawals.service';

/** The provider's admins told when their plan took their tours and websites offline. */
@Module({
  imports: [AccountsModule, MailModule],
  controllers: [WithdrawalsListener],
  providers: [WithdrawalsService],
})
export class WithdrawalsModule {}
