import { defineService, type RunningService } from '@tourly/platform';
import { PropertiesConfig } from './config';
import { PropertiesModule } from './properties.module';
import { migrations } from './migrations';
import { firstPropertyId, seedDemoHeatMap } from './seed/demo-analytics';
import { demoClientId, demoClientPropertyIds, seedDemoProperties } from './seed/demo-properties';
import { seedDemoStaging, type DemoStagingModel } from './seed/demo-staging';

export { PropertiesConfig } from './config';
export type { DemoStagingModel } from './seed/demo-staging';

export const properties = defineService({
  name: 'properties',
  description:
    'Properties, media and uploads, single-property websites, tours and their overlays, menus and branding, the premium-tour quota, bookings, clients, contacts, the public player API and leads.',
  config: PropertiesConfig,
  module: PropertiesModule,
  migrations,
  // Other services' plans and settings, Matterport's copies, visitors' events and guesses: no provider's records.
  unaudited: [
    // Visitors' analytics (their events, the rollups made of them, the pairs waiting): no provider's records.
    'analytics_days',
    'analytics_events',
    'analytics_place_days',
    'analytics_rollups_due',
    'analytics_view_days',
    // Which weekly reports left: written by the schedule alone, never by a request.
    'analytics_reports_sent',
    // A person's own picture, not a provider's record; never written while impersonating.
    'avatars',
    // A copy of billing's overdue hosting-fee invoices (its events), never written by a request.
    'hosting_overdue_invoices',
    'matterport_auto_population',
    'matterport_populated_models',
    'provider_plans',
    // Sketchfab authorisations on their way through its page (machinery, spent in minutes).
    'sketchfab_authorizations',
    // The staging library's categories (the platform's, seeded) and its log (written beside each audited change).
    'staging_asset_categories',
    // The back office's bulk uploads and their rows (platform work, settled by the schedule): no provider's records.
    'staging_asset_import_rows',
    'staging_asset_imports',
    'staging_asset_logs',
    'tour_events',
    'tour_unlock_guards',
    'tour_unlock_wrong_addresses',
  ],
});

/** Demo properties for the demo provider (the all-in-one launcher); never in production. How many it made. */
export async function seedDemoData(service: RunningService, providerId: string): Promise<number> {
  if (service.config.NODE_ENV === 'production') return 0;
  return seedDemoProperties(service.app, providerId);
}

/**
 * The heat map over floor plans on the demo provider's busiest property (its oldest): two plans drawn, its rooms
 * placed. Apart from `seedDemoData` because it writes files: only where storage runs (the all-in-one launcher's local
 * S3). How many rooms it placed; none in production, or once placed.
 */
export async function seedDemoHeatMapData(service: RunningService, providerId: string): Promise<number> {
  if (service.config.NODE_ENV === 'production') return 0;
  const propertyId = await firstPropertyId(service.app, providerId);
  return propertyId ? seedDemoHeatMap(service.app, providerId, propertyId) : 0;
}

/** The demo provider's demo client ("Harbour Realty"), once the demo properties made it: its id, else null. */
export async function demoClientOf(service: RunningService, providerId: string): Promise<string | null> {
  if (service.config.NODE_ENV === 'production') return null;
  return demoClientId(service.app, providerId);
}

/** The demo client's properties (the demo seed gives it two), oldest first; none in production. */
export async function demoClientPropertiesOf(
  service: RunningService,
  providerId: string,
  clientId: string,
): Promise<string[]> {
  if (service.config.NODE_ENV === 'production') return [];
  return demoClientPropertyIds(service.app, providerId, clientId);
}

/**
 * The platform's staging library for `npm start` (where storage runs): the demo models as the demo administrator's
 * uploads, once; none in production. How many it made.
 */
export async function seedDemoStagingLibrary(
  service: RunningService,
  administratorId: string,
  models: () => Promise<DemoStagingModel[]>,
): Promise<number> {
  if (service.config.NODE_ENV === 'production') return 0;
  return seedDemoStaging(service.app, administratorId, models);
}
