import { Module } from '@nestjs/common';

/** The billing service's feature modules are imported here as they arrive. */
@Module({})
export class BillingModule {}
