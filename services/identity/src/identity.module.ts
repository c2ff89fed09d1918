import { Module } from '@nestjs/common';

/** The identity service's feature modules are imported here as they arrive. */
@Module({})
export class IdentityModule {}
