import type { BackendService } from '@tourly/contracts';
import type { GatewayConfig } from '../config';

export function upstreamUrls(config: GatewayConfig): Record<BackendService, URL> {
  return {
    identity: new URL(config.IDENTITY_URL),
    billing: new URL(config.BILLING_URL),
    properties: new URL(config.PROPERTIES_URL),
    orders: new URL(config.ORDERS_URL),
  };
}
