import { Injectable } from '@nestjs/common';
import type { OrderKind, OrderStatus, OrderStep } from '@tourly/contracts';
import {
  affected,
  Database,
  likePattern,
  one,
  pageWithTotal,
  rows,
  type Page,
  type Queryable,
} from '@tourly/platform';

export interface OrderRow {
  id: string;
  number: number;
  providerId: string;
  propertyId: string;
  propertyTitle: string;
  propertyAddress: string | null;
  matterportModelId: string | null;
  kind: OrderKind;
  status: OrderStatus;
  amendsOrderId: string | null;
  credits: number;
  instructions: string | null;
  supplierId: string | null;
  placedBy: string | null;
  placedAt: Date;
  promisedAt: Date;
  assignedAt: Date | null;
  startedAt: Date | null;
  pausedAt: Date | null;
  deliveredAt: Date | null;
  cancelledAt: Date | null;
  cancellationReason: string | null;
}

export interface StepRow {
  step: OrderStep;
  at: Date;
  actorId: string | null;
  note: string | null;
}

export type NewOrder = Pick<
  OrderRow,
  | 'id'
  | 'providerId'
  | 'propertyId'
  | 'propertyTitle'
  | 'propertyAddress'
  | 'matterportModelId'
  | 'kind'
  | 'amendsOrderId'
  | 'credits'
  | 'instructions'
  | 'supplierId'
  | 'placedBy'
  | 'promisedAt'
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

const COLUMNS = `o.id, o.number::int AS number, o.provider_id AS "providerId", o.property_id AS "propertyId",
  o.property_title AS "propertyTitle", o.property_address AS "propertyAddress",
  o.matterport_model_id AS "matterportModelId", o.kind, o.status, o.amends_order_id AS "amendsOrderId", o.credits,
  o.instructions, o.supplier_id AS "supplierId", o.placed_by AS "placedBy", o.placed_at AS "placedAt",
  o.promised_at AS "promisedAt", o.assigned_at AS "assignedAt", o.started_at AS "startedAt",
  o.paused_at AS "pausedAt", o.delivered_at AS "deliveredAt", o.cancelled_at AS "cancelledAt",
  o.cancellation_reason AS "cancellationReason"`;

/** The timestamp column each status sets when an order enters it. */
const ENTERED_AT: Record<OrderStatus, string> = {
  placed: 'placed_at',
  in_progress: 'started_at',
  paused: 'paused_at',
  delivered: 'delivered_at',
  cancelled: 'cancelled_at',
};

/**
 * `floorplan_orders` and their `order_steps`: an order and its history change together; each provider's
 * `order_numbers` gives a new order its number.
 */
@Injectable()
export class OrdersRepository {
  constructor(private readonly db: Database) {}

  find(id: string, tx?: Queryable): Promise<OrderRow | undefined> {
    return one<OrderRow>(
      tx ?? this.db.dataSource,
      `SELECT ${COLUMNS} FROM floorplan_orders o WHERE o.id = $1`,
      [id],
    );
  }

  /** The order, locked until the transaction ends: actions on one order queue up, and the second sees the first. */
  lock(tx: Queryable, id: string): Promise<OrderRow | undefined> {
    return one<OrderRow>(tx, `SELECT ${COLUMNS} FROM floorplan_orders o WHERE o.id = $1 FOR UPDATE`, [id]);
  }

  /**
   * Writes a new order with its provider's next number. The provider's counter row stays locked until the
   * transaction ends: orders of one provider placed at once take their numbers in turn, and a placing rolled back
   * gives its number back. It is placed when it gets its number (`clock_timestamp()`, after the counter's lock, not
   * the transaction's start), so newest first is also highest number first for orders placed at once.
   */
  async insert(tx: Queryable, order: NewOrder): Promise<void> {
    await tx.query(
      `WITH counter AS (
         INSERT INTO order_numbers AS n (provider_id, last_number) VALUES ($2, 1)
         ON CONFLICT (provider_id) DO UPDATE SET last_number = n.last_number + 1
         RETURNING last_number
       )
       INSERT INTO floorplan_orders (id, number, provider_id, property_id, property_title, property_address,
         matterport_model_id, kind, amends_order_id, credits, instructions, supplier_id, assigned_at, placed_by,
         promised_at, placed_at)
       SELECT $1, counter.last_number, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11,
         CASE WHEN $11::uuid IS NULL THEN NULL ELSE now() END, $12, $13, clock_timestamp()
         FROM counter`,
      [
        order.id,
        order.providerId,
        order.propertyId,
        order.propertyTitle,
        order.propertyAddress,
        order.matterportModelId,
        order.kind,
        order.amendsOrderId,
        order.credits,
        order.instructions,
        order.supplierId,
        order.placedBy,
        order.promisedAt,
      ],
    );
  }

  /** Moves the order to `status`, stamping when it entered it (and the reason of a cancellation). */
  async move(
    tx: Queryable,
    id: string,
    status: OrderStatus,
    cancellationReason: string | null = null,
  ): Promise<void> {
    await affected(
      tx,
      `UPDATE floorplan_orders SET status = $2, ${ENTERED_AT[status]} = now(), updated_at = now(),
         cancellation_reason = COALESCE($3, cancellation_reason)
       WHERE id = $1`,
      [id, status, cancellationReason],
    );
  }

  async assign(tx: Queryable, id: string, supplierId: string): Promise<void> {
    await affected(
      tx,
      'UPDATE floorplan_orders SET supplier_id = $2, assigned_at = now(), updated_at = now() WHERE id = $1',
      [id, supplierId],
    );
  }

  async addStep(
    tx: Queryable,
    orderId: string,
    step: OrderStep,
    actorId: string | null,
    note: string | null,
  ) {
    await tx.query('INSERT INTO order_steps (order_id, step, actor_id, note) VALUES ($1, $2, $3, $4)', [
      orderId,
      step,
      actorId,
      note,
    ]);
  }

  steps(orderId: string): Promise<StepRow[]> {
    return rows<StepRow>(
      this.db.dataSource,
      `SELECT step, at, actor_id AS "actorId", note FROM order_steps WHERE order_id = $1 ORDER BY id`,
      [orderId],
    );
  }

  /** The amendments of an order, oldest first. */
  amendments(orderId: string): Promise<OrderRow[]> {
    return rows<OrderRow>(
      this.db.dataSource,
      `SELECT ${COLUMNS} FROM floorplan_orders o WHERE o.amends_order_id = $1 ORDER BY o.placed_at, o.id`,
      [orderId],
    );
  }

  /** A page of the orders the filter keeps, newest first; `search` in the number, property title and address. */
  async list(
    filter: OrderFilter,
    page: { page: number; pageSize: number; offset: number },
  ): Promise<Page<OrderRow>> {
    const { where, params } = whereOf(filter);
    const found = await rows<OrderRow & { total: number }>(
      this.db.dataSource,
      `SELECT ${COLUMNS}, count(*) OVER ()::int AS total FROM floorplan_orders o ${where}
       ORDER BY o.placed_at DESC, o.id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, page.pageSize, page.offset],
    );
    return pageWithTotal(found, page, async () => {
      const counted = await one<{ count: number }>(
        this.db.dataSource,
        `SELECT count(*)::int AS count FROM floorplan_orders o ${where}`,
        params,
      );
      return counted?.count ?? 0;
    });
  }

  /** The next rows of an export, newest first, after the order numbered `afterNumber` (keyset). */
  exportBatch(filter: OrderFilter, afterNumber: number | undefined, limit: number): Promise<OrderRow[]> {
    const { where, params } = whereOf(filter);
    const after =
      afterNumber === undefined ? '' : `${where ? 'AND' : 'WHERE'} o.number < $${params.length + 2}`;
    return rows<OrderRow>(
      this.db.dataSource,
      `SELECT ${COLUMNS} FROM floorplan_orders o ${where} ${after} ORDER BY o.number DESC LIMIT $${params.length + 1}`,
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
