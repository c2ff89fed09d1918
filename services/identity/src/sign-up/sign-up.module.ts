import { Module } from '@nestjs/common';
import { SessionsModule } from '../sessions/sessions.module';
import { CaptchaVerifier } from './captcha';
import { SignUpController } from './sign-up.controller';
import { SignUpService } from './sign-up.service';

@Module({
  imports: [SessionsModule],
  controllers: [SignUpController],
  providers: [SignUpService, CaptchaVerifier],
})
export class SignUpModule {}
