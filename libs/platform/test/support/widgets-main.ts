import { closeOnSignals, startService, startTracing } from '@tourly/platform';
import { widgetsFixture } from '@tourly/platform/testing';

// The widgets fixture started the way a service's main.ts starts its service, in a process of its own: what it
// exports and what it logs (stdout, one JSON line each) are the process's, as an operator sees them.
const tracing = startTracing(process.env);
startService(widgetsFixture, process.env).then((running) => {
  closeOnSignals([running.close, ...(tracing ? [tracing.shutdown] : [])], running.logger);
  running.logger.info({ url: running.url }, 'widgets ready');
});
