import { Injectable } from '@nestjs/common';
import type Stripe from 'stripe';
import {
  Database,
  queryAffected,
  queryOne,
  queryRows,
  sql,
  statement,
  type Narrow,
  type Narrowed,
  type Statement,
} from '@tourly/platform';
import type {
  IFindStripeEventQuery,
  IFindStripeEventResult,
  IInsertStripeEventQuery,
  IKnownStripeEventsQuery,
  IMarkStripeEventProcessedQuery,
  IUnprocessedStripeEventsQuery,
  IUnprocessedStripeEventsResult,
  Json,
} from './stripe-events.repository.types';

type JsonObject = { [key: string]: Json };

/**
 * What the schema cannot say of `payload` (jsonb): it holds a Stripe event as received (a webhook's verified body, or
 * reconciliation's copy from Stripe), an object whose `data.object` is the object the event is about. Not
 * `Stripe.Event` itself: its interfaces have no index signature, so it is no narrowing of pgtyped's `Json`.
 */
type Known = { payload: JsonObject & { data: JsonObject & { object: JsonObject } } };

/** A stored Stripe event, as processing reads it. */
export type StoredEventRow = Narrowed<IFindStripeEventResult, Known>;

/** A stored event not processed yet, as the retry walks them. */
export type UnprocessedEventRow = IUnprocessedStripeEventsResult;

const insertStripeEvent = sql<IInsertStripeEventQuery>`
  INSERT INTO stripe_events (id, type, created, payload) VALUES ($id!, $type!, to_timestamp($created!), $payload!)
  ON CONFLICT (id) DO NOTHING RETURNING id`;

const findStripeEvent = sql<Narrow<IFindStripeEventQuery, Known>>`
  SELECT type, payload FROM stripe_events WHERE id = $id!`;

const markStripeEventProcessed = sql<IMarkStripeEventProcessedQuery>`
  UPDATE stripe_events SET processed_at = now() WHERE id = $id!`;

const knownStripeEvents = sql<IKnownStripeEventsQuery>`
  SELECT id FROM stripe_events WHERE id = ANY($ids!::text[])`;

const unprocessedStripeEvents = sql<IUnprocessedStripeEventsQuery>`
  SELECT id, type, received_at AS "receivedAt" FROM stripe_events
   WHERE processed_at IS NULL AND received_at < now() - make_interval(secs => $olderThanSeconds!)
     AND ($afterReceivedAt::timestamptz IS NULL OR (received_at, id) > ($afterReceivedAt::timestamptz, $afterId::text))
   ORDER BY received_at, id LIMIT $limit!`;

/** The `stripe_events` table: every Stripe event billing received, stored once by its id. */
@Injectable()
export class StripeEventsRepository {
  constructor(private readonly db: Database) {}

  /**
   * The write that stores the event unless it is stored already (its row when it was new), for the statement
   * that also queues its processing.
   */
  insertion(event: Stripe.Event, payload: string): Statement<IInsertStripeEventQuery> {
    return statement(insertStripeEvent, {
      id: event.id,
      type: event.type,
      created: event.created,
      payload,
    });
  }

  find(stripeEventId: string): Promise<StoredEventRow | undefined> {
    return queryOne(this.db.dataSource, findStripeEvent, { id: stripeEventId });
  }

  async markProcessed(stripeEventId: string): Promise<void> {
    await queryAffected(this.db.dataSource, markStripeEventProcessed, { id: stripeEventId });
  }

  /** Which of these event ids are stored. */
  async known(ids: string[]): Promise<Set<string>> {
    const found = await queryRows(this.db.dataSource, knownStripeEvents, { ids });
    return new Set(found.map((row) => row.id));
  }

  /** A page of the events received at least `olderThanSeconds` ago and not processed, after `after`. */
  unprocessed(
    olderThanSeconds: number,
    after: { receivedAt: Date; id: string } | undefined,
    limit: number,
  ): Promise<UnprocessedEventRow[]> {
    return queryRows(this.db.dataSource, unprocessedStripeEvents, {
      olderThanSeconds,
      afterReceivedAt: after?.receivedAt ?? null,
      afterId: after?.id ?? null,
      limit,
    });
  }
}
