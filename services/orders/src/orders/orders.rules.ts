import {
  isFloorplanKind,
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
  type RetouchDelivery,
  type RetouchOption,
  type WorkshopTask,
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
export const NO_PHOTOS_RETOUCHED = 'Upload the retouched photos before finalising the order.';
export const NOT_THE_PROPERTYS_PHOTOS =
  'must list photos of this property: one of them is not among its photos (deleted meanwhile?). Pick them again.';
export const RETOUCHING_ONLY = 'is for photo retouching only: leave it out when ordering a floor plan';
export const ORIGINAL_STAYS =
  "This is one of the order's original photos: it stays with the order, so the retouched photo can be matched to it.";

/** What finalising refuses when nothing is delivered yet: the plan, or the retouched photos. */
export const nothingDelivered = (kind: OrderKind) =>
  kind === 'photo_retouching' ? NO_PHOTOS_RETOUCHED : NOTHING_DELIVERED;
export const NOT_A_SUPPLIER = 'Choose one of the external suppliers.';
export const NOT_MATTERPORTS_KIND =
  'Matterport draws schematic floor plans only: leave this kind to one of our drafters.';
export const AT_MATTERPORT = 'Matterport is drawing this order: there is no supplier to assign.';
export const SPEED_IS_MATTERPORTS = "is Matterport's: leave it out for an order one of our drafters draws";
export const WORKSHOP_ONLY = 'is for the workshop assistant only: leave it out for this kind of order';
export const NO_TOUR =
  'This property has no Matterport space: the workshop assistant works on its tour. Add its space first.';
export const STAFF_WORK =
  "The platform's staff work a workshop assistant order themselves: there is no supplier to assign.";
export const SUPPLIERS_WORK = "This order's supplier starts, pauses and finalises it: assign it to one.";
export const NO_DRAFT =
  "The tour has no draft yet: impersonate the provider, edit the property's tour (its changes stay a draft), " +
  'then deliver.';
export const DRAFT_BEFORE_ORDER =
  "The tour's draft was last saved before this order was placed: save this order's work in the tour as the " +
  'provider, then deliver.';

/**
 * Whether the platform's staff (virtual assistants, admins) work an order themselves, moving it through its
 * statuses: the workshop assistant. Every other kind is worked by the supplier it is assigned to.
 */
export const workedByStaff = (kind: OrderKind) => kind === 'workshop_assistant';

/**
 * What finalising a workshop assistant order refuses, from when the tour's draft was last saved: no draft, or one
 * saved before the order was placed (the provider's own, not this order's work). Null: it can be delivered.
 */
export function draftProblem(draftSavedAt: Date | null, placedAt: Date): string | null {
  if (!draftSavedAt) return NO_DRAFT;
  return draftSavedAt < placedAt ? DRAFT_BEFORE_ORDER : null;
}

/** Why an order Matterport failed is cancelled, in the order's history and on the provider's page. */
export function matterportFailure(reason: string | null): string {
  const why = reason ? `: ${reason.replace(/\.$/, '')}` : '';
  return `Matterport could not draw this plan${why}. Its credits are back in your balance.`;
}

/** Who works `kind` unless Matterport is asked to: the platform's staff a workshop assistant order, a supplier the rest. */
export const drawerOf = (kind: OrderKind): OrderDrawer => (workedByStaff(kind) ? 'staff' : 'supplier');

/**
 * Why `drawnBy` may not work `kind`, or null: Matterport draws the kinds it sells only, the staff work the workshop
 * assistant only, and a supplier everything else.
 */
export function drawerProblem(drawnBy: OrderDrawer, kind: OrderKind): string | null {
  if (drawnBy === 'matterport')
    return isFloorplanKind(kind) && MATTERPORT_DRAWN_KINDS.includes(kind) ? null : NOT_MATTERPORTS_KIND;
  if (drawnBy === drawerOf(kind)) return null;
  return drawnBy === 'staff' ? WORKSHOP_ONLY : STAFF_WORK;
}

/** What a retouching order asks for: the photos, what is done to each, and where the retouched ones go. */
export interface RetouchWork {
  photoIds: string[];
  options: RetouchOption[];
  delivery: RetouchDelivery;
}

/**
 * The retouching asked for by an order's fields: null for a floor plan, which sends none of them; refused (the field
 * and why) when a retouching order lacks its photos or options or lists a photo twice, or a floor plan sends them.
 */
export function retouchWork(fields: {
  kind: OrderKind;
  photoIds?: string[];
  retouchOptions?: RetouchOption[];
  retouchDelivery?: RetouchDelivery;
}): RetouchWork | null | { field: string; message: string } {
  const { photoIds, retouchOptions, retouchDelivery } = fields;
  if (fields.kind !== 'photo_retouching') {
    const sent = Object.entries({ photoIds, retouchOptions, retouchDelivery }).find(([, value]) => value);
    return sent ? { field: sent[0], message: RETOUCHING_ONLY } : null;
  }
  if (!photoIds?.length) return { field: 'photoIds', message: 'must list the photos to retouch' };
  if (!retouchOptions?.length)
    return { field: 'retouchOptions', message: 'must list what to do to the photos' };
  const ids = photoIds.map((id) => id.toLowerCase());
  if (new Set(ids).size !== ids.length) return { field: 'photoIds', message: 'lists a photo twice' };
  return { photoIds: ids, options: [...new Set(retouchOptions)], delivery: retouchDelivery ?? 'beside' };
}

/**
 * The workshop assistant's tasks asked for by an order's fields: null for another kind, which sends none; refused
 * (the field and why) when a workshop assistant order lacks its tasks or its brief (`instructions`), or another kind
 * sends tasks.
 */
export function workshopWork(fields: {
  kind: OrderKind;
  instructions?: string;
  workshopTasks?: WorkshopTask[];
}): WorkshopTask[] | null | { field: string; message: string } {
  if (fields.kind !== 'workshop_assistant')
    return fields.workshopTasks ? { field: 'workshopTasks', message: WORKSHOP_ONLY } : null;
  if (!fields.workshopTasks?.length) return { field: 'workshopTasks', message: 'must list what to work on' };
  if (!fields.instructions?.trim())
    return { field: 'instructions', message: 'must say what you want done: the brief the staff work from' };
  return [...new Set(fields.workshopTasks)];
}

/** A file's name without its extension, lower-cased: what matches a retouched photo to its original. */
const stemOf = (filename: string) => filename.replace(/\.[^.]*$/, '').toLowerCase();

/**
 * The names the originals of a retouching order get among its files: their own, made unique (`IMG_1.jpg`,
 * `IMG_1-2.jpg`), since the retoucher names each retouched photo after its original.
 */
export function originalNames(filenames: string[]): string[] {
  const taken = new Set<string>();
  return filenames.map((filename) => {
    const extension = /\.[^.]*$/.exec(filename)?.[0] ?? '';
    const stem = filename.slice(0, filename.length - extension.length);
    let name = filename;
    for (let copy = 2; taken.has(stemOf(name)); copy += 1) name = `${stem}-${copy}${extension}`;
    taken.add(stemOf(name));
    return name;
  });
}

/**
 * Which original each retouched photo retouches, by its name (`IMG_1.jpg` and `IMG_1.png` both retouch `IMG_1.jpg`),
 * and what stops the order being finalised: a file named after no original, two for one original, and (`everyPhoto`:
 * a first order; an amendment redoes some) an original with none.
 */
export function matchRetouched<
  O extends { filename: string; photoId: string | null },
  D extends { filename: string },
>(
  originals: O[],
  delivered: D[],
  everyPhoto: boolean,
): { matched: Array<{ file: D; photoId: string }>; problems: string[] } {
  const byStem = new Map(originals.map((original) => [stemOf(original.filename), original]));
  const matched = new Map<string, { file: D; photoId: string }>();
  const problems: string[] = [];
  for (const file of delivered) {
    const original = byStem.get(stemOf(file.filename));
    if (!original?.photoId) {
      problems.push(
        `${file.filename} is not one of this order's photos: name each retouched photo after its original.`,
      );
      continue;
    }
    const earlier = matched.get(original.photoId);
    if (earlier) {
      problems.push(
        `${earlier.file.filename} and ${file.filename} both retouch ${original.filename}: deliver one.`,
      );
      continue;
    }
    matched.set(original.photoId, { file, photoId: original.photoId });
  }
  const missing = originals.filter((original) => original.photoId && !matched.has(original.photoId));
  if (everyPhoto && missing.length > 0)
    problems.push(
      `No retouched photo yet for ${missing.map((original) => original.filename).join(', ')}: deliver one for every photo.`,
    );
  // In the originals' order: retouched photos put beside them follow the property's order, not the uploads'.
  const inOrder = originals.flatMap((original) =>
    original.photoId ? (matched.get(original.photoId) ?? []) : [],
  );
  return { matched: inOrder, problems };
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
  photo_retouching: { kinds: ['photo_retouching'], amendments: false },
  photo_retouching_amendments: { kinds: ['photo_retouching'], amendments: true },
  workshop_assistant: { kinds: ['workshop_assistant'], amendments: false },
  workshop_assistant_amendments: { kinds: ['workshop_assistant'], amendments: true },
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
  retouch: RetouchWork | null = null,
  workshopTasks: readonly WorkshopTask[] | null = null,
): string {
  const placing = [propertyId.toLowerCase(), fields.kind, fields.instructions || ''];
  // A supplier's order hashes as it did before orders could be Matterport's: keys kept then still replay.
  if (fields.drawnBy === 'matterport') placing.push('matterport', fields.matterportSpeed ?? 'normal');
  if (retouch)
    placing.push(retouch.photoIds.join(','), [...retouch.options].sort().join(','), retouch.delivery);
  if (workshopTasks) placing.push([...workshopTasks].sort().join(','));
  return createHash('sha256').update(JSON.stringify(placing)).digest('hex');
}
