import { Controller, Get, Inject } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { BACKEND_SERVICES, PRODUCT, type BackendService } from '@tourly/contracts';
import { CONFIG, Public, RawResponse } from '@tourly/platform';
import type { GatewayConfig } from '../config';
import { upstreamUrls } from '../routing/upstreams';

interface OpenApiDocument {
  paths?: Record<string, unknown>;
  components?: { schemas?: Record<string, unknown> };
}

const CACHE_MS = 60_000;

/**
 * One OpenAPI document for the whole public API, merged from each service's own. Schema names are
 * prefixed with the service so two services may both have a `PageQuery`.
 */
@ApiExcludeController()
@Controller('api/docs')
@Public()
@RawResponse()
export class ApiDocsController {
  private cached?: { at: number; document: unknown };
  private readonly upstreams: Record<BackendService, URL>;

  constructor(@Inject(CONFIG) config: GatewayConfig) {
    this.upstreams = upstreamUrls(config);
  }

  @Get()
  async document() {
    if (this.cached && Date.now() - this.cached.at < CACHE_MS) return this.cached.document;
    const parts = await Promise.all(
      BACKEND_SERVICES.map(async (service) => [service, await this.fetch(service)] as const),
    );
    const document = {
      openapi: '3.0.0',
      info: {
        title: `${PRODUCT} API`,
        version: '1',
        description: 'Every public route, served through the gateway.',
      },
      paths: {} as Record<string, unknown>,
      components: { schemas: {} as Record<string, unknown> },
      'x-unavailable-services': parts.filter(([, part]) => !part).map(([service]) => service),
    };
    for (const [service, part] of parts) {
      if (!part) continue;
      const prefixed = prefixSchemas(part, service);
      Object.assign(document.paths, prefixed.paths);
      Object.assign(document.components.schemas, prefixed.components?.schemas);
    }
    if (document['x-unavailable-services'].length === 0) this.cached = { at: Date.now(), document };
    return document;
  }

  private async fetch(service: BackendService): Promise<OpenApiDocument | undefined> {
    try {
      const response = await fetch(new URL('/openapi.json', this.upstreams[service]), {
        signal: AbortSignal.timeout(2000),
      });
      return response.ok ? ((await response.json()) as OpenApiDocument) : undefined;
    } catch {
      return undefined;
    }
  }
}

function prefixSchemas(document: OpenApiDocument, service: string): OpenApiDocument {
  const text = JSON.stringify({
    paths: document.paths ?? {},
    components: { schemas: document.components?.schemas ?? {} },
  });
  const renamed = JSON.parse(
    text.replace(/"#\/components\/schemas\/([^"]+)"/g, `"#/components/schemas/${service}.$1"`),
  );
  renamed.components.schemas = Object.fromEntries(
    Object.entries(renamed.components.schemas as Record<string, unknown>).map(([name, schema]) => [
      `${service}.${name}`,
      schema,
    ]),
  );
  return renamed;
}
