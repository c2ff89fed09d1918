import { Module } from '@nestjs/common';
import { MailModule } from '../mail/mail.module';
import { SessionsModule } from '../sessions/sessions.module';
import { PasswordResetsService } from './password-resets.service';
import { PasswordsController } from './passwords.controller';

@Module({
  imports: [MailModule, SessionsModule],
  controllers: [PasswordsController],
  providers: [PasswordResetsService],
})
export class PasswordsModule {}
