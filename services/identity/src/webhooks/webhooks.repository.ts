import { Injectable } from '@nestjs/common';
import type { WebhookDeliveryStatus } from '@tourly/contracts';
import {
  affected,
  Database,
  one,
  pageWithTotal,
  rows,
  type Page,
  type PageQuery,
  type Queryable,
} from '@tourly/platform';

export interface SubscriptionRow {
  id: string;
  providerId: string;
  createdAt: Date;
}

export interface EndpointRow {
  id: string;
  subscriptionId: string;
  providerId: string;
  url: string;
  description: string;
  eventTypes: string[];
  enabled: boolean;
  disabledAt: Date | null;
  disabledReason: string | null;
  failingSince: Date | null;
  secret: string;
  previousSecret: string | null;
  previousSecretExpiresAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface EndpointCounts {
  pending: number;
  failed: number;
  succeeded: number;
}

export type EndpointWithCounts = EndpointRow & { counts: EndpointCounts };

export interface DeliveryRow {
  id: string;
  messageId: string;
  endpointId: string;
  eventType: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  nextAttemptAt: Date | null;
  lastAttemptAt: Date | null;
  lastStatusCode: number | null;
  lastLatencyMs: number | null;
  lastResponseSnippet: string | null;
  lastError: string | null;
  createdAt: Date;
  deliveredAt: Date | null;
}

export interface AttemptRow {
  number: number;
  startedAt: Date;
  statusCode: number | null;
  latencyMs: number | null;
  responseSnippet: string | null;
  error: string | null;
}

/** A delivery a dispatcher holds the lease of, with what sending it needs. */
export interface ClaimedDelivery {
  id: string;
  leaseToken: string;
  attempts: number;
  messageId: string;
  providerId: string;
  body: string;
  endpointId: string;
  url: string;
  secret: string;
  previousSecret: string | null;
  previousSecretExpiresAt: Date | null;
}

export interface EndpointFields {
  url: string;
  description: string;
  eventTypes: string[];
  enabled: boolean;
}

const ENDPOINT_COLUMNS = `
  e.id, e.subscription_id AS "subscriptionId", e.provider_id AS "providerId", e.url, e.description,
  e.event_types AS "eventTypes", e.enabled, e.disabled_at AS "disabledAt", e.disabled_reason AS "disabledReason",
  e.failing_since AS "failingSince", e.secret, e.previous_secret AS "previousSecret",
  e.previous_secret_expires_at AS "previousSecretExpiresAt", e.created_at AS "createdAt", e.updated_at AS "updatedAt"`;

const COUNTS = `
  json_build_object(
    'pending', (SELECT count(*) FROM webhook_deliveries d WHERE d.endpoint_id = e.id AND d.status = 'pending'),
    'failed', (SELECT count(*) FROM webhook_deliveries d WHERE d.endpoint_id = e.id AND d.status = 'failed'),
    'succeeded', (SELECT count(*) FROM webhook_deliveries d WHERE d.endpoint_id = e.id AND d.status = 'succeeded')
  ) AS counts`;

const DELIVERY_COLUMNS = `
  d.id, d.message_id AS "messageId", d.endpoint_id AS "endpointId", d.event_type AS "eventType", d.status,
  d.attempts, d.next_attempt_at AS "nextAttemptAt", d.last_attempt_at AS "lastAttemptAt",
  d.last_status_code AS "lastStatusCode", d.last_latency_ms AS "lastLatencyMs",
  d.last_response_snippet AS "lastResponseSnippet", d.last_error AS "lastError", d.created_at AS "createdAt",
  d.delivered_at AS "deliveredAt"`;

/** Claims take turns on this lock, so the count of deliveries in flight per endpoint is exact across replicas. */
const CLAIM_LOCK = 'webhook_claims';

/**
 * The provider's webhook subscription, endpoints, messages and their deliveries. Every read and change of a
 * provider's rows names the provider: another provider's endpoint or delivery is not found.
 */
@Injectable()
export class WebhooksRepository {
  constructor(private readonly db: Database) {}

  subscription(providerId: string, db: Queryable = this.db.dataSource): Promise<SubscriptionRow | undefined> {
    return one<SubscriptionRow>(
      db,
      `SELECT id, provider_id AS "providerId", created_at AS "createdAt"
       FROM webhook_subscriptions WHERE provider_id = $1`,
      [providerId],
    );
  }

  /** The provider's subscription, made now if it had none; `created` tells which. */
  async ensureSubscription(
    providerId: string,
    id: string,
    db: Queryable = this.db.dataSource,
  ): Promise<{ subscription: SubscriptionRow; created: boolean }> {
    const inserted = await one<SubscriptionRow>(
      db,
      `INSERT INTO webhook_subscriptions (id, provider_id) VALUES ($1, $2)
       ON CONFLICT (provider_id) DO NOTHING
       RETURNING id, provider_id AS "providerId", created_at AS "createdAt"`,
      [id, providerId],
    );
    if (inserted) return { subscription: inserted, created: true };
    return { subscription: (await this.subscription(providerId, db))!, created: false };
  }

  endpoints(providerId: string): Promise<EndpointWithCounts[]> {
    return rows<EndpointWithCounts>(
      this.db.dataSource,
      `SELECT ${ENDPOINT_COLUMNS}, ${COUNTS} FROM webhook_endpoints e
       WHERE e.provider_id = $1 ORDER BY e.created_at, e.id`,
      [providerId],
    );
  }

  endpoint(
    providerId: string,
    id: string,
    db: Queryable = this.db.dataSource,
  ): Promise<EndpointWithCounts | undefined> {
    return one<EndpointWithCounts>(
      db,
      `SELECT ${ENDPOINT_COLUMNS}, ${COUNTS} FROM webhook_endpoints e WHERE e.provider_id = $1 AND e.id = $2`,
      [providerId, id],
    );
  }

  /** The provider's endpoints, counted under its subscription's row lock (so two creations cannot both pass the limit). */
  async lockAndCountEndpoints(subscriptionId: string, tx: Queryable): Promise<number> {
    await tx.query('SELECT 1 FROM webhook_subscriptions WHERE id = $1 FOR UPDATE', [subscriptionId]);
    const row = await one<{ count: number }>(
      tx,
      'SELECT count(*)::int AS count FROM webhook_endpoints WHERE subscription_id = $1',
      [subscriptionId],
    );
    return row?.count ?? 0;
  }

  async insertEndpoint(
    tx: Queryable,
    endpoint: EndpointFields & { id: string; subscriptionId: string; providerId: string; secret: string },
  ): Promise<void> {
    await tx.query(
      `INSERT INTO webhook_endpoints (id, subscription_id, provider_id, url, description, event_types, enabled, secret)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        endpoint.id,
        endpoint.subscriptionId,
        endpoint.providerId,
        endpoint.url,
        endpoint.description,
        endpoint.eventTypes,
        endpoint.enabled,
        endpoint.secret,
      ],
    );
  }

  /** Applies the fields given; enabling clears why it was disabled and the failing streak. */
  async updateEndpoint(providerId: string, id: string, fields: Partial<EndpointFields>): Promise<boolean> {
    return (
      (await affected(
        this.db.dataSource,
        `UPDATE webhook_endpoints SET
           url = coalesce($3, url),
           description = coalesce($4, description),
           event_types = coalesce($5, event_types),
           enabled = coalesce($6, enabled),
           disabled_at = CASE WHEN $6 IS NULL THEN disabled_at WHEN $6 THEN NULL ELSE coalesce(disabled_at, now()) END,
           disabled_reason = CASE WHEN $6 IS NULL THEN disabled_reason WHEN $6 THEN NULL ELSE disabled_reason END,
           failing_since = CASE WHEN $6 THEN NULL ELSE failing_since END,
           updated_at = now()
         WHERE provider_id = $1 AND id = $2`,
        [
          providerId,
          id,
          fields.url ?? null,
          fields.description ?? null,
          fields.eventTypes ?? null,
          fields.enabled ?? null,
        ],
      )) === 1
    );
  }

  async deleteEndpoint(providerId: string, id: string): Promise<boolean> {
    return (
      (await affected(
        this.db.dataSource,
        'DELETE FROM webhook_endpoints WHERE provider_id = $1 AND id = $2',
        [providerId, id],
      )) === 1
    );
  }

  /** The new secret signs from now on; the one it replaces keeps signing beside it for `keepPreviousHours`. */
  async rotateSecret(
    providerId: string,
    id: string,
    secret: string,
    keepPreviousHours: number,
  ): Promise<boolean> {
    return (
      (await affected(
        this.db.dataSource,
        `UPDATE webhook_endpoints SET previous_secret = secret, secret = $3,
           previous_secret_expires_at = now() + make_interval(hours => $4), updated_at = now()
         WHERE provider_id = $1 AND id = $2`,
        [providerId, id, secret, keepPreviousHours],
      )) === 1
    );
  }

  /**
   * Records one event for the provider's enabled endpoints that subscribe to its type, and a pending delivery to
   * each; nothing when none does. Answers how many deliveries it queued.
   */
  async recordMessage(
    tx: Queryable,
    message: { id: string; providerId: string; eventType: string; body: string; createdAt: Date },
  ): Promise<number> {
    await tx.query(
      `INSERT INTO webhook_messages (id, provider_id, event_type, body, created_at)
       SELECT $1, $2, $3, $4, $5
       WHERE EXISTS (SELECT 1 FROM webhook_endpoints
                     WHERE provider_id = $2 AND enabled AND $3 = ANY(event_types))
       ON CONFLICT (id) DO NOTHING`,
      [message.id, message.providerId, message.eventType, message.body, message.createdAt],
    );
    const queued = await rows<{ id: string }>(
      tx,
      `INSERT INTO webhook_deliveries (id, message_id, endpoint_id, provider_id, event_type, next_attempt_at)
       SELECT gen_random_uuid(), m.id, e.id, e.provider_id, m.event_type, now()
       FROM webhook_messages m
       JOIN webhook_endpoints e ON e.provider_id = m.provider_id AND e.enabled AND m.event_type = ANY(e.event_types)
       WHERE m.id = $1
       ON CONFLICT (message_id, endpoint_id) DO NOTHING
       RETURNING id`,
      [message.id],
    );
    return queued.length;
  }

  /** A message for one endpoint only (a test event), queued at once. */
  async queueForEndpoint(
    tx: Queryable,
    message: { id: string; providerId: string; eventType: string; body: string },
    endpointId: string,
    deliveryId: string,
  ): Promise<void> {
    await tx.query(
      'INSERT INTO webhook_messages (id, provider_id, event_type, body) VALUES ($1, $2, $3, $4)',
      [message.id, message.providerId, message.eventType, message.body],
    );
    await tx.query(
      `INSERT INTO webhook_deliveries (id, message_id, endpoint_id, provider_id, event_type, next_attempt_at)
       VALUES ($1, $2, $3, $4, $5, now())`,
      [deliveryId, message.id, endpointId, message.providerId, message.eventType],
    );
  }

  async deliveries(
    providerId: string,
    endpointId: string,
    status: WebhookDeliveryStatus | undefined,
    query: PageQuery,
  ): Promise<Page<DeliveryRow>> {
    const where = 'd.provider_id = $1 AND d.endpoint_id = $2 AND ($3::text IS NULL OR d.status = $3)';
    const parameters = [providerId, endpointId, status ?? null];
    const page = await rows<DeliveryRow & { total: number }>(
      this.db.dataSource,
      `SELECT ${DELIVERY_COLUMNS}, count(*) OVER ()::int AS total FROM webhook_deliveries d
       WHERE ${where} ORDER BY d.created_at DESC, d.id DESC LIMIT $4 OFFSET $5`,
      [...parameters, query.pageSize, query.offset],
    );
    return pageWithTotal(page, query, async () => {
      const row = await one<{ count: number }>(
        this.db.dataSource,
        `SELECT count(*)::int AS count FROM webhook_deliveries d WHERE ${where}`,
        parameters,
      );
      return row?.count ?? 0;
    });
  }

  delivery(
    providerId: string,
    endpointId: string,
    id: string,
  ): Promise<(DeliveryRow & { body: string }) | undefined> {
    return one<DeliveryRow & { body: string }>(
      this.db.dataSource,
      `SELECT ${DELIVERY_COLUMNS}, m.body FROM webhook_deliveries d JOIN webhook_messages m ON m.id = d.message_id
       WHERE d.provider_id = $1 AND d.endpoint_id = $2 AND d.id = $3`,
      [providerId, endpointId, id],
    );
  }

  attempts(deliveryId: string): Promise<AttemptRow[]> {
    return rows<AttemptRow>(
      this.db.dataSource,
      `SELECT number, started_at AS "startedAt", status_code AS "statusCode", latency_ms AS "latencyMs",
              response_snippet AS "responseSnippet", error
       FROM webhook_attempts WHERE delivery_id = $1 ORDER BY number DESC`,
      [deliveryId],
    );
  }

  /**
   * Sends deliveries again, with their message ids unchanged: a finished one (failed or succeeded) from a new round
   * of attempts, a pending one waiting for its next attempt at once (its round goes on). One being sent right now
   * is left alone. Answers the ids replayed.
   */
  async replay(providerId: string, endpointId: string, ids: string[] | 'failed'): Promise<string[]> {
    const replayed = await rows<{ id: string }>(
      this.db.dataSource,
      `UPDATE webhook_deliveries SET
         attempts = CASE WHEN status = 'pending' THEN attempts ELSE 0 END,
         status = 'pending', next_attempt_at = now(), delivered_at = NULL
       WHERE provider_id = $1 AND endpoint_id = $2 AND (lease_until IS NULL OR lease_until <= now())
         AND (CASE WHEN $3::uuid[] IS NULL THEN status = 'failed' ELSE id = ANY($3::uuid[]) END)
       RETURNING id`,
      [providerId, endpointId, ids === 'failed' ? null : ids],
    );
    return replayed.map((row) => row.id);
  }

  /**
   * Takes the leases of up to `limit` due deliveries, oldest due first, never more than `perEndpoint` in flight
   * to one endpoint (those already sending count), and only for enabled endpoints. Each endpoint is asked for its
   * first due deliveries up to its free slots, so an endpoint with a backlog of thousands (a receiver down for
   * hours) costs one short index read, not a scan of its backlog. Claims take turns on a lock, so replicas claiming
   * at once count each other's leases; each claim starts an attempt.
   */
  async claim(
    limit: number,
    perEndpoint: number,
    leaseMs: number,
    leaseToken: string,
  ): Promise<ClaimedDelivery[]> {
    // Most looks find nothing due: one read then, without the transaction and the replicas' lock.
    const due = await one<{ due: boolean }>(
      this.db.dataSource,
      `SELECT EXISTS (SELECT 1 FROM webhook_deliveries WHERE status = 'pending' AND next_attempt_at <= now()) AS due`,
    );
    if (!due?.due) return [];
    return this.db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [CLAIM_LOCK]);
      return rows<ClaimedDelivery>(
        tx,
        `WITH in_flight AS (
           SELECT endpoint_id, count(*)::int AS sending FROM webhook_deliveries
           WHERE lease_until IS NOT NULL AND lease_until > now() GROUP BY endpoint_id
         ), due AS (
           SELECT next.id, next.next_attempt_at
           FROM webhook_endpoints e
           LEFT JOIN in_flight f ON f.endpoint_id = e.id
           CROSS JOIN LATERAL (
             SELECT d.id, d.next_attempt_at FROM webhook_deliveries d
             WHERE d.endpoint_id = e.id AND d.status = 'pending' AND d.next_attempt_at <= now()
               AND (d.lease_until IS NULL OR d.lease_until <= now())
             ORDER BY d.next_attempt_at, d.id
             LIMIT greatest($2 - coalesce(f.sending, 0), 0)
           ) next
           WHERE e.enabled
         ), chosen AS (
           SELECT id FROM due ORDER BY next_attempt_at, id LIMIT $1
         )
         UPDATE webhook_deliveries d SET
           attempts = d.attempts + 1, lease_until = now() + make_interval(secs => $3::float8 / 1000),
           lease_token = $4
         FROM chosen, webhook_messages m, webhook_endpoints e
         WHERE d.id = chosen.id AND m.id = d.message_id AND e.id = d.endpoint_id
         RETURNING d.id, d.lease_token AS "leaseToken", d.attempts, m.id AS "messageId",
           d.provider_id AS "providerId", m.body, e.id AS "endpointId", e.url, e.secret,
           e.previous_secret AS "previousSecret", e.previous_secret_expires_at AS "previousSecretExpiresAt"`,
        [limit, perEndpoint, leaseMs, leaseToken],
      );
    });
  }

  /**
   * Records an attempt's outcome, if the lease is still this dispatcher's (one that took too long lost it to
   * another, whose attempt counts instead). `next` is when to try again, or 'succeeded' / 'failed' when done.
   * Answers the endpoint's failing streak start after this attempt, or undefined when the lease was lost.
   */
  async recordAttempt(
    tx: Queryable,
    claimed: Pick<ClaimedDelivery, 'id' | 'leaseToken' | 'endpointId'>,
    attempt: Omit<AttemptRow, 'number'>,
    next: Date | 'succeeded' | 'failed',
  ): Promise<{ failingSince: Date | null } | undefined> {
    const status = next instanceof Date ? 'pending' : next;
    const updated = await affected(
      tx,
      `UPDATE webhook_deliveries SET status = $3, next_attempt_at = $4, lease_until = NULL, lease_token = NULL,
         last_attempt_at = $5, last_status_code = $6, last_latency_ms = $7, last_response_snippet = $8,
         last_error = $9, delivered_at = CASE WHEN $3 = 'succeeded' THEN now() ELSE delivered_at END
       WHERE id = $1 AND lease_token = $2`,
      [
        claimed.id,
        claimed.leaseToken,
        status,
        next instanceof Date ? next : null,
        attempt.startedAt,
        attempt.statusCode,
        attempt.latencyMs,
        attempt.responseSnippet,
        attempt.error,
      ],
    );
    if (updated === 0) return undefined;
    await tx.query(
      `INSERT INTO webhook_attempts (delivery_id, number, started_at, status_code, latency_ms, response_snippet, error)
       SELECT $1, coalesce(max(number), 0) + 1, $2, $3, $4, $5, $6 FROM webhook_attempts WHERE delivery_id = $1`,
      [
        claimed.id,
        attempt.startedAt,
        attempt.statusCode,
        attempt.latencyMs,
        attempt.responseSnippet,
        attempt.error,
      ],
    );
    const endpoint = await one<{ failingSince: Date | null }>(
      tx,
      `UPDATE webhook_endpoints SET failing_since = CASE WHEN $2 THEN NULL ELSE coalesce(failing_since, $3) END
       WHERE id = $1 RETURNING failing_since AS "failingSince"`,
      [claimed.endpointId, status === 'succeeded', attempt.startedAt],
    );
    return { failingSince: endpoint?.failingSince ?? null };
  }

  /** Disables an endpoint that kept failing; false if it was disabled (or deleted) meanwhile. */
  async disable(tx: Queryable, endpointId: string, reason: string): Promise<EndpointRow | undefined> {
    return one<EndpointRow>(
      tx,
      `UPDATE webhook_endpoints e SET enabled = false, disabled_at = now(), disabled_reason = $2, updated_at = now()
       WHERE id = $1 AND enabled RETURNING ${ENDPOINT_COLUMNS}`,
      [endpointId, reason],
    );
  }

  /** Messages past the log's retention go, with their deliveries and attempts; pending ones stay. */
  deleteOlderThan(days: number): Promise<number> {
    return affected(
      this.db.dataSource,
      `DELETE FROM webhook_messages m WHERE m.created_at < now() - make_interval(days => $1)
         AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.message_id = m.id AND d.status = 'pending')`,
      [days],
    );
  }
}
