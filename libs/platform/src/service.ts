import { EventEmitter } from 'node:events';
import type { AddressInfo } from 'node:net';
import {
  Module,
  type DynamicModule,
  type INestApplication,
  type INestMicroservice,
  type Type,
} from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_PORTS, type ServiceName } from '@tourly/contracts';
import type { OpenAPIObject } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import { loadConfig, type DatabaseConfig, type PlatformConfig } from './config/config';
import { openDatabase } from './database/database';
import { PLATFORM_MIGRATIONS } from './database/platform-tables.migration';
import { EventsServer } from './events/events.server';
import { retryPolicyOf, type RetryPolicy, type SettledDelivery } from './events/event-consumer';
import { ConsumerRegistry } from './events/dead-letters';
import type { Transport } from './events/transport';
import { ErrorFilter } from './http/exception.filter';
import { fastifyOptions, installWireConventions } from './http/fastify';
import { buildOpenApiDocument } from './http/openapi';
import type { HealthChecks } from './health/health';
import { createLogger, PinoNestLogger, type Logger } from './logging/logger';
import { Metrics } from './metrics/metrics';
import { PlatformModule, type MigrationClass } from './platform.module';
import { closeOnSignals } from './shutdown';
import { TRANSPORT } from './tokens';
import { nameServerSpan, startTracing, traceRequestsOf, tracingOn } from './tracing/tracing';

export interface ServiceDefinition<C extends PlatformConfig = PlatformConfig> {
  name: ServiceName;
  /** One line for the OpenAPI document. */
  description: string;
  config: new () => C;
  /** The service's root feature module. */
  module: Type<unknown>;
  /** The service owns the schema named after it, built by these migrations (after the platform's own). */
  migrations?: MigrationClass[];
  /**
   * Its tables that hold no provider's records (its machinery, its copies of other services' data): what an
   * administrator impersonating a provider changes in every other table is recorded in the provider's audit trail.
   */
  unaudited?: readonly string[];
  healthChecks?: Type<HealthChecks>;
  /** The service's own retry policy; `EVENT_RETRY_BACKOFF_MS` overrides it, the platform's default is used without. */
  retry?: RetryPolicy;
  /**
   * The webhooks the service sends to its subscribers, for the OpenAPI document: event type -> Path Item (the POST
   * a receiver gets). OpenAPI 3.0 has no `webhooks` section; the document carries them as `x-webhooks`, the
   * extension that documentation tools (Redoc) read for 3.0, in 3.1's `webhooks` shape.
   */
  webhooks?: () => Record<string, unknown>;
  /** True for the service whose port is public (the gateway): it serves `/metrics` only with METRICS_TOKEN. */
  publicPort?: boolean;
  /** False for a service that forwards requests without reading their query strings (the gateway). */
  parseQuery?: boolean;
  /** Work on the Fastify instance before Nest's routes (the gateway's proxy). */
  configureHttp?(app: NestFastifyApplication, config: C, logger: Logger): void | Promise<void>;
}

export const defineService = <C extends PlatformConfig>(definition: ServiceDefinition<C>) => definition;

export interface RunningService<C extends PlatformConfig = PlatformConfig> {
  name: ServiceName;
  url: string;
  port: number;
  config: C;
  app: NestFastifyApplication;
  logger: Logger;
  /** Emits 'settled' with a SettledDelivery after each event this service's consumers handle (or retry, park). */
  deliveries: EventEmitter;
  /** Drains HTTP, stops consumers, flushes the outbox, closes the broker and the database, in that order. */
  close(): Promise<void>;
}

/**
 * Boots one service with the platform's conventions. The same call serves `main.ts` (one process per
 * service), the all-in-one launcher (several services in one process, each with its own env overlay) and
 * the tests.
 */
export async function startService<C extends PlatformConfig>(
  definition: ServiceDefinition<C>,
  env: Record<string, string | undefined>,
): Promise<RunningService<C>> {
  const config = loadConfig(definition.config, definition.name, env);
  const logger = createLogger(definition.name, config.LOG_LEVEL);
  const metrics = new Metrics(definition.name);
  const adapter = new FastifyAdapter(fastifyOptions(config.TRUSTED_PROXIES, definition.parseQuery));
  const fastify = adapter.getInstance();
  installWireConventions(fastify, logger);
  if (tracingOn()) {
    traceRequestsOf(fastify.server, definition.name);
    fastify.addHook('onRequest', async (request) => nameServerSpan(request.method, request.routeOptions.url));
  }
  metrics.install(fastify, { token: config.METRICS_TOKEN, publicPort: definition.publicPort });
  // Built on first request (the gateway's /api/docs), not on every start: it walks every route and DTO.
  let openApi: OpenAPIObject | undefined;
  fastify.get('/openapi.json', async () => {
    openApi ??= buildOpenApiDocument(
      app as INestApplication,
      definition.name,
      definition.description,
      definition.webhooks?.(),
    );
    return openApi;
  });

  @Module({
    imports: [
      PlatformModule.forRoot({
        service: definition.name,
        config,
        logger,
        metrics,
        migrations: definition.migrations,
        unaudited: definition.unaudited,
        healthChecks: definition.healthChecks,
      }),
      definition.module,
    ],
  })
  class ServiceRootModule {}

  const app = await NestFactory.create<NestFastifyApplication>(
    ServiceRootModule as Type<DynamicModule>,
    adapter,
    {
      logger: new PinoNestLogger(logger),
      bodyParser: false,
      abortOnError: false,
    },
  );
  const deliveries = new EventEmitter();
  let eventsServer: EventsServer | undefined;
  try {
    await definition.configureHttp?.(app, config, logger);
    eventsServer = new EventsServer({
      service: definition.name,
      transport: app.get<Transport>(TRANSPORT),
      dataSource: definition.migrations ? app.get(DataSource) : undefined,
      retry: (own) => retryPolicyOf(config, own ?? definition.retry),
      consumers: app.get(ConsumerRegistry),
      logger,
      onSettled: (settled: SettledDelivery) => {
        metrics.settled(settled);
        deliveries.emit('settled', settled);
      },
    });
    // Deferred so the filter applies to its handlers; the app itself runs the lifecycle hooks, once.
    const events = app.connectMicroservice(
      { strategy: eventsServer },
      { inheritAppConfig: false, deferInitialization: true },
    ) as INestMicroservice & { setIsInitHookCalled(value: boolean): void };
    events.useGlobalFilters(new ErrorFilter(logger));
    events.setIsInitHookCalled(true);
    await app.init();
    await app.startAllMicroservices();
    await app.listen({ port: config.PORT ?? DEFAULT_PORTS[definition.name], host: config.HOST });
  } catch (error) {
    await app.close().catch(() => undefined);
    throw error;
  }

  const port = (app.getHttpServer().address() as AddressInfo).port;
  const host = config.HOST === '0.0.0.0' ? '127.0.0.1' : config.HOST;
  logger.info({ port }, `${definition.name} listening`);
  let closing: Promise<void> | undefined;
  return {
    name: definition.name,
    url: `http://${host}:${port}`,
    port,
    config,
    app,
    logger,
    deliveries,
    close: () =>
      (closing ??= (async () => {
        await drainHttp(fastify, logger);
        await eventsServer?.close();
        await app.close();
        logger.info(`${definition.name} stopped`);
      })()),
  };
}

/**
 * Applies the service's migrations (the platform's tables first) as a start would, then closes: a release's one
 * migration step (a Kubernetes Job) before its replicas start with MIGRATIONS_AT_BOOT=false. Takes the service's
 * whole environment, checked as a start checks it, so a release with a bad setting fails here, before any replica.
 * A service without a schema (the gateway) has nothing to do, so one Job template serves every service.
 */
export async function migrateService<C extends PlatformConfig>(
  definition: ServiceDefinition<C>,
  env: Record<string, string | undefined>,
): Promise<void> {
  if (!definition.migrations) {
    console.log(`${definition.name} owns no schema: nothing to migrate`);
    return;
  }
  const config = loadConfig(definition.config, definition.name, env);
  const url = (config as Partial<DatabaseConfig>).DATABASE_URL;
  if (!url) throw new Error(`${definition.name} owns a schema but has no DATABASE_URL`);
  const logger = createLogger(definition.name, config.LOG_LEVEL);
  const dataSource = await openDatabase(
    {
      url,
      schema: definition.name,
      migrations: [...PLATFORM_MIGRATIONS, ...definition.migrations],
      unaudited: definition.unaudited,
      logger,
    },
    [],
  );
  await dataSource.destroy();
  logger.info(`${definition.name} schema up to date`);
}

const USAGE = (name: string) =>
  `usage: node services/${name}/dist/main.js [migrate]\n` +
  '  no argument: runs the service until SIGTERM or SIGINT\n' +
  '  migrate: applies its migrations, then exits (0 when its schema is up to date)';

/**
 * A service's `main.ts`: `node services/<name>/dist/main.js` runs it until a signal stops it, `... migrate` migrates
 * its schema and exits. What stops either is printed on its own (the config's list of bad variables, the migrations
 * a schema lacks), and the process exits 1; an unknown command prints the usage and exits 2.
 */
export function runServiceCommand<C extends PlatformConfig>(
  definition: ServiceDefinition<C>,
  args: readonly string[],
  env: Record<string, string | undefined>,
): void {
  const failed = (prefix: string) => (error: unknown) => {
    console.error(prefix + (error instanceof Error ? error.message : String(error)));
    process.exit(1);
  };
  const [command, ...rest] = args;
  if (command === undefined) {
    // Before the service, so its requests, queries and events are traced from the first; shut down last, so the
    // spans of the drain are exported. Nothing without OTEL_EXPORTER_OTLP_ENDPOINT.
    const tracing = startTracing(env);
    startService(definition, env).then(
      (running) => closeOnSignals([running.close, ...(tracing ? [tracing.shutdown] : [])], running.logger),
      failed(''),
    );
  } else if (command === 'migrate' && rest.length === 0) {
    migrateService(definition, env).then(
      () => process.exit(0),
      failed(`${definition.name}: migrations not applied: `),
    );
  } else {
    console.error(USAGE(definition.name));
    process.exit(2);
  }
}

/** Requests in flight get this long to finish when the service stops; the connections still open are then cut. */
export const HTTP_DRAIN_MS = 10_000;

/**
 * Stops taking requests and lets those in flight finish, for at most HTTP_DRAIN_MS: a client that never sends
 * the rest of its request would otherwise hold the stop until its socket times out.
 */
async function drainHttp(fastify: FastifyInstance, logger: Logger): Promise<void> {
  const closed = fastify.close();
  let timer: NodeJS.Timeout | undefined;
  const overdue = new Promise<'overdue'>((resolve) => {
    timer = setTimeout(() => resolve('overdue'), HTTP_DRAIN_MS);
  });
  if ((await Promise.race([closed, overdue])) === 'overdue') {
    logger.warn({ drainMs: HTTP_DRAIN_MS }, 'requests still open after the drain; closing their connections');
    fastify.server.closeAllConnections();
  }
  clearTimeout(timer);
  await closed;
}
