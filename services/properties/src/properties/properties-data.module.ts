import { Module } from '@nestjs/common';
import { PropertiesRepository } from './properties.repository';
import { PropertyScope } from './property-scope';

/** The `properties` table, for every feature that reads a property: its repository and the scope of a route. */
@Module({
  providers: [PropertiesRepository, PropertyScope],
  exports: [PropertiesRepository, PropertyScope],
})
export class PropertiesDataModule {}
