import type { Vendor } from '../vendor';
import { createCaptchaVendor } from './captcha';
import { createMailVendor } from './mail';
import { createMapsVendor } from './maps';
import { createMatterportVendor, type MatterportVendorOptions } from './matterport';
import { createAssetHostVendor } from './asset-host';
import { createSegmentationVendor } from './segmentation';
import { createSketchfabVendor, type SketchfabVendorOptions } from './sketchfab';
import { createStripeJsVendor, createStripeVendor, type StripeVendorOptions } from './stripe';

export { createCaptchaVendor, FAILING_CAPTCHA_TOKEN, type SiteverifyResult } from './captcha';
export { createMailVendor, type SentEmail } from './mail';
export {
  createMapsVendor,
  MAPS_GAZETTEER,
  MAPS_TRIGGERS,
  type MapsAddressComponent,
  type MapsGeocodeResult,
  type MapsKnownPlace,
  type MapsLatLng,
  type MapsLocationType,
} from './maps';
export {
  createMatterportVendor,
  MATTERPORT_DEMO_MODELS,
  MATTERPORT_OAUTH_ACCOUNTS,
  MATTERPORT_OAUTH_CLIENT_DEFAULTS,
  MATTERPORT_PAGE_SIZE,
  MATTERPORT_PANORAMA_RESOLUTIONS,
  MATTERPORT_PANORAMA_URL_TTL_S,
  MATTERPORT_PASSWORD_PROTECTED_MODEL_NAME,
  matterportAccountModels,
  matterportDemoModelId,
  matterportDemoModelSpace,
  matterportPanoramaLabels,
  matterportShowcaseSpace,
  type MatterportAccountModel,
  type MatterportFloor,
  type MatterportModel,
  type MatterportModelAddress,
  type MatterportModelState,
  type MatterportModelVisibility,
  type MatterportOAuthAccount,
  type MatterportOAuthAccountId,
  type MatterportOAuthOptions,
  type MatterportPanoramaResolution,
  type MatterportRoom,
  type MatterportShowcaseSpace,
  type MatterportSweep,
  type MatterportVendorOptions,
} from './matterport';
export { ASSET_HOST_PACK_PATH, createAssetHostVendor } from './asset-host';
export {
  createSegmentationVendor,
  SEGMENTATION_FAILURE_STATUSES,
  SEGMENTATION_LABELS,
  SEGMENTATION_MAX_IMAGE_BYTES,
  SEGMENTATION_MAX_IMAGE_WIDTH,
  SEGMENTATION_MODEL,
  SEGMENTATION_REQUEST_LOG_LIMIT,
  SEGMENTATION_REVOKED_KEY,
  type Segmentation,
  type SegmentationErrorBody,
  type SegmentationErrorType,
  type SegmentationFailureStatus,
  type SegmentationLabel,
  type SegmentationLabelKind,
  type SegmentationRefusalCode,
  type SegmentationRequestRecord,
  type SegmentedLabel,
} from './segmentation';
export {
  createSketchfabVendor,
  SKETCHFAB_CALLBACK_PATH,
  SKETCHFAB_CATALOGUE,
  SKETCHFAB_DOWNLOAD_URL_TTL_S,
  SKETCHFAB_LICENSE_SLUGS,
  SKETCHFAB_LICENSES,
  SKETCHFAB_OAUTH_ACCOUNTS,
  SKETCHFAB_OAUTH_CLIENT_DEFAULTS,
  SKETCHFAB_PAGE_SIZE,
  SKETCHFAB_TOKEN_DEFAULTS,
  sketchfabArchives,
  sketchfabUid,
  type SketchfabCatalogueModel,
  type SketchfabLicense,
  type SketchfabLicenseSlug,
  type SketchfabOAuthAccountId,
  type SketchfabOAuthClient,
  type SketchfabOAuthOptions,
  type SketchfabUser,
  type SketchfabVendorOptions,
} from './sketchfab';
export {
  API_VERSION as STRIPE_API_VERSION,
  COMPLETE_ONBOARDING_LABEL as STRIPE_COMPLETE_ONBOARDING_LABEL,
  createStripeJsVendor,
  createStripeVendor,
  isStripeVendor,
  signatureHeader as stripeSignatureHeader,
  type DunningOptions,
  type StripeVendor,
  type StripeVendorOptions,
  type WebhookDelivery,
  type WebhookTarget,
} from './stripe';

export interface VendorOptions {
  stripe?: StripeVendorOptions;
  matterport?: MatterportVendorOptions;
  sketchfab?: SketchfabVendorOptions;
}

/**
 * Every emulated vendor, each a fresh instance with its own state, so two servers in one process never
 * share data. Adding a vendor is one line here.
 */
export function createVendors(options: VendorOptions = {}): Vendor[] {
  return [
    createCaptchaVendor(),
    createMailVendor(),
    createStripeVendor(options.stripe),
    createStripeJsVendor(),
    createMapsVendor(),
    createMatterportVendor(options.matterport),
    createSketchfabVendor(options.sketchfab),
    createAssetHostVendor(),
    createSegmentationVendor(),
  ];
}
