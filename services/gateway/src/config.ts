import { IsInt, IsOptional, IsString, Matches, Min } from 'class-validator';
import { PlatformConfig } from '@tourly/platform';

const URL_RULE = /^https?:\/\/\S+$/;
export const GOOGLE_RECAPTCHA_SCRIPT = 'https://www.google.com/recaptcha/api.js';
export const MATTERPORT_SHOWCASE = 'https://my.matterport.com/show/';
export const STRIPE_JS_SCRIPT = 'https://js.stripe.com/v3';
const urlMessage = (name: string) =>
  `${name} is required: the base URL of that service, e.g. http://127.0.0.1:3001`;

export class GatewayConfig extends PlatformConfig {
  @Matches(URL_RULE, { message: urlMessage('IDENTITY_URL') })
  IDENTITY_URL!: string;

  @Matches(URL_RULE, { message: urlMessage('BILLING_URL') })
  BILLING_URL!: string;

  @Matches(URL_RULE, { message: urlMessage('PROPERTIES_URL') })
  PROPERTIES_URL!: string;

  @Matches(URL_RULE, { message: urlMessage('ORDERS_URL') })
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
  @IsOptional()
  @Matches(URL_RULE, {
    message: 'CAPTCHA_SCRIPT_URL must be an http(s) URL, e.g. https://www.google.com/recaptcha/api.js',
  })
  CAPTCHA_SCRIPT_URL: string = GOOGLE_RECAPTCHA_SCRIPT;

  /**
   * Stripe's publishable key, written into pages for the billing pages (card entry, 3-D Secure). Without it the
   * pages carry no Stripe settings and the CSP allows no Stripe script.
   */
  @IsOptional()
  @Matches(/^pk_(test|live)_\S+$/, { message: 'STRIPE_PUBLISHABLE_KEY must be a publishable key (pk_...)' })
  STRIPE_PUBLISHABLE_KEY?: string;

  /** Stripe.js: Stripe's, or the emulators' stand-in (`<EMULATORS_URL>/stripe-js/v3.js`). */
  @IsOptional()
  @Matches(URL_RULE, { message: 'STRIPE_JS_URL must be an http(s) URL, e.g. https://js.stripe.com/v3' })
  STRIPE_JS_URL: string = STRIPE_JS_SCRIPT;

  /** The scan viewer tours embed: Matterport's Showcase, or the emulators' stand-in (`<EMULATORS_URL>/matterport/show/`). */
  @IsOptional()
  @Matches(URL_RULE, {
    message: 'MATTERPORT_SHOWCASE_URL must be an http(s) URL, e.g. https://my.matterport.com/show/',
  })
  MATTERPORT_SHOWCASE_URL: string = MATTERPORT_SHOWCASE;

  /** Requests per minute one client address may make to the credential endpoints (sign-in, tokens...). */
  @IsOptional()
  @Min(1, { message: 'CREDENTIAL_RATE_LIMIT must be at least 1' })
  @IsInt({ message: 'CREDENTIAL_RATE_LIMIT must be a whole number of requests per minute' })
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
  @Matches(URL_RULE, { message: 'APP_URL must be an http(s) URL, e.g. https://app.example.com' })
  APP_URL = 'http://localhost:3000';

  /** A service silent for this long (no response headers, or no bytes while streaming) is a 504. */
  @IsOptional()
  @Min(1000, { message: 'UPSTREAM_TIMEOUT_MS must be at least 1000' })
  @IsInt({ message: 'UPSTREAM_TIMEOUT_MS must be a whole number of milliseconds' })
  UPSTREAM_TIMEOUT_MS: number = 60_000;
}
