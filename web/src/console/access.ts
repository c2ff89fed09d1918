import type { StaffRole } from '../api/role';
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
};

/**
 * resource -> action -> staff roles allowed (`<meta name="staff-role">`). Whatever is not listed is denied. The
 * services authorise every request again: this only decides what the console offers.
 */
const RULES: Readonly<Record<string, Readonly<Record<string, readonly StaffRole[]>>>> = {
  providers: { list: ADMIN, impersonate: ADMIN, credits: ADMIN },
  provider_users: { list: ADMIN, change_primary_provider: ADMIN },
  impersonations: { list: ADMIN },
  whitelabeled_domains: { list: ADMIN, edit: ADMIN },
  // Billing (issue 14): vouchers and offers are archived by react-admin's delete; CSV: a voucher's redemptions.
  vouchers: { list: ADMIN, create: ADMIN, edit: ADMIN, delete: ADMIN, download_csv: ADMIN },
  offers: { list: ADMIN, create: ADMIN, edit: ADMIN, delete: ADMIN },
  credit_bundles: { list: ADMIN, create: ADMIN },
  credit_adjustments: { list: ADMIN, create: ADMIN },
  // The virtual assistants' set-up queue (admins may work it too, as the service allows).
  'whitelabeled-domains': { list: SETUP_STAFF, decide: SETUP_STAFF },
  // Floor-plan orders (orders service): the virtual assistants' queues (admins see the same), and the orders
  // assigned to a supplier, worked through (start, pause, files, finalise, cancel) by it or an admin.
  ...Object.fromEntries(VA_QUEUES.map(({ resource }) => [resource, ORDER_QUEUE])),
  [ASSIGNED_ORDERS]: { list: SUPPLIERS, show: SUPPLIERS, work: SUPPLIERS },
};

export function canAccess(role: StaffRole | null, { resource, action }: AccessRequest): boolean {
  if (role === null) return false;
  return RULES[resource]?.[action]?.includes(role) ?? false;
}
