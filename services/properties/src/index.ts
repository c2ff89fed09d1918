import { defineService } from '@tourly/platform';
import { PropertiesConfig } from './config';
import { PropertiesModule } from './properties.module';
import { migrations } from './migrations';

export { PropertiesConfig } from './config';

export const properties = defineService({
  name: 'properties',
  description:
    'Properties, media and uploads, single-property websites, tours and their overlays, menus and branding, the premium-tour quota, bookings, clients, contacts, the public player API and leads.',
  config: PropertiesConfig,
  module: PropertiesModule,
  migrations,
});
