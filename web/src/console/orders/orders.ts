import {
  ORDER_KIND_LABELS,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  type OrderFileRole,
  type OrderKind,
  type OrderStatus,
  type OrderStep,
} from '@tourly/contracts';
import type { Answer } from '../../api/types';

// Floor-plan orders in the back offices: their words and rules, pure, so a table-driven spec holds them
// (orders.spec.ts). The statuses and what each allows are the orders service's (services/orders/README.md).

/** A row of a queue or of the supplier's list. */
export type OrderRecord = Answer<
  '/virtual_assistant/floorplan_orders/new_index.json',
  'get'
>['items'][number];
/** One order with its steps, files (links valid an hour) and amendments. */
export type OrderDetail = Answer<'/virtual_assistant/portal_order_requests/{id}', 'get'>;
export type OrderFile = OrderDetail['files'][number];
export type OrderComment = Answer<'/opw_resources/{id}/comments', 'get'>[number];
export type Supplier = Answer<'/virtual_assistant/external_suppliers.json', 'get'>[number];
export type OrderValidation = Answer<'/external_supplier/floorplan_orders/{id}/validate', 'post'>;
export type FloorplanTemplate = Answer<'/external_supplier/floorplan_orders/{id}/floorplan_template', 'get'>;

export { ORDER_KIND_LABELS };

type ChipColor = 'success' | 'warning' | 'error' | 'default' | 'info';

/** Each status's chip: the words every page of an order uses (contracts), in the console's colour for it. */
export const ORDER_STATUS: Record<OrderStatus, { label: string; color: ChipColor }> = {
  placed: { label: ORDER_STATUS_LABELS.placed, color: 'info' },
  in_progress: { label: ORDER_STATUS_LABELS.in_progress, color: 'warning' },
  paused: { label: ORDER_STATUS_LABELS.paused, color: 'default' },
  delivered: { label: ORDER_STATUS_LABELS.delivered, color: 'success' },
  cancelled: { label: ORDER_STATUS_LABELS.cancelled, color: 'error' },
};

/** The status filter's choices, in the machine's order. */
export const STATUS_CHOICES = ORDER_STATUSES.map((id) => ({ id, name: ORDER_STATUS[id].label }));

/** An order's history in words. */
export const STEP_LABELS: Record<OrderStep, string> = {
  placed: ORDER_STATUS_LABELS.placed,
  assigned: 'Assigned to a supplier',
  in_progress: 'Started',
  paused: 'Paused',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  amendment: 'Amendment ordered',
};

/** The files an order's page lists, by role, in this order; attachments show with their comments. */
export const FILE_SECTIONS: ReadonlyArray<{ role: OrderFileRole; label: string }> = [
  { role: 'delivered', label: 'Deliverables' },
  { role: 'working', label: 'Working files' },
  { role: 'property_data', label: 'Property data' },
  { role: 'supporting', label: 'Supporting files' },
];

const OPEN: readonly OrderStatus[] = ['placed', 'in_progress', 'paused'];

/** Placed, in progress or paused: it can still be assigned, cancelled, and its files changed. */
export const isOpen = (status: OrderStatus) => OPEN.includes(status);

/** Promised for a time already past and neither delivered nor cancelled. */
export function isLate(order: Pick<OrderRecord, 'status' | 'promisedAt'>, now: Date = new Date()): boolean {
  return isOpen(order.status) && new Date(order.promisedAt).getTime() < now.getTime();
}

/** The supplier's moves, each offered only from the statuses the service allows it from. */
export type SupplierMove = 'start' | 'pause' | 'finalise' | 'cancel';

export function supplierMoves(status: OrderStatus): SupplierMove[] {
  switch (status) {
    case 'placed':
    case 'paused':
      return ['start', 'cancel'];
    case 'in_progress':
      return ['pause', 'finalise', 'cancel'];
    default:
      return [];
  }
}

/** "Start" a placed order, "Resume" a paused one: the same call. */
export const startLabel = (status: OrderStatus) => (status === 'paused' ? 'Resume' : 'Start');

/** The virtual assistant's actions: assign and cancel while open, amend once delivered. */
export function assistantActions(status: OrderStatus): Array<'assign' | 'cancel' | 'amend'> {
  if (isOpen(status)) return ['assign', 'cancel'];
  return status === 'delivered' ? ['amend'] : [];
}

/** An amendment's supporting files as the service takes them: an indexed map, `{"0": {id}, "1": {id}}`. */
export function supportingFilesMap(ids: readonly string[]): Record<string, { id: string }> {
  return Object.fromEntries(ids.map((id, index) => [String(index), { id }]));
}

/** 'Order 1042', as people quote it. */
export const orderName = (order: Pick<OrderRecord, 'number'>) => `Order ${order.number}`;

/** One virtual-assistant queue: its resource (the page's path), its menu label, and its path in the API. */
export interface OrderQueue {
  resource: string;
  label: string;
  path: string;
}

/** The virtual assistant's seven queues (002 §7): first orders by kind, then amendments by kind. */
export const VA_QUEUES: readonly OrderQueue[] = [
  { resource: 'floorplan_orders', label: 'Floor plans', path: 'floorplan_orders/new_index.json' },
  {
    resource: 'schematic_floorplan_orders',
    label: 'Schematic floor plans',
    path: 'schematic_floorplan_orders.json',
  },
  { resource: 'trueplan_orders', label: 'TruePlans', path: 'trueplan_orders.json' },
  {
    resource: 'floor_plan_amendments',
    label: 'Floor plan amendments',
    path: 'amendments/floor_plans.json',
  },
  {
    resource: 'schematic_floor_plan_amendments',
    label: 'Schematic floor plan amendments',
    path: 'amendments/schematic_floor_plans.json',
  },
  {
    resource: 'universal_floor_plan_amendments',
    label: 'Universal floor plan amendments',
    path: 'amendments/universal_floor_plans.json',
  },
  { resource: 'trueplan_amendments', label: 'TruePlan amendments', path: 'amendments/trueplans.json' },
];

/** The supplier's resource: the orders assigned to it (GET /external_supplier/floorplan_orders). */
export const ASSIGNED_ORDERS = 'assigned_orders';

/** The queue an order is worked in, so a link to it (an amendment) opens its page there. */
export function queueOf(order: Pick<OrderRecord, 'kind' | 'amendsOrderId'>): string {
  const amendment = order.amendsOrderId !== null;
  const byKind: Record<OrderKind, [string, string]> = {
    floorplan: ['floorplan_orders', 'floor_plan_amendments'],
    universal_floorplan: ['floorplan_orders', 'universal_floor_plan_amendments'],
    schematic_floorplan: ['schematic_floorplan_orders', 'schematic_floor_plan_amendments'],
    trueplan: ['trueplan_orders', 'trueplan_amendments'],
  };
  return byKind[order.kind][amendment ? 1 : 0];
}

/** Who wrote a comment, in words. */
export const AUTHOR_ROLES: Record<OrderComment['authorRole'], string> = {
  provider: 'Provider',
  virtual_assistant: 'Virtual assistant',
  external_supplier: 'Supplier',
  platform_admin: 'Admin',
};

/** The supplier's template in words: 'Classic', 'Metric'. */
export const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1).replace(/_/g, ' ');
