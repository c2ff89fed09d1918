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

  /** A transactional email API shaped like Postmark's (`POST /email`); the emulator's in development. */
  @Matches(/^https?:\/\/\S+$/, { message: 'MAIL_API_URL must be an http(s) URL' })
  MAIL_API_URL = 'https://api.postmarkapp.com';

  @IsOptional()
  @IsString()
  MAIL_API_TOKEN = '';

  @IsString()
  MAIL_FROM = 'Tourly <no-reply@tourly.app>';

  /** Where people open the platform: links in emails point here. */
  @Matches(/^https?:\/\/\S+$/, { message: 'APP_URL must be an http(s) URL, e.g. https://app.example.com' })
  APP_URL = 'http://localhost:3000';
}
