import { Matches } from 'class-validator';
import { DatabaseConfig, EnvFlag, EnvInt, EnvUrl } from '@tourly/platform';

/** The billing service's environment; its own variables join the platform's here. */
export class BillingConfig extends DatabaseConfig {
  // The key defaults are test-mode placeholders for development and tests (the emulator takes any test key);
  // Stripe refuses them, so production sets all three.

  /** A Stripe secret key; test-mode keys (`sk_test_...`) against the emulator in development. */
  @Matches(/^(sk|rk)_(test|live)_\S+$/, {
    message: 'STRIPE_SECRET_KEY is required: a Stripe secret key (sk_test_... or sk_live_...)',
  })
  STRIPE_SECRET_KEY = 'sk_test_tourly_local';

  /** The key pages use with Stripe.js to confirm cards. */
  @Matches(/^pk_(test|live)_\S+$/, { message: 'STRIPE_PUBLISHABLE_KEY must be a publishable key (pk_...)' })
  STRIPE_PUBLISHABLE_KEY = 'pk_test_tourly_local';

  /** Unset: Stripe itself. Set: an API at another address (the emulator), e.g. http://127.0.0.1:4010. */
  @EnvUrl({
    optional: true,
    origin: true,
    message: (name) => `${name} must be a base URL like http://127.0.0.1:4010`,
  })
  STRIPE_API_URL?: string;

  /** The signing secret of the webhook endpoint (`whsec_...`) that posts to /api/webhooks/stripe. */
  @Matches(/^whsec_\S+$/, {
    message: 'STRIPE_WEBHOOK_SECRET is required: the endpoint signing secret (whsec_...)',
  })
  STRIPE_WEBHOOK_SECRET = 'whsec_tourly_local';

  /**
   * The signing secret of the Connect webhook endpoint (`whsec_...`) that posts the events of the providers'
   * connected accounts (account.updated, their customers' subscriptions and invoices) to /api/webhooks/stripe_connect.
   */
  @Matches(/^whsec_\S+$/, {
    message: 'STRIPE_CONNECT_WEBHOOK_SECRET is required: the Connect endpoint signing secret (whsec_...)',
  })
  STRIPE_CONNECT_WEBHOOK_SECRET = 'whsec_tourly_connect_local';

  /**
   * Each new billing customer gets its own Stripe test clock, so a provider (or a test) can move its
   * subscription through renewals and trial ends (`/provider/billing/test_clock`). Test mode only.
   */
  @EnvFlag()
  STRIPE_TEST_CLOCKS: boolean = false;

  /**
   * Where people open the platform (e.g. https://app.example.com): the pages Stripe's customer portal leads back
   * to are on it (or on a host of the provider's own), never on whatever Host a request carried.
   */
  @EnvUrl({ example: 'https://app.example.com' })
  APP_URL = 'http://localhost:3000';

  /** Length of the Pro trial. */
  @EnvInt({ min: 1, max: 730, unit: 'days' })
  TRIAL_DAYS: number = 30;

  /** Coupons on plan changes: the spec's subscription-coupon feature flag. */
  @EnvFlag()
  SUBSCRIPTION_COUPONS: boolean = true;

  /**
   * How often billing reconciles with Stripe: every subscription (and immersive extension) refreshed from Stripe,
   * and the events Stripe gave up delivering fetched and stored (services/billing/README.md, Reconciliation).
   */
  @EnvInt({ min: 1, max: 86_400, unit: 'seconds' })
  STRIPE_RECONCILIATION_SECONDS: number = 900;

  /**
   * A stored Stripe event not processed this long after it came in is processed again by the retry that runs
   * every minute (its queued processing failed for good, e.g. parked while Stripe was out of reach).
   */
  @EnvInt({ min: 1, max: 86_400, unit: 'seconds' })
  STRIPE_EVENT_RETRY_AFTER_SECONDS: number = 60;

  /**
   * How long credits reserved by another service stay held without being captured: then the periodic sweep
   * releases them (services/billing/README.md, Credits). Long enough for an order to be fulfilled.
   */
  @EnvInt({ min: 60, max: 2_592_000, unit: 'seconds' })
  CREDIT_RESERVATION_TTL_SECONDS: number = 604_800;
}
