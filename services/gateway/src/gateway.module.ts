import { Module } from '@nestjs/common';
import { DocsModule } from './docs/docs.module';

/**
 * The gateway's Nest routes: the API document. Its edge (callers, CSRF, rate limits, pages, the proxy) is Fastify
 * hooks installed by `routing/edge.ts`; health and metrics are the platform's.
 */
@Module({ imports: [DocsModule] })
export class GatewayModule {}
