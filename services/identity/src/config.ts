import { IsOptional, IsString, Matches } from 'class-validator';
import { DatabaseConfig } from '@tourly/platform';

/** The identity service's environment; its own variables join the platform's here. */
export class IdentityConfig extends DatabaseConfig {
  /** Where sign-up captcha answers are checked (reCAPTCHA's siteverify); the emulator's in development. */
  @Matches(/^https?:\/\/\S+$/, { message: 'CAPTCHA_VERIFY_URL must be an http(s) URL' })
  CAPTCHA_VERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';

  @IsOptional()
  @IsString()
  CAPTCHA_SECRET = '';
}
