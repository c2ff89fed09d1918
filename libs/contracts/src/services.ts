/** The services behind the gateway. Each owns one PostgreSQL schema of the same name and its own routes. */
export const BACKEND_SERVICES = ['identity', 'billing', 'properties', 'orders'] as const;
export type BackendService = (typeof BACKEND_SERVICES)[number];

export const SERVICES = ['gateway', ...BACKEND_SERVICES] as const;
export type ServiceName = (typeof SERVICES)[number];

/** Ports of the all-in-one launcher and of `npm run start:services`; the gateway is the only public one. */
export const DEFAULT_PORTS: Record<ServiceName, number> = {
  gateway: 3000,
  identity: 3001,
  billing: 3002,
  properties: 3003,
  orders: 3004,
};
