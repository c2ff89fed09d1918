import { Inject, Injectable } from '@nestjs/common';
import { BACKEND_SERVICES, PRODUCT, type BackendService } from '@tourly/contracts';
import { CONFIG } from '@tourly/platform';
import type { GatewayConfig } from '../config';
import { upstreamUrls } from '../routing/upstreams';
import { mergeDocuments, type MergedDocument, type OpenApiDocument } from './api-docs.rules';

const CACHE_MS = 60_000;

/**
 * One OpenAPI document for the whole public API, merged from each service's own, kept a minute once every
 * service answered. Schema names are prefixed with the service so two services may both have a `PageQuery`.
 */
@Injectable()
export class ApiDocsService {
  private cached?: { at: number; document: MergedDocument };
  private readonly upstreams: Record<BackendService, URL>;

  constructor(@Inject(CONFIG) config: GatewayConfig) {
    this.upstreams = upstreamUrls(config);
  }

  async document(): Promise<MergedDocument> {
    if (this.cached && Date.now() - this.cached.at < CACHE_MS) return this.cached.document;
    const parts = await Promise.all(
      BACKEND_SERVICES.map(async (service) => [service, await this.fetch(service)] as const),
    );
    const document = mergeDocuments(`${PRODUCT} API`, parts);
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
