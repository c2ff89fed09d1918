import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiProduces } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ProviderId, Responds, Roles, sendCsv, toSnake, type Page } from '@tourly/platform';
import { BillingOrdersQuery, OrderResponse } from './orders.dto';
import { OrdersService } from './orders.service';

/** The columns of the billing page's orders CSV, in order. */
const CSV_COLUMNS = [
  'number',
  'placedAt',
  'kind',
  'drawnBy',
  'propertyTitle',
  'status',
  'credits',
  'deliveredAt',
  'cancelledAt',
] as const;

/** The billing page's orders (000 §7 `GET /provider/billing/orders`): what the provider's credits paid for. */
@Controller('provider/billing')
@Roles('admin')
export class BillingOrdersController {
  constructor(private readonly orders: OrdersService) {}

  @Get('orders')
  @Responds({ page: OrderResponse })
  list(@ProviderId() providerId: string, @Query() query: BillingOrdersQuery): Promise<Page<OrderResponse>> {
    return this.orders.inPeriod(providerId, query);
  }

  /** The same orders (every page) as CSV, newest first. */
  @Get('orders.csv')
  @ApiProduces('text/csv')
  @ApiOkResponse({
    description: `\`attachment; filename="orders.csv"\`, a header row, then ${CSV_COLUMNS.map(toSnake).join(', ')}`,
    schema: { type: 'string' },
  })
  csv(
    @ProviderId() providerId: string,
    @Query() query: BillingOrdersQuery,
    @Res() reply: FastifyReply,
  ): void {
    sendCsv(reply, {
      filename: 'orders.csv',
      columns: CSV_COLUMNS.map((key) => ({ key, header: toSnake(key) })),
      rows: this.orders.periodExport(providerId, query),
    });
  }
}
