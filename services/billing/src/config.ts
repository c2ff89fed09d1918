import { DatabaseConfig } from '@tourly/platform';

/** The billing service's environment; its own variables join the platform's here. */
export class BillingConfig extends DatabaseConfig {}
