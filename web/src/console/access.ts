import type { StaffRole } from '../api/role';
import type { ConsoleArea } from './areas';
import { ASSIGNED_ORDERS, VA_QUEUES } from './orders/orders';

/** react-admin's actions (list, show, create, edit, delete, export, ...) and the console's business verbs. */
export interface AccessRequest {
  resource: string;
  action: string;
}

const ADMIN: readonly StaffRole[] = ['platform_admin'];
const SETUP_STAFF: readonly StaffRole[] = ['virtual_assistant', 'platform_admin'];
const SUPPLIERS: readonly StaffRole[] = ['external_supplier', 'platform_admin'];

/** A virtual assistant's floor-plan queue: its orders, assigned, cancelled with a reason, amended once delivered. */
const ORDER_QUEUE = {
  list: SETUP_STAFF,
  show: SETUP_STAFF,
  assign: SETUP_STAFF,
  cancel: SETUP_STAFF,
  amend: SETUP_STAFF,
  // The orders the staff work themselves (the workshop assistant): started, paused, delivered.
  work: SETUP_STAFF,
};

/**
 * resource -> action -> staff roles allowed (`<meta name="staff-role">`). Whatever is not listed is denied. The
 * services authorise every request again: this only decides what the console offers.
 */
const RULES: Readonly<Record<string, Readonly<Record<string, readonly StaffRole[]>>>> = {
  // The providers list and each provider's page (its tabs: tag, billing, floor-plan configuration, credits, audit).
  providers: {
    list: ADMIN,
    show: ADMIN,
    impersonate: ADMIN,
    credits: ADMIN,
    tag: ADMIN,
    billing: ADMIN,
    floorplan_configuration: ADMIN,
  },
  provider_users: { list: ADMIN, change_primary_provider: ADMIN },
  provider_properties: { list: ADMIN },
  provider_tours: { list: ADMIN },
  provider_player_link_namespaces: { list: ADMIN },
  provider_orders: { list: ADMIN },
  provider_bookings: { list: ADMIN },
  provider_clients: { list: ADMIN },
  admin_changes: { list: ADMIN },
  impersonations: { list: ADMIN },
  whitelabeled_domains: { list: ADMIN, edit: ADMIN },
  // Billing (issue 14): vouchers and offers are archived by react-admin's delete; CSV: a voucher's redemptions.
  vouchers: { list: ADMIN, create: ADMIN, edit: ADMIN, delete: ADMIN, download_csv: ADMIN },
  offers: { list: ADMIN, create: ADMIN, edit: ADMIN, delete: ADMIN },
  credit_bundles: { list: ADMIN, create: ADMIN },
  credit_adjustments: { list: ADMIN, create: ADMIN },
  // The staging asset library (issue 36): archived and restored by edit, deleted for good (or archived by the server
  // when a published scene places the asset), and the log of all of it.
  staging_assets: { list: ADMIN, create: ADMIN, edit: ADMIN, delete: ADMIN },
  staging_asset_log: { list: ADMIN },
  // Its bulk uploads: a CSV at a URL (create), each import followed on its page (show).
  staging_asset_imports: { list: ADMIN, show: ADMIN, create: ADMIN },
  digital_twins: { list: ADMIN },
  // Every provider's delivered floor plans (orders service), read only.
  floorplan_variants: { list: ADMIN },
  // Who referred whom: read only as the export.
  referrals: { list: ADMIN },
  // The virtual assistants' set-up queue (admins may work it too, as the service allows).
  'whitelabeled-domains': { list: SETUP_STAFF, decide: SETUP_STAFF },
  // Floor-plan orders (orders service): the virtual assistants' queues (admins see the same), and the orders
  // assigned to a supplier, worked through (start, pause, files, finalise, cancel) by it or an admin.
  ...Object.fromEntries(VA_QUEUES.map(({ resource }) => [resource, ORDER_QUEUE])),
  [ASSIGNED_ORDERS]: { list: SUPPLIERS, show: SUPPLIERS, work: SUPPLIERS },
};

/** Who each back office is for: anyone else signed in gets the access-denied page there. */
export const AREA_STAFF: Readonly<Record<ConsoleArea, readonly StaffRole[]>> = {
  admin: ADMIN,
  virtual_assistant: SETUP_STAFF,
  external_supplier: SUPPLIERS,
};

/**
 * Where a signed-in person who may not use an area belongs: their own back office (staff), a client user's portal
 * (`membershipRole` client_user, issue 31), or the provider pages (a provider's people).
 */
export function homeOf(
  role: StaffRole | null,
  membershipRole: string | null = null,
): { path: string; label: string } {
  if (role === 'virtual_assistant')
    return { path: '/virtual_assistant', label: 'Go to the virtual assistant console' };
  if (role === 'external_supplier')
    return { path: '/external_supplier', label: 'Go to the external supplier console' };
  if (role === 'platform_admin') return { path: '/admin', label: 'Go to the admin console' };
  if (membershipRole === 'client_user') return { path: '/portal', label: 'Go to your portal' };
  return { path: '/provider/properties', label: 'Go to your properties' };
}

export function canAccess(role: StaffRole | null, { resource, action }: AccessRequest): boolean {
  if (role === null) return false;
  return RULES[resource]?.[action]?.includes(role) ?? false;
}
