/** Billing's suites run on the whole platform with the emulators: the shared support, under billing's names. */
export {
  startPlatformWithEmulators as startBillingPlatform,
  sessionCookieOf,
  type PlatformWithEmulators as BillingPlatform,
  type Person,
} from '../../../test/support/platform';
