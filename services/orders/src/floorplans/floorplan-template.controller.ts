import { Controller, Get, Param } from '@nestjs/common';
import { Caller, Responds, Staff } from '@tourly/platform';
import { orderId } from '../orders/orders.dto';
import { ConfigurationResponse } from './floorplans.dto';
import { FloorplansService } from './floorplans.service';

/** The template a supplier draws an order's plan in: its provider's configuration. */
@Controller('external_supplier/floorplan_orders/:id')
@Staff('external_supplier', 'platform_admin')
export class FloorplanTemplateController {
  constructor(private readonly floorplans: FloorplansService) {}

  @Get('floorplan_template')
  @Responds(ConfigurationResponse)
  template(@Caller() caller: Caller, @Param('id', orderId()) id: string): Promise<ConfigurationResponse> {
    return this.floorplans.templateOfOrder(caller, id);
  }
}
