import { Module } from '@nestjs/common';

/** The orders service's feature modules are imported here as they arrive. */
@Module({})
export class OrdersModule {}
