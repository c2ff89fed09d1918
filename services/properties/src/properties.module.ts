import { Module } from '@nestjs/common';

/** The properties service's feature modules are imported here as they arrive. */
@Module({})
export class PropertiesModule {}
