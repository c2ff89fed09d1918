import { DatabaseConfig } from '@tourly/platform';

/** The properties service's environment; its own variables join the platform's here. */
export class PropertiesConfig extends DatabaseConfig {}
