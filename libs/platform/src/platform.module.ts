import {
  BeforeApplicationShutdown,
  DynamicModule,
  Global,
  Inject,
  Injectable,
  Module,
  OnApplicationBootstrap,
  OnApplicationShutdown,
  Optional,
  type Provider,
  type Type,
} from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_INTERCEPTOR, APP_PIPE } from '@nestjs/core';
import { TerminusModule } from '@nestjs/terminus';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource, type MigrationInterface } from 'typeorm';
import type { Logger } from 'pino';
import { InternalAuthGuard } from './auth/internal-auth.guard';
import { InternalTokens } from './auth/internal-token';
import type { PlatformConfig } from './config/config';
import { Database, openDatabase, SchemaBehind } from './database/database';
import { PLATFORM_MIGRATIONS } from './database/platform-tables.migration';
import { ImpersonationAuditInterceptor } from './audit/impersonation-audit';
import { EventBus } from './events/event-bus';
import { ConsumerRegistry, DeadLetters, deadLettersController } from './events/dead-letters';
import { OutboxRelay } from './events/outbox-relay';
import { RpcClient } from './events/rpc.client';
import { Broadcasts } from './events/broadcasts';
import { createTransport } from './events/transports';
import type { Transport } from './events/transport';
import { EnvelopeInterceptor } from './http/envelope.interceptor';
import { ErrorFilter } from './http/exception.filter';
import { createValidationPipe } from './http/validation';
import {
  EventsHealthIndicator,
  HealthController,
  OutboxHealthIndicator,
  SERVICE_HEALTH_CHECKS,
  type HealthChecks,
} from './health/health';
import { Metrics } from './metrics/metrics';
import { Schedules } from './schedule/schedules';
import { CONFIG, HAS_DATABASE, LOGGER, SERVICE_NAME, TRANSPORT } from './tokens';

export type MigrationClass = new () => MigrationInterface;

export interface PlatformModuleOptions {
  service: string;
  config: PlatformConfig & {
    DATABASE_URL?: string;
    MIGRATIONS_AT_BOOT?: boolean;
    DATABASE_POOL_SIZE?: number;
  };
  logger: Logger;
  metrics: Metrics;
  /** Present when the service owns a schema (named after the service). */
  migrations?: MigrationClass[];
  /** Its tables that hold no provider's records (machinery, projections): not audited while impersonating. */
  unaudited?: readonly string[];
  healthChecks?: Type<HealthChecks>;
}

/** Starts the outbox relay once the app is up and flushes it on the way down; closes the transport last. */
@Injectable()
class PlatformLifecycle implements OnApplicationBootstrap, BeforeApplicationShutdown, OnApplicationShutdown {
  constructor(
    @Inject(TRANSPORT) private readonly transport: Transport,
    @Optional() private readonly relay?: OutboxRelay,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.relay?.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.relay?.stop();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.transport.close();
  }
}

/**
 * What every service gets the same way: config, logger, database (schema + migrations + transactions),
 * events (outbox, relay, transport, request-reply), internal auth, the wire conventions, health and metrics.
 */
@Global()
@Module({})
export class PlatformModule {
  static forRoot(options: PlatformModuleOptions): DynamicModule {
    const { service, config, logger, metrics } = options;
    const hasDatabase = options.migrations !== undefined;
    const providers: Provider[] = [
      { provide: CONFIG, useValue: config },
      { provide: LOGGER, useValue: logger },
      { provide: SERVICE_NAME, useValue: service },
      { provide: HAS_DATABASE, useValue: hasDatabase },
      { provide: Metrics, useValue: metrics },
      { provide: InternalTokens, useValue: new InternalTokens(config.INTERNAL_TOKEN_SECRET) },
      {
        provide: TRANSPORT,
        useFactory: async () => {
          const transport = createTransport(config, service, logger);
          await transport.start();
          metrics.watchConsumers(() => transport.consumersDown());
          return transport;
        },
      },
      {
        provide: RpcClient,
        useFactory: (transport: Transport) => new RpcClient(transport),
        inject: [TRANSPORT],
      },
      {
        provide: Broadcasts,
        useFactory: (transport: Transport) => new Broadcasts(transport),
        inject: [TRANSPORT],
      },
      { provide: ConsumerRegistry, useValue: new ConsumerRegistry() },
      Schedules,
      EventsHealthIndicator,
      OutboxHealthIndicator,
      PlatformLifecycle,
      { provide: APP_GUARD, useClass: InternalAuthGuard },
      { provide: APP_INTERCEPTOR, useClass: EnvelopeInterceptor },
      { provide: APP_PIPE, useFactory: createValidationPipe },
      { provide: APP_FILTER, useFactory: () => new ErrorFilter(logger) },
    ];
    const exported: Array<string | symbol | Type<unknown>> = [
      CONFIG,
      LOGGER,
      SERVICE_NAME,
      TRANSPORT,
      RpcClient,
      Broadcasts,
      Metrics,
      InternalTokens,
      ConsumerRegistry,
      Schedules,
    ];
    const imports: DynamicModule[] = [TerminusModule.forRoot({ errorLogStyle: 'json', logger: false })];

    if (options.healthChecks)
      providers.push({ provide: SERVICE_HEALTH_CHECKS, useClass: options.healthChecks });
    if (hasDatabase) {
      const url = config.DATABASE_URL;
      if (!url) throw new Error(`${service} owns a schema but has no DATABASE_URL`);
      imports.push(
        TypeOrmModule.forRootAsync({
          // A schema behind the release stays behind however often it is asked: refuse at once, not after ten tries.
          useFactory: () => ({
            type: 'postgres',
            autoLoadEntities: true,
            toRetry: (error: unknown) => !(error instanceof SchemaBehind),
          }),
          dataSourceFactory: async (typeOrmOptions) =>
            openDatabase(
              {
                url,
                schema: service,
                migrations: [...PLATFORM_MIGRATIONS, ...(options.migrations ?? [])],
                migrate: config.MIGRATIONS_AT_BOOT,
                poolSize: config.DATABASE_POOL_SIZE,
                unaudited: options.unaudited,
                logger,
              },
              (typeOrmOptions?.entities as Function[] | undefined) ?? [],
            ),
        }),
      );
      providers.push(
        {
          provide: Database,
          useFactory: (dataSource: DataSource) => new Database(dataSource),
          inject: [DataSource],
        },
        { provide: EventBus, useValue: new EventBus(service) },
        { provide: APP_INTERCEPTOR, useClass: ImpersonationAuditInterceptor },
        {
          provide: OutboxRelay,
          useFactory: (dataSource: DataSource, transport: Transport) => {
            const relay = new OutboxRelay(dataSource, transport, {
              schema: service,
              logger,
              onPublished: (count) => metrics.published(count),
            });
            metrics.watchOutbox(() => relay.backlog(), logger);
            return relay;
          },
          inject: [DataSource, TRANSPORT],
        },
      );
      providers.push({
        provide: DeadLetters,
        useFactory: (database: Database, consumers: ConsumerRegistry) => {
          const deadLetters = new DeadLetters(database, consumers, logger);
          metrics.countParkedEvents(() => deadLetters.parkedByConsumer(), logger);
          return deadLetters;
        },
        inject: [Database, ConsumerRegistry],
      });
      exported.push(Database, EventBus, OutboxRelay, DeadLetters);
    }

    return {
      module: PlatformModule,
      imports,
      providers,
      controllers: hasDatabase ? [HealthController, deadLettersController(service)] : [HealthController],
      exports: [...exported, TerminusModule],
    };
  }
}
