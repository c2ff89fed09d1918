import { DatabaseConfig } from '@tourly/platform';

/** The identity service's environment; its own variables join the platform's here. */
export class IdentityConfig extends DatabaseConfig {}
