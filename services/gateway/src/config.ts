import { IsOptional, IsString, Matches } from 'class-validator';
import { EnvInt, EnvUrl, PlatformConfig } from '@tourly/platform';

export const GOOGLE_RECAPTCHA_SCRIPT = 'https://www.google.com/recaptcha/api.js';
export const MATTERPORT_SHOWCASE = 'https://my.matterport.com/show/';
export const MATTERPORT_SDK_SCRIPT = 'https://static.matterport.com/showcase-sdk/latest.js';
export const STRIPE_JS_SCRIPT = 'https://js.stripe.com/v3';
/** Where the gateway reaches one service. */
const ServiceUrl = EnvUrl({
  message: (name) => `${name} is required: the base URL of that service, e.g. http://127.0.0.1:3001`,
});

export class GatewayConfig extends PlatformConfig {
  @ServiceUrl
  IDENTITY_URL!: string;

  @ServiceUrl
  BILLING_URL!: string;

  @ServiceUrl
  PROPERTIES_URL!: string;

  @ServiceUrl
  ORDERS_URL!: string;

  /** The built web app (web/dist); pages answer 503 with a hint when it has not been built. */
  @IsOptional()
  @IsString()
  WEB_DIST?: string;

  /**
   * The captcha's site key (reCAPTCHA v2, checkbox), written into pages for the sign-up page. Without it the
   * page loads no captcha and says that sign-up is unavailable.
   */
  @IsOptional()
  @IsString()
  CAPTCHA_SITE_KEY?: string;

  /** The captcha's browser script: Google's, or the emulators' stand-in (`<EMULATORS_URL>/captcha/api.js`). */
  @EnvUrl({ example: GOOGLE_RECAPTCHA_SCRIPT })
  CAPTCHA_SCRIPT_URL: string = GOOGLE_RECAPTCHA_SCRIPT;

  /**
   * Stripe's publishable key, written into pages for the billing pages (card entry, 3-D Secure). Without it the
   * pages carry no Stripe settings and the CSP allows no Stripe script.
   */
  @IsOptional()
  @Matches(/^pk_(test|live)_\S+$/, { message: 'STRIPE_PUBLISHABLE_KEY must be a publishable key (pk_...)' })
  STRIPE_PUBLISHABLE_KEY?: string;

  /** Stripe.js: Stripe's, or the emulators' stand-in (`<EMULATORS_URL>/stripe-js/v3.js`). */
  @EnvUrl({ example: STRIPE_JS_SCRIPT })
  STRIPE_JS_URL: string = STRIPE_JS_SCRIPT;

  /** The scan viewer tours embed: Matterport's Showcase, or the emulators' stand-in (`<EMULATORS_URL>/matterport/show/`). */
  @EnvUrl({ example: MATTERPORT_SHOWCASE })
  MATTERPORT_SHOWCASE_URL: string = MATTERPORT_SHOWCASE;

  /**
   * The Showcase SDK's client the player's pages load (properties hands the player the same variable): Matterport's,
   * or the emulators' stand-in (`<EMULATORS_URL>/matterport/showcase-sdk/latest.js`). The player's CSP allows it.
   */
  @EnvUrl({ example: MATTERPORT_SDK_SCRIPT })
  MATTERPORT_SDK_URL: string = MATTERPORT_SDK_SCRIPT;

  /** Requests per minute one client address may make to the credential endpoints (sign-in, tokens...). */
  @EnvInt({ min: 1, unit: 'requests per minute' })
  CREDENTIAL_RATE_LIMIT: number = 30;

  /**
   * Origins (comma-separated) the pages may also show images and media from, besides any HTTPS one: the local
   * storage and the emulators under `npm start` (e.g. http://127.0.0.1:4569,http://127.0.0.1:4010).
   */
  @IsOptional()
  @Matches(/^https?:\/\/[^\s,]+(\s*,\s*https?:\/\/[^\s,]+)*$/, {
    message: 'IMAGE_ORIGINS must be comma-separated http(s) origins, e.g. http://127.0.0.1:4569',
  })
  IMAGE_ORIGINS?: string;

  /**
   * Where people open the platform. A request to another host may be a provider's: its subdomain of this host
   * (`{subdomain}.<host>`) or its white-label domain, whose tours' pages and player API show that provider's tours only.
   */
  @EnvUrl({ example: 'https://app.example.com' })
  APP_URL = 'http://localhost:3000';

  /** A service silent for this long (no response headers, or no bytes while streaming) is a 504. */
  @EnvInt({ min: 1000, unit: 'milliseconds' })
  UPSTREAM_TIMEOUT_MS: number = 60_000;
}
