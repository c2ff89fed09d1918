import {
  MATTERPORT_DRAWN_KINDS,
  MATTERPORT_SPEED_HOURS,
  ORDER_KIND_LABELS,
  ORDER_TURNAROUND_HOURS,
  PROVIDER_SIDE_ROLES,
  type MatterportSpeed,
  type OrderDrawer,
  type OrderKind,
  type OrderStatus,
  type OrderStep,
} from '@tourly/contracts';
import { createHash } from 'node:crypto';
import type { CallerIdentity } from '@tourly/platform';

export const ORDER_NOT_FOUND = 'Order not found';
export const PASSWORD_PROTECTED =
  'This Matterport space is password-protected: floor plans cannot be drawn from it. Remove its password in ' +
  'Matterport, then order again.';
export const NO_SPACE =
  'This property has no Matterport space to draw a floor plan from. Add its space first.';
export const NOTHING_DELIVERED = 'Upload the floor plan before finalising the order.';
export const NOT_A_SUPPLIER = 'Choose one of the external suppliers.';
export const NOT_MATTERPORTS_KIND =
  'Matterport draws schematic floor plans only: leave this kind to one of our drafters.';
export const AT_MATTERPORT = 'Matterport is drawing this order: there is no supplier to assign.';
export const SPEED_IS_MATTERPORTS = "is Matterport's: leave it out for an order one of our drafters draws";

/** Why an order Matterport failed is cancelled, in the order's history and on the provider's page. */
export function matterportFailure(reason: string | null): string {
  const why = reason ? `: ${reason.replace(/\.$/, '')}` : '';
  return `Matterport could not draw this plan${why}. Its credits are back in your balance.`;
}

/** Whether `drawnBy` may draw `kind` (anyone may be drawn by a supplier). */
export function drawableBy(drawnBy: OrderDrawer, kind: OrderKind): boolean {
  return drawnBy === 'supplier' || MATTERPORT_DRAWN_KINDS.includes(kind);
}

/** What people do to an order, each allowed from some statuses only (the machine in the README). */
export type OrderAction = 'start' | 'pause' | 'finalise' | 'cancel' | 'assign' | 'amend' | 'change_files';

const OPEN: readonly OrderStatus[] = ['placed', 'in_progress', 'paused'];

/** The statuses each action may start from. Start also resumes a paused order. */
export const ALLOWED_FROM: Record<OrderAction, readonly OrderStatus[]> = {
  start: ['placed', 'paused'],
  pause: ['in_progress'],
  finalise: ['in_progress'],
  cancel: OPEN,
  assign: OPEN,
  amend: ['delivered'],
  change_files: OPEN,
};

/** Where each action leaves the order (assign and amend leave it where it is: an amendment is a new order). */
export const LEADS_TO: Partial<Record<OrderAction, OrderStatus>> = {
  start: 'in_progress',
  pause: 'paused',
  finalise: 'delivered',
  cancel: 'cancelled',
};

const STATUS_WORDS: Record<OrderStatus, string> = {
  placed: 'waiting to be started',
  in_progress: 'in progress',
  paused: 'paused',
  delivered: 'delivered',
  cancelled: 'cancelled',
};

const ACTION_WORDS: Record<OrderAction, string> = {
  start: 'started',
  pause: 'paused',
  finalise: 'finalised',
  cancel: 'cancelled',
  assign: 'assigned',
  amend: 'amended (only a delivered order can be)',
  change_files: 'changed',
};

/** The 409 message for an action its status does not allow; null when it does. */
export function transitionRefusal(action: OrderAction, status: OrderStatus): string | null {
  if (ALLOWED_FROM[action].includes(status)) return null;
  return `This order is ${STATUS_WORDS[status]}: it cannot be ${ACTION_WORDS[action]}.`;
}

/** The step an action records in the order's history. */
export const STEP_OF: Record<Exclude<OrderAction, 'change_files'>, OrderStep> = {
  start: 'in_progress',
  pause: 'paused',
  finalise: 'delivered',
  cancel: 'cancelled',
  assign: 'assigned',
  amend: 'amendment',
};

/** When the plan is promised: a supplier's turnaround by the kind, Matterport's by the speed ordered. */
export function promisedAt(
  kind: OrderKind,
  placedAt: Date,
  matterportSpeed: MatterportSpeed | null = null,
): Date {
  const hours = matterportSpeed ? MATTERPORT_SPEED_HOURS[matterportSpeed] : ORDER_TURNAROUND_HOURS[kind];
  return new Date(placedAt.getTime() + hours * 3600_000);
}

/** The order as far as deciding who may see it goes. */
export interface OrderParties {
  providerId: string;
  supplierId: string | null;
}

/**
 * Who sees an order: the provider's own people, virtual assistants and platform admins, and the supplier it is
 * assigned to. Anyone else is told it does not exist (404), never that it is someone else's.
 */
export function maySee(caller: CallerIdentity, order: OrderParties): boolean {
  if (caller.staffRole === 'platform_admin' || caller.staffRole === 'virtual_assistant') return true;
  if (caller.staffRole === 'external_supplier') return !!caller.userId && order.supplierId === caller.userId;
  return (
    !!caller.role &&
    (PROVIDER_SIDE_ROLES as readonly string[]).includes(caller.role) &&
    caller.providerId === order.providerId
  );
}

/** The queues of the virtual assistant (002 §7): which kinds, first orders or amendments. */
export const QUEUES = {
  floorplans: { kinds: ['floorplan', 'universal_floorplan'], amendments: false },
  schematic_floorplans: { kinds: ['schematic_floorplan'], amendments: false },
  trueplans: { kinds: ['trueplan'], amendments: false },
  floor_plans: { kinds: ['floorplan'], amendments: true },
  schematic_floor_plans: { kinds: ['schematic_floorplan'], amendments: true },
  universal_floor_plans: { kinds: ['universal_floorplan'], amendments: true },
  trueplans_amendments: { kinds: ['trueplan'], amendments: true },
} as const satisfies Record<string, { kinds: readonly OrderKind[]; amendments: boolean }>;
export type QueueName = keyof typeof QUEUES;

/** What a delivered file is called as a floor-plan variant: the property, the kind and the file's own name. */
export function variantName(propertyTitle: string, kind: OrderKind, filename: string): string {
  return `${propertyTitle} · ${ORDER_KIND_LABELS[kind]} · ${filename}`.slice(0, 255);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_SUPPORTING_FILES = 20;

/**
 * The ids of an amendment's `supportingFiles`, an indexed map as the form sends it (`{"0": {"id": ...}, "1": ...}`),
 * in index order; null when it is not such a map (keys not 0..n-1, an entry without a file id, too many).
 */
export function supportingFileIds(map: Record<string, unknown> | null | undefined): string[] | null {
  // Left out or null (the form's empty field): no files.
  if (map === undefined || map === null) return [];
  const keys = Object.keys(map);
  if (keys.length > MAX_SUPPORTING_FILES) return null;
  const ids: string[] = [];
  for (let index = 0; index < keys.length; index += 1) {
    const entry = map[String(index)] as { id?: unknown } | null | undefined;
    if (!entry || typeof entry !== 'object' || typeof entry.id !== 'string' || !UUID.test(entry.id))
      return null;
    ids.push(entry.id.toLowerCase());
  }
  return new Set(ids).size === ids.length ? ids : null;
}

/** An `Idempotency-Key`: what clients generate (a UUID, say), visible ASCII. */
export const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;
export const BAD_IDEMPOTENCY_KEY =
  'The Idempotency-Key header must be 1 to 255 visible ASCII characters (a UUID, say).';
export const KEY_REUSED =
  'This Idempotency-Key was already sent with a different order. Send a new key for a new order.';

/** What a placing asks for, as a key's replay compares it: the property, the kind, who draws it, the instructions. */
export function placingHash(
  propertyId: string,
  fields: {
    kind: OrderKind;
    drawnBy?: OrderDrawer;
    matterportSpeed?: MatterportSpeed;
    instructions?: string;
  },
): string {
  const placing = [propertyId.toLowerCase(), fields.kind, fields.instructions || ''];
  // A supplier's order hashes as it did before orders could be Matterport's: keys kept then still replay.
  if (fields.drawnBy === 'matterport') placing.push('matterport', fields.matterportSpeed ?? 'normal');
  return createHash('sha256').update(JSON.stringify(placing)).digest('hex');
}
