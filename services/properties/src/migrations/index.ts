import type { MigrationClass } from '@tourly/platform';
import { CustomTags1765410000000 } from './1765410000000-custom-tags';
import { Properties1763920000000 } from './1763920000000-properties';
import { FilesAndMedia1763930000001 } from './1763930000001-files-and-media';
import { Websites1763930000002 } from './1763930000002-websites';
import { PremiumToursPaidSeparately1763930000003 } from './1763930000003-premium-tours-paid-separately';
import { LowercaseSearchText1763930000004 } from './1763930000004-lowercase-search-text';
import { PlanChangeOrder1763950000000 } from './1763950000000-plan-change-order';
import { PlanVersions1763980000000 } from './1763980000000-plan-versions';
import { ImmersiveExtensionVersions1763990000000 } from './1763990000000-immersive-extension-versions';
import { Tours1764000000000 } from './1764000000000-tours';
import { SegmentationScenes1764100000000 } from './1764100000000-segmentation-scenes';
import { Leads1764200000000 } from './1764200000000-leads';
import { OrderFloorplans1764300000000 } from './1764300000000-order-floorplans';
import { MatterportAutoPopulation1764400000000 } from './1764400000000-matterport-auto-population';
import { AdminLists1764500000000 } from './1764500000000-admin-lists';
import { TourUnlockGuards1764610000000 } from './1764610000000-tour-unlock-guards';
import { LeadSenders1764620000000 } from './1764620000000-lead-senders';
import { ClientsAndContacts1764700000000 } from './1764700000000-clients-and-contacts';
import { Bookings1764900000000 } from './1764900000000-bookings';
import { Avatars1765000000000 } from './1765000000000-avatars';
import { HostingPauses1765100000000 } from './1765100000000-hosting-pauses';
import { Analytics1765200000000 } from './1765200000000-analytics';
import { LeadAttribution1765310000000 } from './1765310000000-lead-attribution';
import { LeadGate1765320000000 } from './1765320000000-lead-gate';
import { AnalyticsRoomPins1765330000000 } from './1765330000000-analytics-room-pins';
import { AnalyticsWeeklyReport1765340000000 } from './1765340000000-analytics-weekly-report';
import { AnalyticsRangeRollups1765350000000 } from './1765350000000-analytics-range-rollups';
import { WayfindingLayers1765420000000 } from './1765420000000-wayfinding-layers';
import { WelcomeScreens1765421000000 } from './1765421000000-welcome-screens';
import { GuidedStopsAndAudioTours1765430000000 } from './1765430000000-guided-stops-and-audio-tours';
import { FontWeights1765440000000 } from './1765440000000-font-weights';
import { StagingAssets1765450000000 } from './1765450000000-staging-assets';
import { StagingAssetImports1765480000000 } from './1765480000000-staging-asset-imports';
import { StagingAssetThumbnails1765490000000 } from './1765490000000-staging-asset-thumbnails';
import { DigitalTwins1765500000000 } from './1765500000000-digital-twins';
import { SegmentationJobs1765600000000 } from './1765600000000-segmentation-jobs';
import { RetouchedPhotos1765900000000 } from './1765900000000-retouched-photos';
import { OrderLines1766200000000 } from './1766200000000-order-lines';
import { StagingScenes1765460000000 } from './1765460000000-staging-scenes';
import { SketchfabConnections1765470000000 } from './1765470000000-sketchfab-connections';

/** Committed migrations of the properties schema, oldest first (the platform's own tables come before them). */
export const migrations: MigrationClass[] = [
  Properties1763920000000,
  FilesAndMedia1763930000001,
  Websites1763930000002,
  PremiumToursPaidSeparately1763930000003,
  LowercaseSearchText1763930000004,
  PlanChangeOrder1763950000000,
  PlanVersions1763980000000,
  ImmersiveExtensionVersions1763990000000,
  Tours1764000000000,
  SegmentationScenes1764100000000,
  Leads1764200000000,
  OrderFloorplans1764300000000,
  MatterportAutoPopulation1764400000000,
  AdminLists1764500000000,
  TourUnlockGuards1764610000000,
  LeadSenders1764620000000,
  ClientsAndContacts1764700000000,
  Bookings1764900000000,
  Avatars1765000000000,
  HostingPauses1765100000000,
  Analytics1765200000000,
  LeadAttribution1765310000000,
  LeadGate1765320000000,
  AnalyticsRoomPins1765330000000,
  AnalyticsWeeklyReport1765340000000,
  AnalyticsRangeRollups1765350000000,
  CustomTags1765410000000,
  WayfindingLayers1765420000000,
  WelcomeScreens1765421000000,
  GuidedStopsAndAudioTours1765430000000,
  FontWeights1765440000000,
  StagingAssets1765450000000,
  StagingScenes1765460000000,
  SketchfabConnections1765470000000,
  StagingAssetImports1765480000000,
  StagingAssetThumbnails1765490000000,
  DigitalTwins1765500000000,
  SegmentationJobs1765600000000,
  RetouchedPhotos1765900000000,
  OrderLines1766200000000,
];
