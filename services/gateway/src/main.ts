import { closeOnSignals, startService } from '@tourly/platform';
import { gateway } from './index';

startService(gateway, process.env).then(
  (running) => closeOnSignals([running.close], running.logger),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
