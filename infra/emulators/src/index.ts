export { startEmulators, buildEmulatorsApp, type EmulatorsOptions, type RunningEmulators } from './server';
export type { Vendor } from './vendor';
export {
  createVendors,
  createCaptchaVendor,
  createMailVendor,
  FAILING_CAPTCHA_TOKEN,
  type SentEmail,
  type SiteverifyResult,
} from './vendors';
