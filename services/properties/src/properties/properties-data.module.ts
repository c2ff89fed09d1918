import { Module } from '@nestjs/common';
import { ClientsRepository } from '../clients/clients.repository';
import { PropertiesRepository } from './properties.repository';
import { PropertyScope } from './property-scope';

/**
 * The `properties` table, for every feature that reads a property: its repository and the scope of a route; and the
 * clients and contacts a property is for and shows.
 */
@Module({
  providers: [PropertiesRepository, PropertyScope, ClientsRepository],
  exports: [PropertiesRepository, PropertyScope, ClientsRepository],
})
export class PropertiesDataModule {}
