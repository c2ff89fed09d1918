import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { ApiKeysModule } from '../api-keys/api-keys.module';
import { MailModule } from '../mail/mail.module';
import { OAuthModule } from '../oauth/oauth.module';
import { SessionsModule } from '../sessions/sessions.module';
import { PasswordResetsRepository } from './password-resets.repository';
import { PasswordsController } from './passwords.controller';
import { PasswordsService } from './passwords.service';

@Module({
  imports: [AccountsModule, ApiKeysModule, MailModule, OAuthModule, SessionsModule],
  controllers: [PasswordsController],
  providers: [PasswordsService, PasswordResetsRepository],
})
export class PasswordsModule {}
