import { BaseRpcContext, CustomTransportStrategy, Server } from '@nestjs/microservices';
import type { EventEnvelope } from '@tourly/contracts';
import { lastValueFrom, type Observable } from 'rxjs';
import type { DataSource, EntityManager } from 'typeorm';
import type { Logger } from 'pino';
import { ApiError, BRIEFLY_UNAVAILABLE, databaseUnavailable } from '../http/errors';
import { traceAnswer } from '../tracing/tracing';
import { toCamelKeys, toSnakeKeys } from '../http/case';
import type { ConsumerRegistry } from './dead-letters';
import {
  EventConsumer,
  type DeliveryAttempt,
  type RetryPolicy,
  type SettledDelivery,
} from './event-consumer';
import { durableName, type Stoppable, type Transport } from './transport';

/** What an @EventPattern handler gets besides the envelope: the transaction its effects must use, and which try. */
export class EventContext extends BaseRpcContext<[EntityManager, EventEnvelope, DeliveryAttempt]> {
  get tx(): EntityManager {
    return this.args[0];
  }
  get envelope(): EventEnvelope {
    return this.args[1];
  }
  get attempt(): DeliveryAttempt {
    return this.args[2];
  }
}

/**
 * `@EventPattern(subject, { retry })`: a consumer whose tries differ from the service's (a job's step, which a vendor
 * may refuse for good, is given up sooner than an event an outage holds back).
 */
export interface EventPatternExtras {
  retry?: RetryPolicy;
}

/** A failed request-reply answer: the status and error map travel back to the asking service. */
export interface RpcFailure {
  error: { status: number; errors: Record<string, string[]> };
}

export interface EventsServerOptions {
  service: string;
  transport: Transport;
  dataSource?: DataSource;
  /** A consumer's tries: from its own policy (EventPatternExtras) when it has one, else the service's. */
  retry: (own?: RetryPolicy) => RetryPolicy;
  /** Where the service's consumers are listed, so an operator's replay reaches their handlers. */
  consumers?: ConsumerRegistry;
  logger: Logger;
  onSettled?: (settled: SettledDelivery) => void;
}

/**
 * Nest's microservice strategy for the platform's backbone: `@EventPattern(subject)` handlers become durable
 * consumers behind the inbox, `@MessagePattern(subject)` handlers answer request-reply. Handlers stay
 * ordinary Nest handlers: `@Payload()` is the envelope (or the request), `@Ctx()` the EventContext.
 */
export class EventsServer extends Server implements CustomTransportStrategy {
  private readonly consumers: EventConsumer[] = [];
  private readonly servers: Stoppable[] = [];

  constructor(private readonly options: EventsServerOptions) {
    super();
  }

  listen(callback: (error?: unknown) => void): void {
    this.start().then(() => callback(), callback);
  }

  private async start(): Promise<void> {
    for (const [pattern, handler] of this.messageHandlers) {
      if (handler.isEventHandler) await this.startConsumer(pattern, handler);
      else await this.startResponder(pattern, handler);
    }
  }

  private async startConsumer(
    subject: string,
    handler: ((...args: unknown[]) => unknown) & { extras?: EventPatternExtras },
  ): Promise<void> {
    const { dataSource, service, transport, logger } = this.options;
    if (!dataSource) throw new Error(`${service} handles ${subject} but has no database for its inbox`);
    const consumer = new EventConsumer(dataSource, transport, {
      service,
      durable: durableName(service, subject),
      subject,
      retry: this.options.retry(handler.extras?.retry),
      logger,
      handler: async (envelope, tx, attempt) => {
        await this.run(handler(envelope, new EventContext([tx, envelope, attempt])));
      },
    });
    if (this.options.onSettled) consumer.settled.on('settled', this.options.onSettled);
    await consumer.start();
    this.consumers.push(consumer);
    this.options.consumers?.add(consumer);
  }

  private async startResponder(subject: string, handler: (...args: unknown[]) => unknown): Promise<void> {
    const { service, transport, logger } = this.options;
    const stoppable = await transport.serve(subject, service, (data, trace) =>
      traceAnswer(service, transport.kind, subject, trace, async () => {
        let answer: unknown;
        try {
          const request = toCamelKeys(JSON.parse(Buffer.from(data).toString('utf8')));
          answer = { data: toSnakeKeys(await this.run(handler(request, new BaseRpcContext([])))) };
        } catch (error) {
          answer = toFailure(error);
          if (databaseUnavailable(error)) logger.warn({ err: error, subject }, 'database out of reach');
          else if ((answer as RpcFailure).error.status >= 500) {
            logger.error({ err: error, subject }, 'request handler failed');
          }
        }
        return Buffer.from(JSON.stringify(answer ?? { data: null }));
      }),
    );
    this.servers.push(stoppable);
  }

  private async run(result: unknown): Promise<unknown> {
    return lastValueFrom(this.transformToObservable(await result) as Observable<unknown>, {
      defaultValue: undefined,
    });
  }

  async close(): Promise<void> {
    await Promise.all(this.servers.map((server) => server.stop()));
    await Promise.all(this.consumers.map((consumer) => consumer.stop()));
    for (const consumer of this.consumers) this.options.consumers?.remove(consumer);
    this.servers.length = 0;
    this.consumers.length = 0;
  }

  on(): void {
    // The transport's own status events are logged by the transport.
  }

  unwrap<T>(): T {
    return this.options.transport as T;
  }
}

function toFailure(error: unknown): RpcFailure {
  if (error instanceof ApiError) return { error: { status: error.getStatus(), errors: error.errors } };
  // The asker answers its own client 503 in the same words: the database is back in a moment, nothing to report.
  if (databaseUnavailable(error)) return { error: { status: 503, errors: { base: [BRIEFLY_UNAVAILABLE] } } };
  return { error: { status: 500, errors: { base: ['The service could not answer the request.'] } } };
}
