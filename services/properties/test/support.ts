/** Properties' suites run on the whole platform with the emulators (maps, Matterport, Stripe...). */
export {
  startPlatformWithEmulators as startPropertiesPlatform,
  type PlatformWithEmulators as PropertiesPlatform,
  type Person,
} from '../../../test/support/platform';
