import { EnvInt, StorageConfig } from '@tourly/platform';

/** The orders service's environment: the platform's, with the storage its order files live in. */
export class OrdersConfig extends StorageConfig {
  /**
   * How often the orders Matterport draws are asked after (services/orders/README.md, Matterport's plans): Matterport
   * takes hours, so a round costs one indexed query when none is waiting.
   */
  @EnvInt({ min: 1, max: 3600, unit: 'seconds' })
  MATTERPORT_FOLLOW_UP_SECONDS: number = 10;
}
