import { ASSIGNED_ORDERS, VA_QUEUES } from './orders/orders';

// Where the data provider finds each resource when it is not `<area>/<resource>`: the spec's own paths. Pure, so a
// table-driven spec holds the mapping (paths.spec.ts).

export type Filter = Record<string, unknown>;

/** A list's path under the area, and the filters left to send as query parameters. */
export interface ListRoute {
  path: string;
  filter: Filter;
}

/**
 * A list of one provider's records, `providers/{id}/<rest>`: the `providerId` filter is part of the path, so it is
 * taken out of the query. Without it there is no such list.
 */
const ofProvider =
  (rest: string) =>
  ({ providerId, ...filter }: Filter): ListRoute => {
    if (typeof providerId !== 'string' || providerId === '')
      throw new Error(`providers/{id}/${rest} needs the providerId filter`);
    return { path: `providers/${encodeURIComponent(providerId)}/${rest}`, filter };
  };

/** Lists whose path is not `<area>/<resource>`, by resource. */
const LIST_PATHS: Record<string, (filter: Filter) => ListRoute> = {
  providers: (filter) => ({ path: 'providers.json', filter }),
  // A provider's records, each a tab of its page.
  provider_users: ofProvider('users.json'),
  provider_properties: ofProvider('properties'),
  provider_tours: ofProvider('tours'),
  provider_player_link_namespaces: ofProvider('player_link_namespaces'),
  provider_orders: ofProvider('orders'),
  provider_bookings: ofProvider('bookings'),
  // The back office's client picker, one provider's when the filter names it.
  provider_clients: (filter) => ({ path: 'provider_clients.json', filter }),
  credit_adjustments: ofProvider('credit_adjustments'),
  admin_changes: ofProvider('admin_changes'),
  credit_bundles: (filter) => ({ path: 'credit_bundles.json', filter }),
  'whitelabeled-domains': (filter) => ({ path: 'whitelabeled-domains.json', filter }),
  // The virtual assistant's floor-plan queues (and amendments), and the orders assigned to a supplier.
  ...Object.fromEntries(
    VA_QUEUES.map(({ resource, path }) => [resource, (filter: Filter) => ({ path, filter })]),
  ),
  [ASSIGNED_ORDERS]: (filter) => ({ path: 'floorplan_orders', filter }),
  // The staging asset library (properties service), every provider's assets and the platform's, its log and its
  // bulk uploads.
  staging_assets: (filter) => ({ path: 'vt_staging/assets.json', filter }),
  staging_asset_log: (filter) => ({ path: 'vt_staging/asset/logs.json', filter }),
  staging_asset_imports: (filter) => ({ path: 'vt_staging/asset/imports.json', filter }),
  // Every provider's digital twins (properties service).
  digital_twins: (filter) => ({ path: 'digital_twins.json', filter }),
  // Every provider's delivered floor plans, one provider's with the providerId filter (orders service).
  floorplan_variants: (filter) => ({ path: 'floorplan_variants.json', filter }),
};

/** The list of `resource` filtered by `filter`: its path under the area and the query's filters. */
export function listRoute(resource: string, filter: Filter = {}): ListRoute {
  return LIST_PATHS[resource]?.(filter) ?? { path: resource, filter };
}

/**
 * Single records whose path is not `<area>/<resource>/{id}`, by resource: every queue's order is read from
 * `portal_order_requests/{id}`, a supplier's from `floorplan_orders/{id}`.
 */
const ONE_PATHS: Record<string, string> = {
  ...Object.fromEntries(VA_QUEUES.map(({ resource }) => [resource, 'portal_order_requests'])),
  [ASSIGNED_ORDERS]: 'floorplan_orders',
};

/** The collection a single record of `resource` is read from: `<collection>/{id}`. */
export const oneRoute = (resource: string): string => ONE_PATHS[resource] ?? resource;

/** Creates whose path is not `<area>/<resource>`, by resource. */
const CREATE_PATHS: Record<string, string> = { credit_bundles: 'credit_bundles.json' };

export const createRoute = (resource: string): string => CREATE_PATHS[resource] ?? resource;
