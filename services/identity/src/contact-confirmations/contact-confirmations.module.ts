import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { MailModule } from '../mail/mail.module';
import { ContactConfirmationsController } from './contact-confirmations.controller';
import { ContactConfirmationsListener } from './contact-confirmations.listener';
import { ContactConfirmationsRepository } from './contact-confirmations.repository';
import { ContactConfirmationsService } from './contact-confirmations.service';

@Module({
  imports: [AccountsModule, MailModule],
  controllers: [ContactConfirmationsController, ContactConfirmationsListener],
  providers: [ContactConfirmationsService, ContactConfirmationsRepository],
})
export class ContactConfirmationsModule {}
