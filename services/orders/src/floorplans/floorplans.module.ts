import { Module } from '@nestjs/common';
import { OrdersFeatureModule } from '../orders/orders.module';
import { FloorplanTemplateController } from './floorplan-template.controller';
import { FloorplanVariantsAdminController } from './floorplan-variants-admin.controller';
import { FloorplansAdminController } from './floorplans-admin.controller';
import { FloorplansController } from './floorplans.controller';
import { FloorplansService } from './floorplans.service';

/** Delivered plans (variants), templates and each provider's floor-plan configuration. */
@Module({
  imports: [OrdersFeatureModule],
  controllers: [
    FloorplansController,
    FloorplansAdminController,
    FloorplanVariantsAdminController,
    FloorplanTemplateController,
  ],
  providers: [FloorplansService],
})
export class FloorplansModule {}
