import { DatabaseConfig } from '@tourly/platform';

/** The orders service's environment; its own variables join the platform's here. */
export class OrdersConfig extends DatabaseConfig {}
