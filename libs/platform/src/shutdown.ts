import type { Logger } from 'pino';

/**
 * The longest a stop may take before the process exits anyway: well past each service's HTTP drain
 * (HTTP_DRAIN_MS), the broker and database closing, and the all-in-one's embedded PostgreSQL stopping.
 */
export const SHUTDOWN_GRACE_MS = 60_000;

/**
 * Closes everything on SIGTERM or SIGINT, in the order given (the gateway first, so nothing new arrives),
 * then exits; past SHUTDOWN_GRACE_MS it exits anyway. A second signal exits at once.
 */
export function closeOnSignals(closers: Array<() => Promise<void>>, logger: Logger): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(1);
    stopping = true;
    logger.info({ signal }, 'shutting down');
    setTimeout(() => {
      logger.error({ graceMs: SHUTDOWN_GRACE_MS }, 'still shutting down after the grace period; exiting now');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
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
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
