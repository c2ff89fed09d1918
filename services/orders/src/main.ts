import { closeOnSignals, startService } from '@tourly/platform';
import { orders } from './index';

startService(orders, process.env).then(
  (running) => closeOnSignals([running.close], running.logger),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
