import { Injectable } from '@nestjs/common';
import type {
  MatterportSpeed,
  OrderDrawer,
  OrderKind,
  OrderStatus,
  OrderStep,
  RetouchDelivery,
  RetouchOption,
  WorkshopTask,
} from '@tourly/contracts';
import {
  Database,
  likePattern,
  pageWithTotal,
  queryAffected,
  queryOne,
  queryRows,
  queryRowsWith,
  sql,
  type Narrow,
  type Narrowed,
  type Page,
  type Queryable,
} from '@tourly/platform';
import type {
  IAddOrderStepQuery,
  IAssignOrderQuery,
  IFindOrderQuery,
  IFindOrderResult,
  IFirstOrderOfQuery,
  IInsertOrderParams,
  IInsertOrderQuery,
  ILockOrderQuery,
  IMoveToCancelledQuery,
  IMoveToDeliveredQuery,
  IMoveToInProgressQuery,
  IMoveToPausedQuery,
  IMoveToPlacedQuery,
  IOrderAmendmentsQuery,
  IOrderCountQuery,
  IOrderExportQuery,
  IOrderPageQuery,
  IOrdersAtMatterportQuery,
  IOrderStepsQuery,
  IOrderStepsResult,
} from './orders.repository.types';

/** What the schema keeps to unions with CHECKs. */
type Known = {
  kind: OrderKind;
  drawnBy: OrderDrawer;
  matterportSpeed: MatterportSpeed | null;
  retouchOptions: RetouchOption[] | null;
  retouchDelivery: RetouchDelivery | null;
  workshopTasks: WorkshopTask[] | null;
  status: OrderStatus;
};

export type OrderRow = Narrowed<IFindOrderResult, Known>;

export type StepRow = Narrowed<IOrderStepsResult, { step: OrderStep }>;

export type NewOrder = Omit<IInsertOrderParams, 'retouchOptions' | 'workshopTasks'> &
  Pick<
    Known,
    'kind' | 'drawnBy' | 'matterportSpeed' | 'retouchOptions' | 'retouchDelivery' | 'workshopTasks'
  >;

/** A list's filters: whose orders, which kinds, statuses, a search and a period of placing. */
export interface OrderFilter {
  providerId?: string;
  supplierId?: string;
  propertyId?: string;
  kinds?: readonly OrderKind[];
  amendments?: boolean;
  statuses?: readonly OrderStatus[];
  search?: string;
  placedFrom?: Date;
  placedBefore?: Date;
  /** Only orders assigned to a supplier. */
  assigned?: boolean;
  /** Only orders that spent credits: not free, not cancelled. */
  spentCredits?: boolean;
}

const findOrder = sql<Narrow<IFindOrderQuery, Known>>`
  SELECT o.id, o.number::int AS "number!", o.provider_id AS "providerId", o.property_id AS "propertyId",
    o.property_title AS "propertyTitle", o.property_address AS "propertyAddress",
    o.matterport_model_id AS "matterportModelId", o.kind, o.drawn_by AS "drawnBy", o.matterport_speed AS "matterportSpeed",
    o.retouch_options AS "retouchOptions", o.retouch_delivery AS "retouchDelivery",
    o.workshop_tasks AS "workshopTasks", o.status, o.amends_order_id AS "amendsOrderId", o.credits,
    o.instructions, o.supplier_id AS "supplierId", o.placed_by AS "placedBy", o.placed_at AS "placedAt",
    o.promised_at AS "promisedAt", o.assigned_at AS "assignedAt", o.started_at AS "startedAt",
    o.paused_at AS "pausedAt", o.delivered_at AS "deliveredAt", o.cancelled_at AS "cancelledAt",
    o.cancellation_reason AS "cancellationReason"
  FROM floorplan_orders o WHERE o.id = $id!`;

const lockOrder = sql<Narrow<ILockOrderQuery, Known>>`
  SELECT o.id, o.number::int AS "number!", o.provider_id AS "providerId", o.property_id AS "propertyId",
    o.property_title AS "propertyTitle", o.property_address AS "propertyAddress",
    o.matterport_model_id AS "matterportModelId", o.kind, o.drawn_by AS "drawnBy", o.matterport_speed AS "matterportSpeed",
    o.retouch_options AS "retouchOptions", o.retouch_delivery AS "retouchDelivery",
    o.workshop_tasks AS "workshopTasks", o.status, o.amends_order_id AS "amendsOrderId", o.credits,
    o.instructions, o.supplier_id AS "supplierId", o.placed_by AS "placedBy", o.placed_at AS "placedAt",
    o.promised_at AS "promisedAt", o.assigned_at AS "assignedAt", o.started_at AS "startedAt",
    o.paused_at AS "pausedAt", o.delivered_at AS "deliveredAt", o.cancelled_at AS "cancelledAt",
    o.cancellation_reason AS "cancellationReason"
  FROM floorplan_orders o WHERE o.id = $id! FOR UPDATE`;

// An amendment amends a delivered order, which may be an amendment itself: the line goes back to a first order.
const firstOrderOf = sql<IFirstOrderOfQuery>`
  WITH RECURSIVE line AS (
    SELECT id, amends_order_id FROM floorplan_orders WHERE id = $orderId!
    UNION ALL
    SELECT o.id, o.amends_order_id FROM floorplan_orders o JOIN line ON o.id = line.amends_order_id)
  SELECT id AS "id!" FROM line WHERE amends_order_id IS NULL`;

const orderAmendments = sql<Narrow<IOrderAmendmentsQuery, Known>>`
  SELECT o.id, o.number::int AS "number!", o.provider_id AS "providerId", o.property_id AS "propertyId",
    o.property_title AS "propertyTitle", o.property_address AS "propertyAddress",
    o.matterport_model_id AS "matterportModelId", o.kind, o.drawn_by AS "drawnBy", o.matterport_speed AS "matterportSpeed",
    o.retouch_options AS "retouchOptions", o.retouch_delivery AS "retouchDelivery",
    o.workshop_tasks AS "workshopTasks", o.status, o.amends_order_id AS "amendsOrderId", o.credits,
    o.instructions, o.supplier_id AS "supplierId", o.placed_by AS "placedBy", o.placed_at AS "placedAt",
    o.promised_at AS "promisedAt", o.assigned_at AS "assignedAt", o.started_at AS "startedAt",
    o.paused_at AS "pausedAt", o.delivered_at AS "deliveredAt", o.cancelled_at AS "cancelledAt",
    o.cancellation_reason AS "cancellationReason"
  FROM floorplan_orders o WHERE o.amends_order_id = $orderId! ORDER BY o.placed_at, o.id`;

const insertOrder = sql<IInsertOrderQuery>`
  WITH counter AS (
    INSERT INTO order_numbers AS n (provider_id, last_number) VALUES ($providerId!, 1)
    ON CONFLICT (provider_id) DO UPDATE SET last_number = n.last_number + 1
    RETURNING last_number
  )
  INSERT INTO floorplan_orders (id, number, provider_id, property_id, property_title, property_address,
    matterport_model_id, kind, drawn_by, matterport_speed, retouch_options, retouch_delivery, workshop_tasks,
    amends_order_id, credits, instructions, supplier_id, assigned_at, placed_by, promised_at, placed_at)
  SELECT $id!, counter.last_number, $providerId!, $propertyId!, $propertyTitle!, $propertyAddress,
    $matterportModelId, $kind!, $drawnBy!, $matterportSpeed, $retouchOptions, $retouchDelivery, $workshopTasks,
    $amendsOrderId, $credits!, $instructions, $supplierId,
    CASE WHEN $supplierId::uuid IS NULL THEN NULL ELSE now() END, $placedBy, $promisedAt!, clock_timestamp()
    FROM counter`;

// Moving an order stamps the timestamp column of the status it enters: one statement per status.
const moveToPlaced = sql<IMoveToPlacedQuery>`
  UPDATE floorplan_orders SET status = $status!, placed_at = now(), updated_at = now(),
    cancellation_reason = COALESCE($cancellationReason, cancellation_reason)
  WHERE id = $id!`;
const moveToInProgress = sql<IMoveToInProgressQuery>`
  UPDATE floorplan_orders SET status = $status!, started_at = now(), updated_at = now(),
    cancellation_reason = COALESCE($cancellationReason, cancellation_reason)
  WHERE id = $id!`;
const moveToPaused = sql<IMoveToPausedQuery>`
  UPDATE floorplan_orders SET status = $status!, paused_at = now(), updated_at = now(),
    cancellation_reason = COALESCE($cancellationReason, cancellation_reason)
  WHERE id = $id!`;
const moveToDelivered = sql<IMoveToDeliveredQuery>`
  UPDATE floorplan_orders SET status = $status!, delivered_at = now(), updated_at = now(),
    cancellation_reason = COALESCE($cancellationReason, cancellation_reason)
  WHERE id = $id!`;
const moveToCancelled = sql<IMoveToCancelledQuery>`
  UPDATE floorplan_orders SET status = $status!, cancelled_at = now(), updated_at = now(),
    cancellation_reason = COALESCE($cancellationReason, cancellation_reason)
  WHERE id = $id!`;
const MOVE_TO: Record<OrderStatus, typeof moveToPlaced> = {
  placed: moveToPlaced,
  in_progress: moveToInProgress,
  paused: moveToPaused,
  delivered: moveToDelivered,
  cancelled: moveToCancelled,
};

const assignOrder = sql<IAssignOrderQuery>`
  UPDATE floorplan_orders SET supplier_id = $supplierId!, assigned_at = now(), updated_at = now() WHERE id = $id!`;

const addOrderStep = sql<IAddOrderStepQuery>`
  INSERT INTO order_steps (order_id, step, actor_id, note) VALUES ($orderId!, $step!, $actorId, $note)`;

const ordersAtMatterport = sql<IOrdersAtMatterportQuery>`
  SELECT id FROM floorplan_orders WHERE drawn_by = 'matterport' AND status = 'in_progress'
  ORDER BY placed_at, id LIMIT $limit!`;

const orderSteps = sql<Narrow<IOrderStepsQuery, { step: OrderStep }>>`
  SELECT step, at, actor_id AS "actorId", note FROM order_steps WHERE order_id = $orderId! ORDER BY id`;

// The list and the export compose their filters at run time: their columns and tables are these queries, checked;
// the filters, the keyset and the page follow them (queryRowsWith).
const orderPage = sql<Narrow<IOrderPageQuery, Known>>`
  SELECT o.id, o.number::int AS "number!", o.provider_id AS "providerId", o.property_id AS "propertyId",
    o.property_title AS "propertyTitle", o.property_address AS "propertyAddress",
    o.matterport_model_id AS "matterportModelId", o.kind, o.drawn_by AS "drawnBy", o.matterport_speed AS "matterportSpeed",
    o.retouch_options AS "retouchOptions", o.retouch_delivery AS "retouchDelivery",
    o.workshop_tasks AS "workshopTasks", o.status, o.amends_order_id AS "amendsOrderId", o.credits,
    o.instructions, o.supplier_id AS "supplierId", o.placed_by AS "placedBy", o.placed_at AS "placedAt",
    o.promised_at AS "promisedAt", o.assigned_at AS "assignedAt", o.started_at AS "startedAt",
    o.paused_at AS "pausedAt", o.delivered_at AS "deliveredAt", o.cancelled_at AS "cancelledAt",
    o.cancellation_reason AS "cancellationReason", count(*) OVER ()::int AS "total!"
  FROM floorplan_orders o`;

const orderCount = sql<IOrderCountQuery>`SELECT count(*)::int AS "count!" FROM floorplan_orders o`;

const orderExport = sql<Narrow<IOrderExportQuery, Known>>`
  SELECT o.id, o.number::int AS "number!", o.provider_id AS "providerId", o.property_id AS "propertyId",
    o.property_title AS "propertyTitle", o.property_address AS "propertyAddress",
    o.matterport_model_id AS "matterportModelId", o.kind, o.drawn_by AS "drawnBy", o.matterport_speed AS "matterportSpeed",
    o.retouch_options AS "retouchOptions", o.retouch_delivery AS "retouchDelivery",
    o.workshop_tasks AS "workshopTasks", o.status, o.amends_order_id AS "amendsOrderId", o.credits,
    o.instructions, o.supplier_id AS "supplierId", o.placed_by AS "placedBy", o.placed_at AS "placedAt",
    o.promised_at AS "promisedAt", o.assigned_at AS "assignedAt", o.started_at AS "startedAt",
    o.paused_at AS "pausedAt", o.delivered_at AS "deliveredAt", o.cancelled_at AS "cancelledAt",
    o.cancellation_reason AS "cancellationReason"
  FROM floorplan_orders o`;

/**
 * `floorplan_orders` and their `order_steps`: an order and its history change together; each provider's
 * `order_numbers` gives a new order its number.
 */
@Injectable()
export class OrdersRepository {
  constructor(private readonly db: Database) {}

  find(id: string, tx?: Queryable): Promise<OrderRow | undefined> {
    return queryOne(tx ?? this.db.dataSource, findOrder, { id });
  }

  /** The order, locked until the transaction ends: actions on one order queue up, and the second sees the first. */
  lock(tx: Queryable, id: string): Promise<OrderRow | undefined> {
    return queryOne(tx, lockOrder, { id });
  }

  /**
   * Writes a new order with its provider's next number. The provider's counter row stays locked until the
   * transaction ends: orders of one provider placed at once take their numbers in turn, and a placing rolled back
   * gives its number back. It is placed when it gets its number (`clock_timestamp()`, after the counter's lock, not
   * the transaction's start), so newest first is also highest number first for orders placed at once.
   */
  async insert(tx: Queryable, order: NewOrder): Promise<void> {
    await queryRows(tx, insertOrder, order);
  }

  /** Moves the order to `status`, stamping when it entered it (and the reason of a cancellation). */
  async move(
    tx: Queryable,
    id: string,
    status: OrderStatus,
    cancellationReason: string | null = null,
  ): Promise<void> {
    await queryAffected(tx, MOVE_TO[status], { id, status, cancellationReason });
  }

  async assign(tx: Queryable, id: string, supplierId: string): Promise<void> {
    await queryAffected(tx, assignOrder, { id, supplierId });
  }

  async addStep(
    tx: Queryable,
    orderId: string,
    step: OrderStep,
    actorId: string | null,
    note: string | null,
  ) {
    await queryRows(tx, addOrderStep, { orderId, step, actorId, note });
  }

  /** Orders Matterport is drawing, oldest first: what the follow-up asks Matterport about. */
  async atMatterport(limit: number): Promise<string[]> {
    const rows = await queryRows(this.db.dataSource, ordersAtMatterport, { limit });
    return rows.map((row) => row.id);
  }

  steps(orderId: string): Promise<StepRow[]> {
    return queryRows(this.db.dataSource, orderSteps, { orderId });
  }

  /** The first order of an order's line: itself, or for an amendment the order its amendments go back to. */
  async firstOf(tx: Queryable, orderId: string): Promise<string> {
    const found = await queryOne(tx, firstOrderOf, { orderId });
    return found?.id ?? orderId;
  }

  /** The amendments of an order, oldest first. */
  amendments(orderId: string): Promise<OrderRow[]> {
    return queryRows(this.db.dataSource, orderAmendments, { orderId });
  }

  /** A page of the orders the filter keeps, newest first; `search` in the number, property title and address. */
  async list(
    filter: OrderFilter,
    page: { page: number; pageSize: number; offset: number },
  ): Promise<Page<OrderRow>> {
    const { where, params } = whereOf(filter);
    const found = await queryRowsWith(
      this.db.dataSource,
      orderPage,
      `${where} ORDER BY o.placed_at DESC, o.id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, page.pageSize, page.offset],
    );
    return pageWithTotal(found, page, async () => {
      const [counted] = await queryRowsWith(this.db.dataSource, orderCount, where, params);
      return counted?.count ?? 0;
    });
  }

  /** The next rows of an export, newest first, after the order numbered `afterNumber` (keyset). */
  exportBatch(filter: OrderFilter, afterNumber: number | undefined, limit: number): Promise<OrderRow[]> {
    const { where, params } = whereOf(filter);
    const after =
      afterNumber === undefined ? '' : `${where ? 'AND' : 'WHERE'} o.number < $${params.length + 2}`;
    return queryRowsWith(
      this.db.dataSource,
      orderExport,
      `${where} ${after} ORDER BY o.number DESC LIMIT $${params.length + 1}`,
      afterNumber === undefined ? [...params, limit] : [...params, limit, afterNumber],
    );
  }
}

function whereOf(filter: OrderFilter): { where: string; params: unknown[] } {
  const params: unknown[] = [];
  const clauses: string[] = [];
  const add = (clause: (at: string) => string, value: unknown) => {
    params.push(value);
    clauses.push(clause(`$${params.length}`));
  };
  if (filter.providerId) add((at) => `o.provider_id = ${at}`, filter.providerId);
  if (filter.supplierId) add((at) => `o.supplier_id = ${at}`, filter.supplierId);
  if (filter.propertyId) add((at) => `o.property_id = ${at}`, filter.propertyId);
  if (filter.kinds) add((at) => `o.kind = ANY(${at}::text[])`, filter.kinds);
  if (filter.amendments !== undefined)
    clauses.push(`(o.amends_order_id IS NOT NULL) = ${filter.amendments ? 'true' : 'false'}`);
  if (filter.statuses?.length) add((at) => `o.status = ANY(${at}::text[])`, filter.statuses);
  if (filter.placedFrom) add((at) => `o.placed_at >= ${at}`, filter.placedFrom);
  if (filter.placedBefore) add((at) => `o.placed_at < ${at}`, filter.placedBefore);
  if (filter.assigned) clauses.push('o.supplier_id IS NOT NULL');
  if (filter.spentCredits) clauses.push("o.credits > 0 AND o.status <> 'cancelled'");
  const pattern = likePattern(filter.search?.trim().toLowerCase());
  if (pattern) {
    const number = /^#?\d{1,15}$/.test(filter.search!.trim())
      ? Number(filter.search!.trim().replace('#', ''))
      : null;
    params.push(pattern, number);
    const [p, n] = [`$${params.length - 1}`, `$${params.length}`];
    // `search_text`: the title and the address lower-cased, under a trigram index.
    clauses.push(`(o.search_text LIKE ${p} OR o.number = ${n}::bigint)`);
  }
  return { where: clauses.length ? `WHERE ${clauses.join(' AND ')}` : '', params };
}
