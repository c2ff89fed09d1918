import { Module } from '@nestjs/common';
import { MailModule } from '../mail/mail.module';
import { SessionsModule } from '../sessions/sessions.module';
import { CaptchaVerifier } from './captcha';
import { SignUpController } from './sign-up.controller';
import { SignUpService } from './sign-up.service';

@Module({
  imports: [SessionsModule, MailModule],
  controllers: [SignUpController],
  providers: [SignUpService, CaptchaVerifier],
})
export class SignUpModule {}
