import { Module } from '@nestjs/common';
import { MultipartBodies } from '@tourly/platform';
import { StorageModule } from '@tourly/platform/storage';
import { BillingOrdersController } from './billing-orders.controller';
import { FloorplanConfigurationsRepository } from '../floorplans/floorplans.repository';
import { FloorplanVariantsRepository } from './floorplan-variants.repository';
import { MatterportFollowUp } from './matterport-follow-up.service';
import { MatterportPlans } from './matterport-plans';
import { OrderCreditsService } from './order-credits.service';
import { OrderFilesRepository } from './order-files.repository';
import { OrdersAdminController } from './orders-admin.controller';
import { OrdersListener } from './orders.listener';
import { OrdersRepository } from './orders.repository';
import { PlacingKeysRepository } from './placing-keys.repository';
import { OrdersService } from './orders.service';
import { ProviderOrdersController } from './provider-orders.controller';
import { SupplierOrdersController } from './supplier-orders.controller';
import { VaQueuesController } from './va-queues.controller';

/**
 * Floor-plan orders: placing (credits held through billing), the machine of statuses, the virtual assistant's
 * queues, the supplier's workflow and files, the provider's and the back office's lists; the plans Matterport draws,
 * bought and followed until delivered.
 */
@Module({
  imports: [StorageModule],
  controllers: [
    ProviderOrdersController,
    BillingOrdersController,
    VaQueuesController,
    SupplierOrdersController,
    OrdersAdminController,
    OrdersListener,
  ],
  providers: [
    MultipartBodies,
    OrdersRepository,
    OrderFilesRepository,
    FloorplanVariantsRepository,
    PlacingKeysRepository,
    FloorplanConfigurationsRepository,
    OrdersService,
    OrderCreditsService,
    MatterportPlans,
    MatterportFollowUp,
  ],
  exports: [
    StorageModule,
    OrdersService,
    OrderFilesRepository,
    FloorplanVariantsRepository,
    FloorplanConfigurationsRepository,
    MatterportFollowUp,
  ],
})
export class OrdersFeatureModule {}
