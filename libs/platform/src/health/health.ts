import { Controller, Get, Inject, Injectable, Optional, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import {
  HealthCheckService,
  HealthIndicatorService,
  TypeOrmHealthIndicator,
  type HealthCheckResult,
  type HealthIndicatorFunction,
} from '@nestjs/terminus';
import type { FastifyReply } from 'fastify';
import { Public } from '../auth/internal-auth.guard';
import { RawResponse } from '../http/envelope.interceptor';
import type { Transport } from '../events/transport';
import { OutboxRelay } from '../events/outbox-relay';
import { CONFIG, TRANSPORT, HAS_DATABASE } from '../tokens';

/** Extra checks a service adds to its probes (the gateway adds its upstream services). */
export interface HealthChecks {
  live(): HealthIndicatorFunction[];
  ready(): HealthIndicatorFunction[];
}
export const SERVICE_HEALTH_CHECKS = Symbol('SERVICE_HEALTH_CHECKS');

@Injectable()
export class EventsHealthIndicator {
  constructor(
    private readonly indicators: HealthIndicatorService,
    @Inject(TRANSPORT) private readonly transport: Transport,
  ) {}

  check(key: string) {
    const indicator = this.indicators.check(key);
    if (!this.transport.isConnected())
      return indicator.down({ transport: this.transport.kind, message: 'not connected' });
    const consumersDown = this.transport.consumersDown();
    return consumersDown.length === 0
      ? indicator.up({ transport: this.transport.kind })
      : indicator.down({
          transport: this.transport.kind,
          message: 'event consumers are not receiving',
          consumers_down: consumersDown,
        });
  }
}

/**
 * Down when the oldest unsent outbox row is older than OUTBOX_MAX_LAG_SECONDS (0: never): events are not
 * leaving this service. Parked rows do not count (they are in the metrics); the details show both.
 */
@Injectable()
export class OutboxHealthIndicator {
  constructor(
    private readonly indicators: HealthIndicatorService,
    @Inject(CONFIG) private readonly config: { OUTBOX_MAX_LAG_SECONDS?: number },
    @Optional() private readonly relay?: OutboxRelay,
  ) {}

  get enabled(): boolean {
    return this.relay !== undefined && (this.config.OUTBOX_MAX_LAG_SECONDS ?? 0) > 0;
  }

  async check(key: string) {
    const indicator = this.indicators.check(key);
    const maxLagSeconds = this.config.OUTBOX_MAX_LAG_SECONDS ?? 0;
    if (!this.relay) return indicator.up();
    try {
      const { oldestUnsentSeconds, parked } = await this.relay.backlog();
      const details = {
        oldest_unsent_seconds: Math.floor(oldestUnsentSeconds),
        parked,
        max_lag_seconds: maxLagSeconds,
      };
      return oldestUnsentSeconds > maxLagSeconds
        ? indicator.down({ ...details, message: 'events are not leaving the outbox' })
        : indicator.up(details);
    } catch (error) {
      return indicator.down({ message: `outbox not readable: ${(error as Error).message}` });
    }
  }
}

/**
 * `/healthz`: the process answers (plus any live checks the service adds). `/readyz`: its dependencies
 * answer too (database, events transport, events leaving the outbox), so a load balancer sends it traffic. 503 with the details when not.
 */
@ApiExcludeController()
@Controller()
@Public()
@RawResponse()
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly database: TypeOrmHealthIndicator,
    private readonly events: EventsHealthIndicator,
    private readonly outbox: OutboxHealthIndicator,
    @Inject(HAS_DATABASE) private readonly hasDatabase: boolean,
    @Optional() @Inject(SERVICE_HEALTH_CHECKS) private readonly extra?: HealthChecks,
  ) {}

  @Get('healthz')
  live(@Res() reply: FastifyReply) {
    return this.run(reply, this.extra?.live() ?? []);
  }

  @Get('readyz')
  ready(@Res() reply: FastifyReply) {
    const checks: HealthIndicatorFunction[] = [() => this.events.check('events')];
    if (this.hasDatabase) checks.unshift(() => this.database.pingCheck('database', { timeout: 2000 }));
    if (this.outbox.enabled) checks.push(() => this.outbox.check('outbox'));
    return this.run(reply, [...checks, ...(this.extra?.ready() ?? [])]);
  }

  private async run(reply: FastifyReply, checks: HealthIndicatorFunction[]): Promise<void> {
    try {
      await reply.send(await this.health.check(checks));
    } catch (error) {
      const body = (error as { getResponse?: () => HealthCheckResult }).getResponse?.();
      if (!body) throw error;
      await reply.status(503).send(body);
    }
  }
}
