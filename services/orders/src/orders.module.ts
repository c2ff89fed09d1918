import { Module } from '@nestjs/common';
import { CommentsModule } from './comments/comments.module';
import { FloorplansModule } from './floorplans/floorplans.module';
import { OrdersFeatureModule } from './orders/orders.module';

/** The orders service's feature modules. */
@Module({ imports: [OrdersFeatureModule, CommentsModule, FloorplansModule] })
export class OrdersModule {}
