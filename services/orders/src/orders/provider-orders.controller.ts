import { Body, Controller, Get, Headers, Param, Post, Query, Res } from '@nestjs/common';
import { ApiHeader } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Caller, ProviderId, Responds, Roles, type Page } from '@tourly/platform';
import {
  AmendOrder,
  CancelOrder,
  orderId,
  OrderDetailResponse,
  OrderResponse,
  PlaceOrder,
  ProviderOrdersQuery,
} from './orders.dto';
import { OrdersService, type Placed } from './orders.service';

const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/** The placing routes' optional `Idempotency-Key`, in the document. */
const PlacingKey = () =>
  ApiHeader({
    name: 'Idempotency-Key',
    required: false,
    description:
      "A key of the client's own (a UUID) for this placing: sent again within a day with the same order, it " +
      'answers the order placed the first time (header `Idempotent-Replayed: true`) instead of placing another; ' +
      'with a different order, 422.',
  });

/** The order, marked when an earlier request with the same key placed it. */
async function answered(reply: FastifyReply, placing: Promise<Placed>): Promise<OrderDetailResponse> {
  const { order, replayed } = await placing;
  if (replayed) void reply.header('idempotent-replayed', 'true');
  return order;
}

/**
 * The provider's floor-plan orders (001 §7, 002 §7): placed from the orders page or a property (three routes, one
 * placing), followed step by step, cancelled before work starts, amended once delivered.
 */
@Controller('provider')
@Roles('admin', 'scan_technician', 'member')
export class ProviderOrdersController {
  constructor(private readonly orders: OrdersService) {}

  /** `floorplan_order` with its `property_id`. 422 'Provider does not have enough credits' when short. */
  @Post('orders/floorplan_orders.json')
  @PlacingKey()
  @Responds(OrderDetailResponse)
  placeFromOrders(
    @Caller() caller: Caller,
    @ProviderId() providerId: string,
    @Body() body: PlaceOrder,
    @Headers(IDEMPOTENCY_KEY_HEADER) key: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<OrderDetailResponse> {
    const { propertyId } = body.floorplanOrder;
    return answered(reply, this.orders.place(caller, providerId, propertyId, body.floorplanOrder, key));
  }

  @Post('floorplan_orders')
  @PlacingKey()
  @Responds(OrderDetailResponse)
  place(
    @Caller() caller: Caller,
    @ProviderId() providerId: string,
    @Body() body: PlaceOrder,
    @Headers(IDEMPOTENCY_KEY_HEADER) key: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<OrderDetailResponse> {
    const { propertyId } = body.floorplanOrder;
    return answered(reply, this.orders.place(caller, providerId, propertyId, body.floorplanOrder, key));
  }

  /** The property in the path (a `property_id` in the body is ignored). */
  @Post('properties/:id/floorplan_orders')
  @PlacingKey()
  @Responds(OrderDetailResponse)
  placeForProperty(
    @Caller() caller: Caller,
    @ProviderId() providerId: string,
    @Param('id') propertyId: string,
    @Body() body: PlaceOrder,
    @Headers(IDEMPOTENCY_KEY_HEADER) key: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<OrderDetailResponse> {
    return answered(reply, this.orders.place(caller, providerId, propertyId, body.floorplanOrder, key));
  }

  /** The provider's orders, newest first: by status, property, or a search (order number, property). */
  @Get('floorplan_orders')
  @Responds({ page: OrderResponse })
  list(@ProviderId() providerId: string, @Query() query: ProviderOrdersQuery): Promise<Page<OrderResponse>> {
    return this.orders.list(
      { providerId, propertyId: query.propertyId, statuses: query.status, search: query.search },
      query,
    );
  }

  @Get('floorplan_orders/:id')
  @Responds(OrderDetailResponse)
  get(@Caller() caller: Caller, @Param('id', orderId()) id: string): Promise<OrderDetailResponse> {
    return this.orders.detail(caller, id);
  }

  /** Only while nobody has started it (409 after): its credits come back. */
  @Post('floorplan_orders/:id/cancel')
  @Responds(OrderDetailResponse)
  cancel(
    @Caller() caller: Caller,
    @Param('id', orderId()) id: string,
    @Body() body: CancelOrder,
  ): Promise<OrderDetailResponse> {
    return this.orders.cancelOwn(caller, id, body.cancellationReason);
  }

  /** A delivered order's amendment: answers the new order. */
  @Post('floorplan_orders/:id/amend')
  @Responds(OrderDetailResponse)
  amend(
    @Caller() caller: Caller,
    @Param('id', orderId()) id: string,
    @Body() body: AmendOrder,
  ): Promise<OrderDetailResponse> {
    return this.orders.amend(caller, id, body.amendmentForm);
  }
}
