import { StorageConfig } from '@tourly/platform';

/** The orders service's environment: the platform's, with the storage its order files live in. */
export class OrdersConfig extends StorageConfig {}
