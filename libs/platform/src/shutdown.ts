import type { Logger } from 'pino';

/**
 * Closes everything on SIGTERM or SIGINT, in the order given (the gateway first, so nothing new arrives),
 * then exits. A second signal exits at once.
 */
export function closeOnSignals(closers: Array<() => Promise<void>>, logger: Logger): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(1);
    stopping = true;
    logger.info({ signal }, 'shutting down');
    (async () => {
      for (const close of closers) {
        try {
          await close();
        } catch (error) {
          logger.error({ err: error }, 'error while shutting down');
        }
      }
    })().finally(() => process.exit(0));
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}
