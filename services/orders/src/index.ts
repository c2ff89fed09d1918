import { defineService } from '@tourly/platform';
import { OrdersConfig } from './config';
import { OrdersModule } from './orders.module';
import { migrations } from './migrations';

export { OrdersConfig } from './config';

export const orders = defineService({
  name: 'orders',
  description:
    'Floorplan orders and amendments, the virtual-assistant queues, the external-supplier workflow, order files, comments and the credits spent per order.',
  config: OrdersConfig,
  module: OrdersModule,
  migrations,
  // Idempotency keys, number counters and the status history the orders' own rows already show.
  unaudited: ['order_numbers', 'order_steps', 'placing_keys'],
});
