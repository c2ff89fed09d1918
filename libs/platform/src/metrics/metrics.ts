import type { FastifyInstance } from 'fastify';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { SettledDelivery } from '../events/event-consumer';

/** Prometheus metrics of one service; `GET /metrics` on the service's own port. */
export class Metrics {
  readonly registry = new Registry();
  private readonly httpDuration: Histogram<'method' | 'route' | 'status'>;
  private readonly eventsPublished: Counter;
  private readonly eventsSettled: Counter<'subject' | 'outcome'>;

  constructor(service: string) {
    this.registry.setDefaultLabels({ service });
    collectDefaultMetrics({ register: this.registry });
    this.httpDuration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP requests by route and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [this.registry],
    });
    this.eventsPublished = new Counter({
      name: 'events_published_total',
      help: 'Outbox events handed to the broker',
      registers: [this.registry],
    });
    this.eventsSettled = new Counter({
      name: 'events_consumed_total',
      help: 'Event deliveries by outcome (handled, duplicate, retrying, parked)',
      labelNames: ['subject', 'outcome'],
      registers: [this.registry],
    });
  }

  published(count: number): void {
    this.eventsPublished.inc(count);
  }

  settled(delivery: SettledDelivery): void {
    this.eventsSettled.inc({ subject: delivery.subject, outcome: delivery.outcome });
  }

  install(fastify: FastifyInstance): void {
    fastify.addHook('onResponse', async (request, reply) => {
      const route = request.routeOptions.url ?? 'unmatched';
      this.httpDuration.observe(
        { method: request.method, route, status: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
    });
    fastify.get('/metrics', async (_request, reply) => {
      void reply.type(this.registry.contentType);
      return this.registry.metrics();
    });
  }
}
