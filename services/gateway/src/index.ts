import { defineService } from '@tourly/platform';
import { GatewayConfig } from './config';
import { GatewayModule } from './gateway.module';
import { UpstreamHealth } from './health/upstream-health';
import { installEdge } from './routing/edge';

export { GatewayConfig } from './config';

export const gateway = defineService({
  name: 'gateway',
  description: 'The public entry: authentication, routing to the services, the web app, the API document.',
  config: GatewayConfig,
  module: GatewayModule,
  healthChecks: UpstreamHealth,
  parseQuery: false,
  publicPort: true,
  configureHttp: installEdge,
});
