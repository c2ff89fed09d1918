/**
 * Floor-plan orders (002 §1-§4, §7): what providers buy with credits, virtual assistants process and external
 * suppliers deliver. The spec names the kinds through the virtual assistant's queues and shows no status values;
 * the machine below is the platform's (services/orders/README.md).
 */
export const FLOORPLAN_KINDS = [
  'floorplan',
  'schematic_floorplan',
  'universal_floorplan',
  'trueplan',
] as const;
export type FloorplanKind = (typeof FLOORPLAN_KINDS)[number];

/**
 * Every kind of order (000 §1: floor plans, the workshop assistant and photo retouching cost credits): the floor
 * plans, retouching of a property's photos (charged per photo), and the workshop assistant (the platform's staff
 * working on the tour's layers for the provider, delivered as the tour's draft).
 */
export const ORDER_KINDS = [...FLOORPLAN_KINDS, 'photo_retouching', 'workshop_assistant'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];

export const ORDER_KIND_LABELS: Record<OrderKind, string> = {
  floorplan: 'Floor plan',
  schematic_floorplan: 'Schematic floor plan',
  universal_floorplan: 'Universal floor plan',
  trueplan: 'TruePlan',
  photo_retouching: 'Photo retouching',
  workshop_assistant: 'Workshop assistant',
};

/** Credits one floor plan of each kind costs (000 §1: floor plans cost credits; the amounts are the platform's). */
export const ORDER_CREDITS: Record<FloorplanKind, number> = {
  floorplan: 5,
  schematic_floorplan: 3,
  universal_floorplan: 8,
  trueplan: 10,
};

/** How long after placing the work is promised, per kind (hours). */
export const ORDER_TURNAROUND_HOURS: Record<OrderKind, number> = {
  floorplan: 24,
  schematic_floorplan: 24,
  universal_floorplan: 48,
  trueplan: 72,
  photo_retouching: 24,
  workshop_assistant: 48,
};

export const isFloorplanKind = (kind: OrderKind): kind is FloorplanKind =>
  (FLOORPLAN_KINDS as readonly string[]).includes(kind);

/**
 * What a retoucher does to each photo of a retouching order (the spec shows none: these are the platform's), each
 * priced in credits per photo: an order costs its photos times the sum of its options.
 */
export const RETOUCH_OPTIONS = ['brightness_colour', 'sky_replacement', 'object_removal'] as const;
export type RetouchOption = (typeof RETOUCH_OPTIONS)[number];

export const RETOUCH_OPTION_CREDITS: Record<RetouchOption, number> = {
  brightness_colour: 1,
  sky_replacement: 2,
  object_removal: 3,
};
export const RETOUCH_OPTION_LABELS: Record<RetouchOption, string> = {
  brightness_colour: 'Brightness and colour',
  sky_replacement: 'Sky replacement',
  object_removal: 'Object removal',
};

/** How many photos one retouching order takes. */
export const MAX_RETOUCH_PHOTOS = 50;

/**
 * Where a retouched photo goes on the property: beside its original (a new photo after the property's last one), or
 * in its place (the original's file kept with the photo, and in the order).
 */
export const RETOUCH_DELIVERIES = ['beside', 'replace'] as const;
export type RetouchDelivery = (typeof RETOUCH_DELIVERIES)[number];

/**
 * What a retouching order asks, in words: '3 photos: Brightness and colour, Sky replacement; beside the originals'.
 * Its photos are its originals (the files that name a photo).
 */
export function retouchingSummary(order: {
  retouchOptions: readonly RetouchOption[] | null;
  retouchDelivery: RetouchDelivery | null;
  files: ReadonlyArray<{ photoId: string | null }>;
}): string {
  const photos = order.files.filter((file) => file.photoId !== null).length;
  const options = (order.retouchOptions ?? []).map((option) => RETOUCH_OPTION_LABELS[option]).join(', ');
  const where = order.retouchDelivery === 'replace' ? 'in place of the originals' : 'beside the originals';
  return `${photos} ${photos === 1 ? 'photo' : 'photos'}: ${options}; ${where}`;
}

/** What retouching `photos` photos with `options` costs: per photo, the sum of the options' credits. */
export function retouchingCredits(photos: number, options: readonly RetouchOption[]): number {
  return photos * options.reduce((sum, option) => sum + RETOUCH_OPTION_CREDITS[option], 0);
}

/**
 * What the workshop assistant does on a tour: the layers of its draft (services/properties, "Layers, drafts and
 * publishing"), each priced in credits (the spec shows no prices: these are the platform's). The provider reviews
 * the draft delivered and publishes it.
 */
export const WORKSHOP_TASKS = ['overlay', 'menu', 'welcome_screen', 'guided_tour'] as const;
export type WorkshopTask = (typeof WORKSHOP_TASKS)[number];

export const WORKSHOP_TASK_CREDITS: Record<WorkshopTask, number> = {
  overlay: 3,
  menu: 4,
  welcome_screen: 2,
  guided_tour: 1,
};
export const WORKSHOP_TASK_LABELS: Record<WorkshopTask, string> = {
  overlay: 'Overlay (logos, title, banner)',
  menu: 'Menu (links, contact form, map)',
  welcome_screen: 'Welcome screen',
  guided_tour: 'Guided tour',
};

/** What a workshop assistant order's tasks cost: the sum of their credits. */
export function workshopCredits(tasks: readonly WorkshopTask[]): number {
  return tasks.reduce((sum, task) => sum + WORKSHOP_TASK_CREDITS[task], 0);
}

/** What a workshop assistant order asks, in words: 'Menu (links, contact form, map), Welcome screen'. */
export function workshopSummary(tasks: readonly WorkshopTask[] | null): string {
  return (tasks ?? []).map((task) => WORKSHOP_TASK_LABELS[task]).join(', ');
}

/**
 * Who works an order: one of the platform's suppliers (every kind but the workshop assistant), Matterport itself,
 * bought through its Model API's add-on ordering (`MATTERPORT_DRAWN_KINDS` only): fast, but in Matterport's style
 * alone, or the platform's own staff (the workshop assistant, and only it).
 */
export const ORDER_DRAWERS = ['supplier', 'matterport', 'staff'] as const;
export type OrderDrawer = (typeof ORDER_DRAWERS)[number];

/** The kinds Matterport sells through its Model API (TruePlans it sells only in Matterport Cloud). */
export const MATTERPORT_DRAWN_KINDS: readonly FloorplanKind[] = ['schematic_floorplan'];

/**
 * How fast Matterport draws a plan: its Model API's `delivery_time` option (normal: within two business days; fast:
 * one; urgent: six hours), each priced higher as Matterport prices it. The spec shows no prices: these are the
 * platform's, in credits, the normal one a supplier's schematic plan's price.
 */
export const MATTERPORT_SPEEDS = ['normal', 'fast', 'urgent'] as const;
export type MatterportSpeed = (typeof MATTERPORT_SPEEDS)[number];

export const MATTERPORT_SPEED_HOURS: Record<MatterportSpeed, number> = { normal: 48, fast: 24, urgent: 6 };
export const MATTERPORT_SPEED_CREDITS: Record<MatterportSpeed, number> = { normal: 3, fast: 5, urgent: 8 };
export const MATTERPORT_SPEED_LABELS: Record<MatterportSpeed, string> = {
  normal: 'Normal',
  fast: 'Fast',
  urgent: 'Urgent',
};

/**
 * What an order costs: retouching by its photos and options, the workshop assistant by its tasks, Matterport's by
 * its speed, a supplier's by its kind.
 */
export function orderCredits(
  kind: OrderKind,
  speed: MatterportSpeed | null,
  retouching: { photos: number; options: readonly RetouchOption[] } | null = null,
  workshopTasks: readonly WorkshopTask[] = [],
): number {
  if (kind === 'photo_retouching')
    return retouchingCredits(retouching?.photos ?? 0, retouching?.options ?? []);
  if (kind === 'workshop_assistant') return workshopCredits(workshopTasks);
  return speed ? MATTERPORT_SPEED_CREDITS[speed] : ORDER_CREDITS[kind];
}

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
  /** A retouching order's photos: answered in `photos`, those of them that are the property's. */
  photoIds?: string[];
}

/** A photo of the property to retouch, with its file in the platform's bucket (orders copies it). */
export interface PhotoForOrder {
  photoId: string;
  storageKey: string;
  filename: string;
  contentType: string;
  size: number;
}

export interface PropertyForOrder {
  propertyId: string;
  title: string;
  address: string | null;
  /** The Matterport space the plan is drawn from, null when the property has none. */
  matterportModelId: string | null;
  /** Matterport serves the space only behind a password: plans cannot be produced from it. */
  passwordProtected: boolean;
  /** The photos asked for (`photoIds`) that are the property's, in the order asked; absent when none were asked. */
  photos?: PhotoForOrder[];
}

/**
 * Request-reply to properties, which holds the provider's Matterport account: buy Matterport's schematic floor plan
 * of a model of that account (`unlockModelBundle`; buying it again while Matterport has it answers the same order),
 * and read how that order stands. 422 in words when the provider has no Matterport account to order with or
 * Matterport refuses; 503 when Matterport does not answer.
 */
export const MATTERPORT_PLAN_ORDER = 'properties.matterport.plan_order';
export const MATTERPORT_PLAN_STATUS = 'properties.matterport.plan_status';

/** How long orders waits for either answer: properties may renew the provider's token, then asks Matterport. */
export const MATTERPORT_PLAN_TIMEOUT_MS = 35_000;

export interface MatterportPlanRequest {
  providerId: string;
  modelId: string;
  /**
   * Ordering only: the provider's floor-plan configuration as Matterport's options (its units, dimensions and total
   * area shown or not); unset: Matterport's defaults (units by the model's country).
   */
  drawing?: { units: 'metric' | 'imperial'; showDimensions: boolean; showTotalArea: boolean };
  /** Ordering only: how fast (Matterport's `delivery_time`); unset: normal. */
  speed?: MatterportSpeed;
}

export interface MatterportPlan {
  /** `none`: never ordered (or ordered anew since it failed: then it is `pending` again). */
  status: 'none' | 'pending' | 'completed' | 'failed';
  /** Matterport's words when it failed. */
  failureReason: string | null;
  /** The drawn plan's files once completed, each behind a link Matterport signs for a while. */
  files: Array<{ url: string; filename: string; contentType: string }>;
}

/**
 * Request-reply to properties before a workshop assistant order is delivered: the draft of the property's tour, if
 * the provider's live property has one (404 otherwise), and when it was last saved.
 */
export const TOUR_DRAFT_FOR_ORDER = 'properties.tour.draft_for_order';

export interface TourDraftForOrderRequest {
  providerId: string;
  propertyId: string;
}

export interface TourDraftForOrder {
  /** When the draft was last saved (ISO 8601), null when the tour has no draft. */
  draftSavedAt: string | null;
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
