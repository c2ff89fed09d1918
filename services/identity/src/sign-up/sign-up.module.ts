import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { MailModule } from '../mail/mail.module';
import { ReferralsModule } from '../referrals/referrals.module';
import { SessionsModule } from '../sessions/sessions.module';
import { CaptchaVerifier } from './captcha';
import { SignUpController } from './sign-up.controller';
import { SignUpRequestsRepository } from './sign-up.repository';
import { SignUpService } from './sign-up.service';
import { SurveysRepository } from './surveys.repository';

@Module({
  imports: [AccountsModule, SessionsModule, MailModule, ReferralsModule],
  controllers: [SignUpController],
  providers: [SignUpService, SignUpRequestsRepository, SurveysRepository, CaptchaVerifier],
  exports: [SignUpRequestsRepository],
})
export class SignUpModule {}
