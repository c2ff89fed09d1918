/**
 * Floor-plan orders (002 §1-§4, §7): what providers buy with credits, virtual assistants process and external
 * suppliers deliver. The spec names the kinds through the virtual assistant's queues and shows no status values;
 * the machine below is the platform's (services/orders/README.md).
 */
export const ORDER_KINDS = ['floorplan', 'schematic_floorplan', 'universal_floorplan', 'trueplan'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];

export const ORDER_KIND_LABELS: Record<OrderKind, string> = {
  floorplan: 'Floor plan',
  schematic_floorplan: 'Schematic floor plan',
  universal_floorplan: 'Universal floor plan',
  trueplan: 'TruePlan',
};

/** Credits one order of each kind costs (000 §1: floor plans cost credits; the amounts are the platform's). */
export const ORDER_CREDITS: Record<OrderKind, number> = {
  floorplan: 5,
  schematic_floorplan: 3,
  universal_floorplan: 8,
  trueplan: 10,
};

/** How long after placing the plan is promised, per kind (hours). */
export const ORDER_TURNAROUND_HOURS: Record<OrderKind, number> = {
  floorplan: 24,
  schematic_floorplan: 24,
  universal_floorplan: 48,
  trueplan: 72,
};

/** placed -> in_progress <-> paused -> delivered; cancelled from any open state. */
export const ORDER_STATUSES = ['placed', 'in_progress', 'paused', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * Each status in words, one word wherever an order shows (the provider's pages, the back offices): placed is
 * "Placed", as the spec's `any_order_placed` (000 §3) and the `order.placed` webhook name it, never "Received".
 */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  placed: 'Placed',
  in_progress: 'In progress',
  paused: 'Paused',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

/** What an order's history records: its statuses' words, with `assigned` and `amendment` between them. */
export const ORDER_STEPS = [
  'placed',
  'assigned',
  'in_progress',
  'paused',
  'delivered',
  'cancelled',
  'amendment',
] as const;
export type OrderStep = (typeof ORDER_STEPS)[number];

/** A file of an order: the provider's supporting files, the supplier's working files and property data, the plan. */
export const ORDER_FILE_ROLES = [
  'supporting',
  'working',
  'property_data',
  'delivered',
  'attachment',
] as const;
export type OrderFileRole = (typeof ORDER_FILE_ROLES)[number];

/**
 * Request-reply to properties before an order is placed: the property, if it is this provider's, with what the
 * order needs to know of it. 404 for a property that is not the provider's.
 */
export const PROPERTY_FOR_ORDER = 'properties.property.for_order';

export interface PropertyForOrderRequest {
  providerId: string;
  propertyId: string;
}

export interface PropertyForOrder {
  propertyId: string;
  title: string;
  address: string | null;
  /** The Matterport space the plan is drawn from, null when the property has none. */
  matterportModelId: string | null;
  /** Matterport serves the space only behind a password: plans cannot be produced from it. */
  passwordProtected: boolean;
}

/** Request-reply to identity: the platform's staff of one back-office role (the suppliers a VA assigns to). */
export const STAFF_MEMBERS = 'identity.staff.members';

export interface StaffMembersRequest {
  staffRole: 'virtual_assistant' | 'external_supplier' | 'platform_admin';
}

export interface StaffMember {
  userId: string;
  fullName: string;
  email: string;
}

export interface StaffMembers {
  members: StaffMember[];
}

/** Request-reply to identity: the display names of users (comment authors), whoever they are. Unknown ids left out. */
export const USER_NAMES = 'identity.users.names';

export interface UserNamesRequest {
  userIds: string[];
}

export interface UserNames {
  users: Array<{ userId: string; fullName: string }>;
}
