import { IsOptional, IsString, Matches } from 'class-validator';
import { DatabaseConfig, EnvFlag, EnvInt, EnvUrl } from '@tourly/platform';
import { DEFAULT_DISABLE_AFTER_MS } from './webhooks/webhook-retries';

/** The identity service's environment; its own variables join the platform's here. */
export class IdentityConfig extends DatabaseConfig {
  /** Where sign-up captcha answers are checked (reCAPTCHA's siteverify); the emulator's in development. */
  @EnvUrl()
  CAPTCHA_VERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';

  @IsOptional()
  @IsString()
  CAPTCHA_SECRET = '';

  /** A transactional email API shaped like Postmark's (`POST /email`); the emulator's in development. */
  @EnvUrl()
  MAIL_API_URL = 'https://api.postmarkapp.com';

  @IsOptional()
  @IsString()
  MAIL_API_TOKEN = '';

  @IsString()
  MAIL_FROM = 'Tourly <no-reply@tourly.app>';

  /** Where people open the platform: links in emails point here. */
  @EnvUrl({ example: 'https://app.example.com' })
  APP_URL = 'http://localhost:3000';

  /**
   * Whether webhook endpoints may be on this machine or its network (loopback, private, link-local addresses; plain
   * http to localhost). Off unless set: `npm start` and the tests set it for their receivers on 127.0.0.1.
   */
  @EnvFlag()
  WEBHOOK_ALLOW_PRIVATE_TARGETS = false;

  /** How long a receiver has to answer one delivery. */
  @EnvInt({ min: 100, unit: 'milliseconds' })
  WEBHOOK_TIMEOUT_MS: number = 10_000;

  /**
   * How long past WEBHOOK_TIMEOUT_MS a claimed delivery stays leased to its dispatcher (room to record the outcome):
   * a delivery whose dispatcher died is attempted again once this runs out.
   */
  @EnvInt({ min: 1_000, unit: 'milliseconds' })
  WEBHOOK_LEASE_MARGIN_MS: number = 20_000;

  /** The waits between a delivery's attempts, comma-separated milliseconds (one more attempt than waits). */
  @IsOptional()
  @Matches(/^\s*\d+(\s*,\s*\d+)*\s*$/, {
    message: 'WEBHOOK_RETRY_BACKOFF_MS must list whole numbers of milliseconds, e.g. 5000,300000',
  })
  WEBHOOK_RETRY_BACKOFF_MS?: string;

  /** How long an endpoint fails every attempt before a delivery that gives up disables it. */
  @EnvInt({ min: 0, unit: 'milliseconds' })
  WEBHOOK_DISABLE_AFTER_MS: number = DEFAULT_DISABLE_AFTER_MS;

  /**
   * How often a replica looks for due deliveries that nothing woke it for: retries coming due, slots freed by
   * another replica, leases of a replica that died. A delivery queued, replayed or re-enabled wakes every replica at
   * commit (NOTIFY), so this only bounds how late those are.
   */
  @EnvInt({ min: 10, max: 3_600_000, unit: 'milliseconds' })
  WEBHOOK_POLL_MS: number = 250;

  /** Deliveries one replica sends at once, across every endpoint. */
  @EnvInt({ min: 1, max: 1_000 })
  WEBHOOK_CONCURRENCY: number = 32;

  /** Deliveries sent at once to one endpoint, across every replica: a slow receiver holds no more than these. */
  @EnvInt({ min: 1 })
  WEBHOOK_ENDPOINT_CONCURRENCY: number = 4;

  /** Matterport's OAuth 2.0 authorisation page, where a provider's admin allows the platform into their account. */
  @EnvUrl()
  MATTERPORT_OAUTH_AUTHORIZE_URL = 'https://authn.matterport.com/oauth/authorize';

  /** Matterport's OAuth 2.0 token endpoint: codes and refresh tokens are exchanged there. */
  @EnvUrl()
  MATTERPORT_OAUTH_TOKEN_URL = 'https://api.matterport.com/api/oauth/token';

  /** The platform's OAuth client at Matterport. Unset: connecting a Matterport account answers 503. */
  @IsOptional()
  @IsString()
  MATTERPORT_OAUTH_CLIENT_ID?: string;

  @IsOptional()
  @IsString()
  MATTERPORT_OAUTH_CLIENT_SECRET?: string;

  /**
   * The key the providers' Matterport tokens are encrypted with (AES-256-GCM): 32 random bytes in base64
   * (`openssl rand -base64 32`). The same on every replica; losing it means every provider connects again.
   * Unset: connecting a Matterport account answers 503.
   */
  @IsOptional()
  @Matches(/^[A-Za-z0-9+/_-]{43}=?$/, {
    message: 'MATTERPORT_TOKEN_KEY must be 32 random bytes in base64, e.g. from openssl rand -base64 32',
  })
  MATTERPORT_TOKEN_KEY?: string;
}
