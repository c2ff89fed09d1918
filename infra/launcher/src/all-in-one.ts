import path from 'node:path';
import { DEFAULT_PORTS, PRODUCT } from '@tourly/contracts';
import { closeOnSignals, createLogger, startTracing } from '@tourly/platform';
import { startBackingServices } from './backing';
import { seedDemo } from './demo';
import { startPlatform, type Env } from './platform';

/**
 * `npm start`: the whole platform in one process on http://localhost:3000. Whatever the environment does
 * not provide is started here: PostgreSQL (embedded, data in .data/postgres), S3 storage (.data/s3),
 * the vendor emulators, and events in-process unless NATS_URL is set.
 */
async function main(): Promise<void> {
  const env: Env = { LOG_LEVEL: 'info', ...process.env };
  const logger = createLogger('launcher', env.LOG_LEVEL ?? 'info');
  // Every service in this process exports under its own service.name (libs/platform's README, "Tracing").
  const tracing = startTracing(env);
  if (tracing)
    logger.info(
      `tracing exported to ${env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? env.OTEL_EXPORTER_OTLP_ENDPOINT}`,
    );
  const closers = await startBackingServices(env, {
    dataDir: path.resolve(env.TOURLY_DATA_DIR ?? '.data'),
    gatewayPort: env.PORT ?? String(DEFAULT_PORTS.gateway),
    logger,
  });
  // The last thing to close, so the spans of the others' shutdown go out too.
  if (tracing) closers.push(tracing.shutdown);
  if (!env.NATS_URL) logger.info('events in-process (set NATS_URL to use NATS JetStream)');

  const platform = await startPlatform(env);
  closers.unshift(platform.close);
  await seedDemo(platform, env, logger);
  closeOnSignals(closers, logger);
  logger.info(`${PRODUCT} is running at http://localhost:${platform.gateway.port}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
