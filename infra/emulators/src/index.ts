export { startEmulators, buildEmulatorsApp, type EmulatorsOptions, type RunningEmulators } from './server';
export type { Vendor } from './vendor';
export {
  createVendors,
  createCaptchaVendor,
  createMailVendor,
  createStripeVendor,
  createStripeJsVendor,
  isStripeVendor,
  stripeSignatureHeader,
  FAILING_CAPTCHA_TOKEN,
  STRIPE_API_VERSION,
  type DunningOptions,
  type SentEmail,
  type SiteverifyResult,
  type StripeVendor,
  type StripeVendorOptions,
  type VendorOptions,
  type WebhookDelivery,
  type WebhookTarget,
} from './vendors';
