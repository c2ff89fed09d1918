import { Injectable } from '@nestjs/common';
import type { WebhookDeliveryStatus } from '@tourly/contracts';
import {
  Database,
  pageWithTotal,
  queryAffected,
  queryOne,
  queryRows,
  sql,
  type Narrow,
  type Narrowed,
  type Page,
  type PageQuery,
  type Queryable,
} from '@tourly/platform';
import type {
  IAnyDeliveryDueQuery,
  IClaimDeliveriesQuery,
  IClaimDeliveriesResult,
  ICountDeliveriesQuery,
  ICountEndpointsQuery,
  IDeleteEndpointQuery,
  IDeleteMessagesOlderThanQuery,
  IDeliveriesPageQuery,
  IDeliveriesPageResult,
  IDeliveryAttemptsQuery,
  IDeliveryAttemptsResult,
  IDisableEndpointQuery,
  IDisableEndpointResult,
  IEndpointOfProviderQuery,
  IEndpointsOfProviderQuery,
  IEndpointsOfProviderResult,
  IFindDeliveryQuery,
  IFindDeliveryResult,
  IInsertEndpointQuery,
  IInsertMessageForEndpointQuery,
  IInsertSubscriptionQuery,
  ILockSubscriptionQuery,
  IQueueDeliveryForEndpointQuery,
  IRecordAttemptQuery,
  IRecordMessageQuery,
  IReplayDeliveriesQuery,
  IRotateEndpointSecretQuery,
  ISubscriptionOfProviderQuery,
  ISubscriptionOfProviderResult,
  ITakeClaimLockQuery,
  IUpdateEndpointQuery,
} from './webhooks.repository.types';

export type SubscriptionRow = ISubscriptionOfProviderResult;

export type EndpointRow = IDisableEndpointResult;

export type EndpointCounts = {
  pending: number;
  failed: number;
  succeeded: number;
};

/** An endpoint with its deliveries counted by status (a JSON object the statement builds). */
export type EndpointWithCounts = Narrowed<IEndpointsOfProviderResult, { counts: EndpointCounts }>;

/** What the schema keeps to a union with a CHECK. */
type KnownDelivery = { status: WebhookDeliveryStatus };

export type DeliveryRow = Omit<Narrowed<IDeliveriesPageResult, KnownDelivery>, 'total'>;

export type DeliveryWithBodyRow = Narrowed<IFindDeliveryResult, KnownDelivery>;

export type AttemptRow = IDeliveryAttemptsResult;

/** A delivery a dispatcher holds the lease of, with what sending it needs. */
export type ClaimedDelivery = IClaimDeliveriesResult;

export interface EndpointFields {
  url: string;
  description: string;
  eventTypes: string[];
  enabled: boolean;
}

/** Claims take turns on this lock, so the count of deliveries in flight per endpoint is exact across replicas. */
const CLAIM_LOCK = 'webhook_claims';

/**
 * NOTIFY'd by every statement that makes a delivery due now, delivered when its transaction commits: the
 * dispatchers of every replica LISTEN on it and look for due deliveries at once.
 */
export const DELIVERIES_DUE_CHANNEL = 'identity_webhook_deliveries_due';

const subscriptionOfProvider = sql<ISubscriptionOfProviderQuery>`
  SELECT id, provider_id AS "providerId", created_at AS "createdAt"
  FROM webhook_subscriptions WHERE provider_id = $providerId!`;

const insertSubscription = sql<IInsertSubscriptionQuery>`
  INSERT INTO webhook_subscriptions (id, provider_id) VALUES ($id!, $providerId!)
  ON CONFLICT (provider_id) DO NOTHING
  RETURNING id, provider_id AS "providerId", created_at AS "createdAt"`;

// `counts`: a JSON object of three counts, never null.
const endpointsOfProvider = sql<Narrow<IEndpointsOfProviderQuery, { counts: EndpointCounts }>>`
  SELECT e.id, e.subscription_id AS "subscriptionId", e.provider_id AS "providerId", e.url, e.description,
    e.event_types AS "eventTypes", e.enabled, e.disabled_at AS "disabledAt", e.disabled_reason AS "disabledReason",
    e.failing_since AS "failingSince", e.secret, e.previous_secret AS "previousSecret",
    e.previous_secret_expires_at AS "previousSecretExpiresAt", e.created_at AS "createdAt",
    e.updated_at AS "updatedAt",
    json_build_object(
      'pending', (SELECT count(*) FROM webhook_deliveries d WHERE d.endpoint_id = e.id AND d.status = 'pending'),
      'failed', (SELECT count(*) FROM webhook_deliveries d WHERE d.endpoint_id = e.id AND d.status = 'failed'),
      'succeeded', (SELECT count(*) FROM webhook_deliveries d WHERE d.endpoint_id = e.id AND d.status = 'succeeded')
    ) AS "counts!"
  FROM webhook_endpoints e
  WHERE e.provider_id = $providerId! ORDER BY e.created_at, e.id`;

const endpointOfProvider = sql<Narrow<IEndpointOfProviderQuery, { counts: EndpointCounts }>>`
  SELECT e.id, e.subscription_id AS "subscriptionId", e.provider_id AS "providerId", e.url, e.description,
    e.event_types AS "eventTypes", e.enabled, e.disabled_at AS "disabledAt", e.disabled_reason AS "disabledReason",
    e.failing_since AS "failingSince", e.secret, e.previous_secret AS "previousSecret",
    e.previous_secret_expires_at AS "previousSecretExpiresAt", e.created_at AS "createdAt",
    e.updated_at AS "updatedAt",
    json_build_object(
      'pending', (SELECT count(*) FROM webhook_deliveries d WHERE d.endpoint_id = e.id AND d.status = 'pending'),
      'failed', (SELECT count(*) FROM webhook_deliveries d WHERE d.endpoint_id = e.id AND d.status = 'failed'),
      'succeeded', (SELECT count(*) FROM webhook_deliveries d WHERE d.endpoint_id = e.id AND d.status = 'succeeded')
    ) AS "counts!"
  FROM webhook_endpoints e WHERE e.provider_id = $providerId! AND e.id = $id!`;

const lockSubscription = sql<ILockSubscriptionQuery>`
  SELECT 1 AS "found!" FROM webhook_subscriptions WHERE id = $subscriptionId! FOR UPDATE`;

const countEndpoints = sql<ICountEndpointsQuery>`
  SELECT count(*)::int AS "count!" FROM webhook_endpoints WHERE subscription_id = $subscriptionId!`;

const insertEndpoint = sql<IInsertEndpointQuery>`
  INSERT INTO webhook_endpoints (id, subscription_id, provider_id, url, description, event_types, enabled, secret)
  VALUES ($id!, $subscriptionId!, $providerId!, $url!, $description!, $eventTypes!, $enabled!, $secret!)`;

// A field given null stays; enabling clears why it was disabled and the failing streak, and wakes the dispatchers
// for the endpoint's pending deliveries (`woken` is joined so that it runs, and finds a row only when enabling).
const updateEndpoint = sql<IUpdateEndpointQuery>`
  WITH updated AS (
    UPDATE webhook_endpoints SET
      url = coalesce($url, url),
      description = coalesce($description, description),
      event_types = coalesce($eventTypes, event_types),
      enabled = coalesce($enabled, enabled),
      disabled_at = CASE WHEN $enabled IS NULL THEN disabled_at WHEN $enabled THEN NULL
                         ELSE coalesce(disabled_at, now()) END,
      disabled_reason = CASE WHEN $enabled IS NULL THEN disabled_reason WHEN $enabled THEN NULL
                             ELSE disabled_reason END,
      failing_since = CASE WHEN $enabled THEN NULL ELSE failing_since END,
      updated_at = now()
    WHERE provider_id = $providerId! AND id = $id!
    RETURNING id
  ), woken AS (SELECT pg_notify($channel!, '') FROM updated WHERE $enabled)
  SELECT updated.id AS "id!" FROM updated LEFT JOIN woken ON true`;

const deleteEndpoint = sql<IDeleteEndpointQuery>`
  DELETE FROM webhook_endpoints WHERE provider_id = $providerId! AND id = $id!`;

const rotateEndpointSecret = sql<IRotateEndpointSecretQuery>`
  UPDATE webhook_endpoints SET previous_secret = secret, secret = $secret!,
    previous_secret_expires_at = now() + make_interval(hours => $keepPreviousHours!), updated_at = now()
  WHERE provider_id = $providerId! AND id = $id!`;

// The message (only when an endpoint wants it), a delivery to each endpoint that does, and then one wake-up of the
// dispatchers at commit (`woken` is joined so that it runs): one round trip in the inbox's transaction.
const recordMessage = sql<IRecordMessageQuery>`
  WITH message AS (
    INSERT INTO webhook_messages (id, provider_id, event_type, body, created_at)
    SELECT $id!, $providerId!, $eventType!, $body!, $createdAt!
    WHERE EXISTS (SELECT 1 FROM webhook_endpoints
                  WHERE provider_id = $providerId! AND enabled AND $eventType! = ANY(event_types))
    ON CONFLICT (id) DO NOTHING
    RETURNING id, provider_id, event_type
  ), queued AS (
    INSERT INTO webhook_deliveries (id, message_id, endpoint_id, provider_id, event_type, next_attempt_at)
    SELECT gen_random_uuid(), m.id, e.id, e.provider_id, m.event_type, now()
    FROM message m
    JOIN webhook_endpoints e ON e.provider_id = m.provider_id AND e.enabled AND m.event_type = ANY(e.event_types)
    ON CONFLICT (message_id, endpoint_id) DO NOTHING
    RETURNING id
  ), woken AS (SELECT pg_notify($channel!, '') FROM queued LIMIT 1)
  SELECT queued.id AS "id!" FROM queued, woken`;

const insertMessageForEndpoint = sql<IInsertMessageForEndpointQuery>`
  INSERT INTO webhook_messages (id, provider_id, event_type, body) VALUES ($id!, $providerId!, $eventType!, $body!)`;

const queueDeliveryForEndpoint = sql<IQueueDeliveryForEndpointQuery>`
  WITH queued AS (
    INSERT INTO webhook_deliveries (id, message_id, endpoint_id, provider_id, event_type, next_attempt_at)
    VALUES ($id!, $messageId!, $endpointId!, $providerId!, $eventType!, now())
    RETURNING id
  ), woken AS (SELECT pg_notify($channel!, '') FROM queued)
  SELECT queued.id AS "id!" FROM queued, woken`;

// `status` null: every status.
const deliveriesPage = sql<Narrow<IDeliveriesPageQuery, KnownDelivery>>`
  SELECT d.id, d.message_id AS "messageId", d.endpoint_id AS "endpointId", d.event_type AS "eventType", d.status,
    d.attempts, d.next_attempt_at AS "nextAttemptAt", d.last_attempt_at AS "lastAttemptAt",
    d.last_status_code AS "lastStatusCode", d.last_latency_ms AS "lastLatencyMs",
    d.last_response_snippet AS "lastResponseSnippet", d.last_error AS "lastError", d.created_at AS "createdAt",
    d.delivered_at AS "deliveredAt", count(*) OVER ()::int AS "total!"
  FROM webhook_deliveries d
  WHERE d.provider_id = $providerId! AND d.endpoint_id = $endpointId!
    AND ($status::text IS NULL OR d.status = $status)
  ORDER BY d.created_at DESC, d.id DESC LIMIT $limit! OFFSET $offset!`;

const countDeliveries = sql<ICountDeliveriesQuery>`
  SELECT count(*)::int AS "count!" FROM webhook_deliveries d
  WHERE d.provider_id = $providerId! AND d.endpoint_id = $endpointId!
    AND ($status::text IS NULL OR d.status = $status)`;

const findDelivery = sql<Narrow<IFindDeliveryQuery, KnownDelivery>>`
  SELECT d.id, d.message_id AS "messageId", d.endpoint_id AS "endpointId", d.event_type AS "eventType", d.status,
    d.attempts, d.next_attempt_at AS "nextAttemptAt", d.last_attempt_at AS "lastAttemptAt",
    d.last_status_code AS "lastStatusCode", d.last_latency_ms AS "lastLatencyMs",
    d.last_response_snippet AS "lastResponseSnippet", d.last_error AS "lastError", d.created_at AS "createdAt",
    d.delivered_at AS "deliveredAt", m.body
  FROM webhook_deliveries d JOIN webhook_messages m ON m.id = d.message_id
  WHERE d.provider_id = $providerId! AND d.endpoint_id = $endpointId! AND d.id = $id!`;

const deliveryAttempts = sql<IDeliveryAttemptsQuery>`
  SELECT number, started_at AS "startedAt", status_code AS "statusCode", latency_ms AS "latencyMs",
         response_snippet AS "responseSnippet", error
  FROM webhook_attempts WHERE delivery_id = $deliveryId! ORDER BY number DESC`;

// `ids` null: every failed delivery of the endpoint. Wakes the dispatchers when it replayed any.
const replayDeliveries = sql<IReplayDeliveriesQuery>`
  WITH replayed AS (
    UPDATE webhook_deliveries SET
      attempts = CASE WHEN status = 'pending' THEN attempts ELSE 0 END,
      status = 'pending', next_attempt_at = now(), delivered_at = NULL
    WHERE provider_id = $providerId! AND endpoint_id = $endpointId! AND (lease_until IS NULL OR lease_until <= now())
      AND (CASE WHEN $ids::uuid[] IS NULL THEN status = 'failed' ELSE id = ANY($ids::uuid[]) END)
    RETURNING id
  ), woken AS (SELECT pg_notify($channel!, '') FROM replayed LIMIT 1)
  SELECT replayed.id AS "id!" FROM replayed, woken`;

const anyDeliveryDue = sql<IAnyDeliveryDueQuery>`
  SELECT EXISTS (SELECT 1 FROM webhook_deliveries WHERE status = 'pending' AND next_attempt_at <= now()) AS "due!"`;

const takeClaimLock = sql<ITakeClaimLockQuery>`SELECT pg_advisory_xact_lock(hashtext($lock!))`;

// The lease token was just set to `leaseToken`: never null in what the statement answers.
const claimDeliveries = sql<IClaimDeliveriesQuery>`
  WITH in_flight AS (
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
      LIMIT greatest($perEndpoint! - coalesce(f.sending, 0), 0)
    ) next
    WHERE e.enabled
  ), chosen AS (
    SELECT id FROM due ORDER BY next_attempt_at, id LIMIT $limit!
  )
  UPDATE webhook_deliveries d SET
    attempts = d.attempts + 1, lease_until = now() + make_interval(secs => $leaseMs!::float8 / 1000),
    lease_token = $leaseToken!
  FROM chosen, webhook_messages m, webhook_endpoints e
  WHERE d.id = chosen.id AND m.id = d.message_id AND e.id = d.endpoint_id
  RETURNING d.id, d.lease_token AS "leaseToken!", d.attempts, m.id AS "messageId",
    d.provider_id AS "providerId", m.body, e.id AS "endpointId", e.url, e.secret,
    e.previous_secret AS "previousSecret", e.previous_secret_expires_at AS "previousSecretExpiresAt"`;

// The outcome, the attempt's line in the log and the endpoint's failing streak in one statement (one round trip, a
// transaction of its own unless the caller's), only while the lease is the caller's.
const recordAttempt = sql<IRecordAttemptQuery>`
  WITH outcome AS (
    UPDATE webhook_deliveries SET status = $status!, next_attempt_at = $nextAttemptAt, lease_until = NULL,
      lease_token = NULL, last_attempt_at = $startedAt!, last_status_code = $statusCode, last_latency_ms = $latencyMs,
      last_response_snippet = $responseSnippet, last_error = $error,
      delivered_at = CASE WHEN $status! = 'succeeded' THEN now() ELSE delivered_at END
    WHERE id = $id! AND lease_token = $leaseToken!
    RETURNING id, endpoint_id
  ), logged AS (
    INSERT INTO webhook_attempts (delivery_id, number, started_at, status_code, latency_ms, response_snippet, error)
    SELECT o.id, coalesce((SELECT max(a.number) FROM webhook_attempts a WHERE a.delivery_id = o.id), 0) + 1,
      $startedAt!, $statusCode, $latencyMs, $responseSnippet, $error
    FROM outcome o
  ), streak AS (
    UPDATE webhook_endpoints e
       SET failing_since = CASE WHEN $status! = 'succeeded' THEN NULL ELSE coalesce(e.failing_since, $startedAt!) END
    FROM outcome o WHERE e.id = o.endpoint_id
    RETURNING e.failing_since
  )
  SELECT failing_since AS "failingSince" FROM streak`;

const disableEndpoint = sql<IDisableEndpointQuery>`
  UPDATE webhook_endpoints e SET enabled = false, disabled_at = now(), disabled_reason = $reason!, updated_at = now()
  WHERE id = $id! AND enabled
  RETURNING e.id, e.subscription_id AS "subscriptionId", e.provider_id AS "providerId", e.url, e.description,
    e.event_types AS "eventTypes", e.enabled, e.disabled_at AS "disabledAt", e.disabled_reason AS "disabledReason",
    e.failing_since AS "failingSince", e.secret, e.previous_secret AS "previousSecret",
    e.previous_secret_expires_at AS "previousSecretExpiresAt", e.created_at AS "createdAt",
    e.updated_at AS "updatedAt"`;

const deleteMessagesOlderThan = sql<IDeleteMessagesOlderThanQuery>`
  DELETE FROM webhook_messages m WHERE m.created_at < now() - make_interval(days => $days!)
    AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.message_id = m.id AND d.status = 'pending')`;

/**
 * The provider's webhook subscription, endpoints, messages and their deliveries. Every read and change of a
 * provider's rows names the provider: another provider's endpoint or delivery is not found.
 */
@Injectable()
export class WebhooksRepository {
  constructor(private readonly db: Database) {}

  subscription(providerId: string, db: Queryable = this.db.dataSource): Promise<SubscriptionRow | undefined> {
    return queryOne(db, subscriptionOfProvider, { providerId });
  }

  /** The provider's subscription, made now if it had none; `created` tells which. */
  async ensureSubscription(
    providerId: string,
    id: string,
    db: Queryable = this.db.dataSource,
  ): Promise<{ subscription: SubscriptionRow; created: boolean }> {
    const inserted = await queryOne(db, insertSubscription, { id, providerId });
    if (inserted) return { subscription: inserted, created: true };
    return { subscription: (await this.subscription(providerId, db))!, created: false };
  }

  endpoints(providerId: string): Promise<EndpointWithCounts[]> {
    return queryRows(this.db.dataSource, endpointsOfProvider, { providerId });
  }

  endpoint(
    providerId: string,
    id: string,
    db: Queryable = this.db.dataSource,
  ): Promise<EndpointWithCounts | undefined> {
    return queryOne(db, endpointOfProvider, { providerId, id });
  }

  /** The provider's endpoints, counted under its subscription's row lock (so two creations cannot both pass the limit). */
  async lockAndCountEndpoints(subscriptionId: string, tx: Queryable): Promise<number> {
    await queryRows(tx, lockSubscription, { subscriptionId });
    const row = await queryOne(tx, countEndpoints, { subscriptionId });
    return row?.count ?? 0;
  }

  async insertEndpoint(
    tx: Queryable,
    endpoint: EndpointFields & { id: string; subscriptionId: string; providerId: string; secret: string },
  ): Promise<void> {
    await queryRows(tx, insertEndpoint, endpoint);
  }

  /**
   * Applies the fields given; enabling clears why it was disabled and the failing streak, and wakes the dispatchers
   * for its pending deliveries.
   */
  async updateEndpoint(providerId: string, id: string, fields: Partial<EndpointFields>): Promise<boolean> {
    const updated = await queryRows(this.db.dataSource, updateEndpoint, {
      providerId,
      id,
      url: fields.url ?? null,
      description: fields.description ?? null,
      eventTypes: fields.eventTypes ?? null,
      enabled: fields.enabled ?? null,
      channel: DELIVERIES_DUE_CHANNEL,
    });
    return updated.length === 1;
  }

  async deleteEndpoint(providerId: string, id: string): Promise<boolean> {
    return (await queryAffected(this.db.dataSource, deleteEndpoint, { providerId, id })) === 1;
  }

  /** The new secret signs from now on; the one it replaces keeps signing beside it for `keepPreviousHours`. */
  async rotateSecret(
    providerId: string,
    id: string,
    secret: string,
    keepPreviousHours: number,
  ): Promise<boolean> {
    return (
      (await queryAffected(this.db.dataSource, rotateEndpointSecret, {
        providerId,
        id,
        secret,
        keepPreviousHours,
      })) === 1
    );
  }

  /**
   * Records one event for the provider's enabled endpoints that subscribe to its type, and a pending delivery to
   * each, which wakes the dispatchers on commit; nothing when none does. Answers how many deliveries it queued.
   */
  async recordMessage(
    tx: Queryable,
    message: { id: string; providerId: string; eventType: string; body: string; createdAt: Date },
  ): Promise<number> {
    const queued = await queryRows(tx, recordMessage, { ...message, channel: DELIVERIES_DUE_CHANNEL });
    return queued.length;
  }

  /** A message for one endpoint only (a test event), queued at once: the dispatchers wake on commit. */
  async queueForEndpoint(
    tx: Queryable,
    message: { id: string; providerId: string; eventType: string; body: string },
    endpointId: string,
    deliveryId: string,
  ): Promise<void> {
    await queryRows(tx, insertMessageForEndpoint, message);
    await queryRows(tx, queueDeliveryForEndpoint, {
      id: deliveryId,
      messageId: message.id,
      endpointId,
      providerId: message.providerId,
      eventType: message.eventType,
      channel: DELIVERIES_DUE_CHANNEL,
    });
  }

  async deliveries(
    providerId: string,
    endpointId: string,
    status: WebhookDeliveryStatus | undefined,
    query: PageQuery,
  ): Promise<Page<DeliveryRow>> {
    const filter = { providerId, endpointId, status: status ?? null };
    const page = await queryRows(this.db.dataSource, deliveriesPage, {
      ...filter,
      limit: query.pageSize,
      offset: query.offset,
    });
    return pageWithTotal(page, query, async () => {
      const row = await queryOne(this.db.dataSource, countDeliveries, filter);
      return row?.count ?? 0;
    });
  }

  delivery(providerId: string, endpointId: string, id: string): Promise<DeliveryWithBodyRow | undefined> {
    return queryOne(this.db.dataSource, findDelivery, { providerId, endpointId, id });
  }

  attempts(deliveryId: string): Promise<AttemptRow[]> {
    return queryRows(this.db.dataSource, deliveryAttempts, { deliveryId });
  }

  /**
   * Sends deliveries again, with their message ids unchanged: a finished one (failed or succeeded) from a new round
   * of attempts, a pending one waiting for its next attempt at once (its round goes on). One being sent right now
   * is left alone. Answers the ids replayed; the dispatchers wake when there are some.
   */
  async replay(providerId: string, endpointId: string, ids: string[] | 'failed'): Promise<string[]> {
    const replayed = await queryRows(this.db.dataSource, replayDeliveries, {
      providerId,
      endpointId,
      ids: ids === 'failed' ? null : ids,
      channel: DELIVERIES_DUE_CHANNEL,
    });
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
    const due = await queryOne(this.db.dataSource, anyDeliveryDue, undefined);
    if (!due?.due) return [];
    return this.db.transaction(async (tx) => {
      await queryRows(tx, takeClaimLock, { lock: CLAIM_LOCK });
      return queryRows(tx, claimDeliveries, { limit, perEndpoint, leaseMs, leaseToken });
    });
  }

  /**
   * Records an attempt's outcome, if the lease is still this dispatcher's (one that took too long lost it to
   * another, whose attempt counts instead). `next` is when to try again, or 'succeeded' / 'failed' when done.
   * Answers the endpoint's failing streak start after this attempt, or undefined when the lease was lost.
   */
  recordAttempt(
    db: Queryable,
    claimed: Pick<ClaimedDelivery, 'id' | 'leaseToken'>,
    attempt: Omit<AttemptRow, 'number'>,
    next: Date | 'succeeded' | 'failed',
  ): Promise<{ failingSince: Date | null } | undefined> {
    return queryOne(db, recordAttempt, {
      ...attempt,
      id: claimed.id,
      leaseToken: claimed.leaseToken,
      status: next instanceof Date ? 'pending' : next,
      nextAttemptAt: next instanceof Date ? next : null,
    });
  }

  /** Disables an endpoint that kept failing; false if it was disabled (or deleted) meanwhile. */
  async disable(tx: Queryable, endpointId: string, reason: string): Promise<EndpointRow | undefined> {
    return queryOne(tx, disableEndpoint, { id: endpointId, reason });
  }

  /** Messages past the log's retention go, with their deliveries and attempts; pending ones stay. */
  deleteOlderThan(days: number): Promise<number> {
    return queryAffected(this.db.dataSource, deleteMessagesOlderThan, { days });
  }
}
