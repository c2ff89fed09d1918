import type { Vendor } from '../vendor';
import { createCaptchaVendor } from './captcha';
import { createMailVendor } from './mail';

export { createCaptchaVendor, FAILING_CAPTCHA_TOKEN, type SiteverifyResult } from './captcha';
export { createMailVendor, type SentEmail } from './mail';

/**
 * Every emulated vendor, each a fresh instance with its own state, so two servers in one process never
 * share data. Adding a vendor is one line here.
 */
export function createVendors(): Vendor[] {
  return [createCaptchaVendor(), createMailVendor()];
}
