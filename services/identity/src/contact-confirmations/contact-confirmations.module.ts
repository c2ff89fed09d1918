import { Module } from '@nestjs/common';
import { MailModule } from '../mail/mail.module';
import { ContactConfirmationsController } from './contact-confirmations.controller';
import { ContactConfirmationsService } from './contact-confirmations.service';

@Module({
  imports: [MailModule],
  controllers: [ContactConfirmationsController],
  providers: [ContactConfirmationsService],
})
export class ContactConfirmationsModule {}
