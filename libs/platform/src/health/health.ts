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
import { TRANSPORT, HAS_DATABASE } from '../tokens';

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
    return this.transport.isConnected()
      ? indicator.up({ transport: this.transport.kind })
      : indicator.down({ transport: this.transport.kind, message: 'not connected' });
  }
}

/**
 * `/healthz`: the process answers (plus any live checks the service adds). `/readyz`: its dependencies
 * answer too (database, events transport), so a load balancer sends it traffic. 503 with the details when not.
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
