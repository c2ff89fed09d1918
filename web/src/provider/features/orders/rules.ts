import {
  FLOORPLAN_KINDS,
  ORDER_CREDITS,
  ORDER_KIND_LABELS,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  type OrderKind,
  type OrderStatus,
  type OrderStep,
} from '@tourly/contracts';
import { formatDuration } from '../../../shared/format';
import type { Order } from './api';

/** The statuses in words, the same as the back office's, in the order an order moves through them (the filter). */
export const STATUS_LABELS = ORDER_STATUS_LABELS;

export const STATUS_OPTIONS = ORDER_STATUSES.map((status) => [status, STATUS_LABELS[status]] as const);

/** The theme's badge for a status: waiting, being worked on, done, stopped. */
export const STATUS_BADGES: Record<OrderStatus, string> = {
  placed: 'badge-neutral',
  in_progress: 'badge-progress',
  paused: 'badge-progress',
  delivered: 'badge-success',
  cancelled: 'badge-danger',
};

/** The steps of an order's history (its timeline). */
export const STEP_LABELS: Record<OrderStep, string> = {
  placed: ORDER_STATUS_LABELS.placed,
  assigned: 'Assigned',
  in_progress: 'In progress',
  paused: 'Paused',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  amendment: 'Amendment requested',
};

/** The kinds of floor plan to order, with their names and what each costs: 'Floor plan', 5. */
export const KIND_OPTIONS = FLOORPLAN_KINDS.map((kind) => ({
  kind,
  label: ORDER_KIND_LABELS[kind],
  credits: ORDER_CREDITS[kind],
}));

export const kindLabel = (kind: OrderKind) => ORDER_KIND_LABELS[kind];

/** What people quote: 'Order 1042'. */
export const orderName = (order: Pick<Order, 'number'>) => `Order ${order.number}`;

/** Adds `value` to the list, or takes it out. */
export const toggled = <T>(list: readonly T[], value: T): T[] =>
  list.includes(value) ? list.filter((item) => item !== value) : [...list, value];

/** What is delivered, by kind: 'the plan is', 'the photos are', 'the draft is'. */
const DELIVERED_WORK: Partial<Record<OrderKind, string>> = {
  photo_retouching: 'the photos are',
  workshop_assistant: 'the draft is',
};

/** Who changes what in an amendment, by kind: 'The drafter changes the delivered plan'. */
export function amendedWork(kind: OrderKind): string {
  if (kind === 'workshop_assistant') return "Our team changes your tour's draft";
  if (kind === 'photo_retouching') return 'The retoucher redoes the delivered photos';
  return 'The drafter changes the delivered plan';
}

/** Where an amendment's work goes on the property, by kind (properties puts it in place of what was delivered). */
export function amendedDelivery(kind: OrderKind): string {
  if (kind === 'workshop_assistant')
    return 'The changes are made in the draft, for you to review and publish.';
  if (kind === 'photo_retouching')
    return 'Each photo redone takes the place of the one delivered on your property.';
  return 'The changed plan takes the place of the one delivered on your property.';
}

/** What an order's page says once the order was placed: the credits it holds. */
export function placedNotice(order: Pick<Order, 'credits' | 'kind'>): string {
  const { credits } = order;
  const work = DELIVERED_WORK[order.kind] ?? 'the plan is';
  return `Your order was placed. Its ${credits} ${credits === 1 ? 'credit is' : 'credits are'} held until ${work} delivered.`;
}

/** A status of the list's filter in the address, when it is one. */
export function statusParam(value: string | null): OrderStatus | undefined {
  return (ORDER_STATUSES as readonly string[]).includes(value ?? '') ? (value as OrderStatus) : undefined;
}

/** Only an order nobody has started may be cancelled by its provider (after that, the team decides). */
export const canCancel = (order: Pick<Order, 'status'>) => order.status === 'placed';

/** A delivered order (an amendment too) may be amended: new work, no credits. */
export const canAmend = (order: Pick<Order, 'status'>) => order.status === 'delivered';

export interface Timeliness {
  text: string;
  tone: 'success' | 'danger' | 'neutral';
}

/**
 * The promised time against what happened: delivered on time or how late; still open, how long is left or how
 * overdue it is; cancelled, nothing. `now` in milliseconds.
 */
export function timeliness(
  order: Pick<Order, 'status' | 'promisedAt' | 'deliveredAt'>,
  now = Date.now(),
): Timeliness | null {
  const promised = Date.parse(order.promisedAt);
  if (Number.isNaN(promised) || order.status === 'cancelled') return null;
  if (order.status === 'delivered') {
    const delivered = order.deliveredAt ? Date.parse(order.deliveredAt) : Number.NaN;
    if (Number.isNaN(delivered)) return null;
    if (delivered <= promised) return { text: 'Delivered on time', tone: 'success' };
    return {
      text: `Delivered ${formatDuration(roundedToMinutes(delivered - promised))} late`,
      tone: 'danger',
    };
  }
  if (now <= promised)
    return { text: `Due in ${formatDuration(roundedToMinutes(promised - now))}`, tone: 'neutral' };
  return { text: `Overdue by ${formatDuration(roundedToMinutes(now - promised))}`, tone: 'danger' };
}

/** Seconds, to the minute (at least one): '23 hours 59 minutes', never a count of seconds that ticks. */
function roundedToMinutes(ms: number): number {
  return Math.max(60, Math.round(ms / 60_000) * 60);
}
