export { startEmulators, buildEmulatorsApp, type EmulatorsOptions, type RunningEmulators } from './server';
export type { Vendor } from './vendor';
export { createVendors, createCaptchaVendor, FAILING_CAPTCHA_TOKEN, type SiteverifyResult } from './vendors';
