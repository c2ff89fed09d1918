import { Controller, Get, Param, Query } from '@nestjs/common';
import { IdParam, Responds, Staff, type Page } from '@tourly/platform';
import { OrderResponse, PeriodQuery } from './orders.dto';
import { OrdersService } from './orders.service';

/** A provider's orders in the back office (002 §7 Administrator), newest first, in a period of placing. */
@Controller('admin/providers/:id/orders')
@Staff('platform_admin')
export class OrdersAdminController {
  constructor(private readonly orders: OrdersService) {}

  @Get()
  @Responds({ page: OrderResponse })
  list(
    @Param('id', IdParam('Provider not found')) providerId: string,
    @Query() query: PeriodQuery,
  ): Promise<Page<OrderResponse>> {
    return this.orders.inPeriod(providerId, query);
  }
}
