import { Inject, Injectable } from '@nestjs/common';
import { HealthIndicatorService, type HealthIndicatorFunction } from '@nestjs/terminus';
import { BACKEND_SERVICES, type BackendService } from '@tourly/contracts';
import { CONFIG, type HealthChecks } from '@tourly/platform';
import type { GatewayConfig } from '../config';
import { upstreamUrls } from '../routing/upstreams';

const PROBE_TIMEOUT_MS = 2000;

/**
 * `/healthz` is the platform's health as a person asks for it (`curl localhost:3000/healthz`): each service's
 * `/healthz`, 503 when one fails. `/readyz` is the gateway's own (its events transport, which resolves callers): a
 * balancer asks it whether to send this gateway requests, and a service down must not take every gateway out of
 * rotation with it (the other services' routes keep working; the dead one's answer 502 through any gateway).
 */
@Injectable()
export class UpstreamHealth implements HealthChecks {
  private readonly upstreams: Record<BackendService, URL>;

  constructor(
    private readonly indicators: HealthIndicatorService,
    @Inject(CONFIG) config: GatewayConfig,
  ) {
    this.upstreams = upstreamUrls(config);
  }

  live(): HealthIndicatorFunction[] {
    return BACKEND_SERVICES.map((service) => () => this.probe(service, '/healthz'));
  }

  ready(): HealthIndicatorFunction[] {
    return [];
  }

  private async probe(service: BackendService, path: string) {
    const indicator = this.indicators.check(service);
    try {
      const response = await fetch(new URL(path, this.upstreams[service]), {
        signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
      });
      return response.ok ? indicator.up() : indicator.down({ httpStatus: response.status });
    } catch (error) {
      return indicator.down({ message: (error as Error).message });
    }
  }
}
