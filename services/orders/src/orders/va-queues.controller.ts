import { Body, Controller, Get, Param, Post, Query } from '@nestjs/common';
import { ApiParam } from '@nestjs/swagger';
import { ApiError, Caller, Responds, Staff, TakesNoBody, type Page } from '@tourly/platform';
import {
  AmendOrder,
  AssignOrder,
  CancelOrder,
  orderId,
  OrderDetailResponse,
  OrderResponse,
  OrdersQuery,
  SupplierResponse,
} from './orders.dto';
import type { QueueName } from './orders.rules';
import { OrdersService } from './orders.service';

/** The amendments queues by the name in their path (002 §7). */
const AMENDMENT_QUEUES: Record<string, QueueName> = {
  floor_plans: 'floor_plans',
  schematic_floor_plans: 'schematic_floor_plans',
  universal_floor_plans: 'universal_floor_plans',
  trueplans: 'trueplans_amendments',
  photo_retouching: 'photo_retouching_amendments',
  workshop_assistant: 'workshop_assistant_amendments',
};

/**
 * The virtual assistant's queues (002 §7) and what they do to an order: assign it to a supplier, cancel it with a
 * reason, amend a delivered one; start, pause and deliver the orders the staff work themselves (the workshop
 * assistant). Platform admins see and do the same.
 */
@Controller('virtual_assistant')
@Staff('virtual_assistant', 'platform_admin')
export class VaQueuesController {
  constructor(private readonly orders: OrdersService) {}

  /** Floor plans and universal floor plans, first orders. */
  @Get('floorplan_orders/new_index.json')
  @Responds({ page: OrderResponse })
  floorplans(@Query() query: OrdersQuery): Promise<Page<OrderResponse>> {
    return this.orders.queue('floorplans', query);
  }

  @Get('schematic_floorplan_orders.json')
  @Responds({ page: OrderResponse })
  schematic(@Query() query: OrdersQuery): Promise<Page<OrderResponse>> {
    return this.orders.queue('schematic_floorplans', query);
  }

  @Get('trueplan_orders.json')
  @Responds({ page: OrderResponse })
  trueplans(@Query() query: OrdersQuery): Promise<Page<OrderResponse>> {
    return this.orders.queue('trueplans', query);
  }

  @Get('amendments/:queue.json')
  @ApiParam({ name: 'queue', enum: Object.keys(AMENDMENT_QUEUES) })
  @Responds({ page: OrderResponse })
  amendments(@Param('queue') queue: string, @Query() query: OrdersQuery): Promise<Page<OrderResponse>> {
    const name = Object.hasOwn(AMENDMENT_QUEUES, queue) ? AMENDMENT_QUEUES[queue] : undefined;
    if (!name) throw ApiError.notFound('No such amendments queue');
    return this.orders.queue(name, query);
  }

  /** Photo retouching, first orders (the platform's queue: the spec names floor plans' only). */
  @Get('photo_retouching_orders.json')
  @Responds({ page: OrderResponse })
  retouching(@Query() query: OrdersQuery): Promise<Page<OrderResponse>> {
    return this.orders.queue('photo_retouching', query);
  }

  /** The workshop assistant, first orders (the platform's queue): work on tours the staff do themselves. */
  @Get('workshop_assistant_orders.json')
  @Responds({ page: OrderResponse })
  workshop(@Query() query: OrdersQuery): Promise<Page<OrderResponse>> {
    return this.orders.queue('workshop_assistant', query);
  }

  /** Whom orders can be assigned to. */
  @Get('external_suppliers.json')
  @Responds([SupplierResponse])
  suppliers(): Promise<SupplierResponse[]> {
    return this.orders.suppliers();
  }

  @Get('portal_order_requests/:id')
  @Responds(OrderDetailResponse)
  get(@Caller() caller: Caller, @Param('id', orderId()) id: string): Promise<OrderDetailResponse> {
    return this.orders.detail(caller, id);
  }

  @Post('portal_order_requests/:id/assign')
  @Responds(OrderDetailResponse)
  assign(
    @Caller() caller: Caller,
    @Param('id', orderId()) id: string,
    @Body() body: AssignOrder,
  ): Promise<OrderDetailResponse> {
    return this.orders.assign(caller, id, body.supplierId);
  }

  @Post('portal_order_requests/:id/cancel')
  @Responds(OrderDetailResponse)
  cancel(
    @Caller() caller: Caller,
    @Param('id', orderId()) id: string,
    @Body() body: CancelOrder,
  ): Promise<OrderDetailResponse> {
    return this.orders.cancel(caller, id, body.cancellationReason);
  }

  /** Answers the amendment: a new order on the same property. */
  @Post('portal_order_requests/:id/amend')
  @Responds(OrderDetailResponse)
  amend(
    @Caller() caller: Caller,
    @Param('id', orderId()) id: string,
    @Body() body: AmendOrder,
  ): Promise<OrderDetailResponse> {
    return this.orders.amend(caller, id, body.amendmentForm);
  }

  /** Starts (or resumes) an order the staff work themselves; 409 for a supplier's. */
  @Post('portal_order_requests/:id/start')
  @TakesNoBody()
  @Responds(OrderDetailResponse)
  start(@Caller() caller: Caller, @Param('id', orderId()) id: string): Promise<OrderDetailResponse> {
    return this.orders.staffMove(caller, id, 'start');
  }

  @Post('portal_order_requests/:id/pause')
  @TakesNoBody()
  @Responds(OrderDetailResponse)
  pause(@Caller() caller: Caller, @Param('id', orderId()) id: string): Promise<OrderDetailResponse> {
    return this.orders.staffMove(caller, id, 'pause');
  }

  /** Delivers a workshop assistant order: the tour's draft, saved since it was placed, is its work (422 otherwise). */
  @Post('portal_order_requests/:id/finalise')
  @TakesNoBody()
  @Responds(OrderDetailResponse)
  finalise(@Caller() caller: Caller, @Param('id', orderId()) id: string): Promise<OrderDetailResponse> {
    return this.orders.staffMove(caller, id, 'finalise');
  }
}
