import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Logger } from 'pino';
import type { SettledDelivery } from '../events/event-consumer';
import type { OutboxBacklog } from '../events/outbox-relay';

/** What a scrape of `/metrics` without the metrics token (or with another) is answered, with a 401. */
export const METRICS_TOKEN_REQUIRED =
  'The metrics need the metrics token: Authorization: Bearer <METRICS_TOKEN>.';

export interface MetricsAccess {
  /** METRICS_TOKEN: a scrape must bring it as its bearer token. */
  token?: string;
  /** The port is public (the gateway's): without a token, `/metrics` is not served there. */
  publicPort?: boolean;
}

/** Whether an Authorization header carries this bearer token (compared in constant time). */
function bearerIs(authorization: string | undefined, token: string): boolean {
  const given = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
  if (!given) return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(token));
}

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

  /**
   * `events_parked{consumer}`: events parked in `dead_letters` and not yet replayed, read from the database at
   * each scrape (every replica reports the same count). A consumer seen once stays listed, at 0 once replayed.
   */
  countParkedEvents(count: () => Promise<Map<string, number>>, logger: Logger): void {
    const known = new Set<string>();
    new Gauge({
      name: 'events_parked',
      help: 'Events parked as dead letters and not replayed, by consumer (alert when above 0)',
      labelNames: ['consumer'],
      registers: [this.registry],
      async collect() {
        try {
          const parked = await count();
          for (const consumer of parked.keys()) known.add(consumer);
          for (const consumer of known) this.set({ consumer }, parked.get(consumer) ?? 0);
        } catch (error) {
          logger.warn({ err: error }, 'could not count parked events for /metrics');
        }
      },
    });
  }

  /**
   * `events_consumers_down`: this replica's durable consumers lost and being re-created (alert above 0 for
   * more than a minute: its events are not being handled); `/readyz` names them.
   */
  watchConsumers(down: () => string[]): void {
    new Gauge({
      name: 'events_consumers_down',
      help: 'Durable event consumers of this replica not receiving (lost, being re-created)',
      registers: [this.registry],
      collect() {
        this.set(down().length);
      },
    });
  }

  published(count: number): void {
    this.eventsPublished.inc(count);
  }

  settled(delivery: SettledDelivery): void {
    this.eventsSettled.inc({ subject: delivery.subject, outcome: delivery.outcome });
  }

  /**
   * The outbox's backlog, read from the database at each scrape: the age of the oldest unsent row (alert when
   * it grows: events are not leaving) and the count of parked rows (alert above 0: events the broker refused).
   * A failed read keeps the last values (and is logged); the readiness check reports the database.
   */
  watchOutbox(read: () => Promise<OutboxBacklog>, logger: Logger): void {
    let reading: Promise<OutboxBacklog | undefined> | undefined;
    // One read serves both gauges of a scrape.
    const backlog = () =>
      (reading ??= read()
        .catch((error: unknown) => {
          logger.warn({ err: error }, 'could not read the outbox backlog for /metrics');
          return undefined;
        })
        .finally(() => {
          reading = undefined;
        }));
    new Gauge({
      name: 'events_outbox_oldest_unsent_age_seconds',
      help: 'Age of the oldest outbox row not yet published (parked rows excluded); 0 when none waits',
      registers: [this.registry],
      async collect() {
        const value = await backlog();
        if (value) this.set(value.oldestUnsentSeconds);
      },
    });
    new Gauge({
      name: 'events_outbox_parked_rows',
      help: 'Outbox rows parked because the broker refuses them for good (e.g. over its max payload)',
      registers: [this.registry],
      async collect() {
        const value = await backlog();
        if (value) this.set(value.parked);
      },
    });
  }

  /**
   * Times every request, and serves `GET /metrics`: to the bearer of `access.token` when there is one; to anyone
   * otherwise, except on a public port (the gateway's), where it is then not served at all.
   */
  install(fastify: FastifyInstance, access: MetricsAccess = {}): void {
    fastify.addHook('onResponse', async (request, reply) => {
      const route = request.routeOptions.url ?? 'unmatched';
      this.httpDuration.observe(
        { method: request.method, route, status: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
    });
    const { token, publicPort = false } = access;
    if (!token && publicPort) return;
    fastify.get('/metrics', async (request, reply) => {
      if (token && !bearerIs(request.headers.authorization, token)) {
        return reply
          .status(401)
          .header('www-authenticate', 'Bearer')
          .send({ errors: { base: [METRICS_TOKEN_REQUIRED] } });
      }
      void reply.type(this.registry.contentType);
      return this.registry.metrics();
    });
  }
}
