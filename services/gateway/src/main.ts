import { closeOnSignals, startService, startTracing } from '@tourly/platform';
import { gateway } from './index';

// Before the service, so its requests, queries and events are traced from the first; shut down last, so the spans
// of the drain are exported. Nothing without OTEL_EXPORTER_OTLP_ENDPOINT.
const tracing = startTracing(process.env);
startService(gateway, process.env).then(
  (running) => closeOnSignals([running.close, ...(tracing ? [tracing.shutdown] : [])], running.logger),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
