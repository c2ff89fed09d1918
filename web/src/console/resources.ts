import type { ResourceProps } from 'react-admin';
import type { ConsoleArea } from './areas';
import assignedOrders from './assignedOrders';
import creditBundles from './creditBundles';
import digitalTwins from './digitalTwins';
import floorplanVariants from './floorplanVariants';
import impersonations from './impersonations';
import offers from './offers';
import { orderQueues } from './orderQueues';
import { ASSIGNED_ORDERS } from './orders/orders';
import providers from './providers';
import referrals from './referrals';
import { stagingAssetImports, stagingAssetLog, stagingAssets } from './stagingAssets';
import vouchers from './vouchers';
import whitelabeledDomains from './whitelabeledDomains';
import whitelabelQueue from './whitelabelQueue';

/**
 * Each area's resources, one folder per resource exporting its views: `admin: [{ name: 'vouchers', ...vouchers }]`.
 * The name is the path under the area (`/admin/providers`), which the data provider maps to the spec's paths.
 */
export const AREA_RESOURCES: Record<ConsoleArea, ResourceProps[]> = {
  admin: [
    { name: 'providers', ...providers },
    { name: 'impersonations', ...impersonations },
    { name: 'whitelabeled_domains', ...whitelabeledDomains },
    { name: 'vouchers', ...vouchers },
    { name: 'offers', ...offers },
    { name: 'credit_bundles', ...creditBundles },
    { name: 'referrals', ...referrals },
    { name: 'staging_assets', ...stagingAssets },
    { name: 'staging_asset_log', ...stagingAssetLog },
    { name: 'staging_asset_imports', ...stagingAssetImports },
    { name: 'digital_twins', ...digitalTwins },
    { name: 'floorplan_variants', ...floorplanVariants },
  ],
  virtual_assistant: [...orderQueues, { name: 'whitelabeled-domains', ...whitelabelQueue }],
  external_supplier: [{ name: ASSIGNED_ORDERS, ...assignedOrders }],
};
