import { Inject, Injectable } from '@nestjs/common';
import { HealthIndicatorService, type HealthIndicatorFunction } from '@nestjs/terminus';
import { BACKEND_SERVICES, type BackendService } from '@tourly/contracts';
import { CONFIG, type HealthChecks } from '@tourly/platform';
import type { GatewayConfig } from '../config';
import { upstreamUrls } from '../routing/upstreams';

const PROBE_TIMEOUT_MS = 2000;

/**
 * The gateway is healthy when the services behind it are: `/healthz` asks each service's `/healthz`,
 * `/readyz` each service's `/readyz`.
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
    return BACKEND_SERVICES.map((service) => () => this.probe(service, '/readyz'));
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
