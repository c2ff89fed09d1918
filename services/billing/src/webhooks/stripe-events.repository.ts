import { Injectable } from '@nestjs/common';
import type Stripe from 'stripe';
import { Database, one, rows, type Queryable } from '@tourly/platform';

/** A stored Stripe event, as processing reads it. */
export interface StoredEventRow {
  type: string;
  payload: Stripe.Event;
}

/** A stored event not processed yet, as the retry walks them. */
export interface UnprocessedEventRow {
  id: string;
  type: string;
  receivedAt: Date;
}

/** The `stripe_events` table: every Stripe event billing received, stored once by its id. */
@Injectable()
export class StripeEventsRepository {
  constructor(private readonly db: Database) {}

  /** Stores the event unless it is stored already; whether it was new. */
  async insert(tx: Queryable, event: Stripe.Event, payload: string): Promise<boolean> {
    const stored = await rows(
      tx,
      `INSERT INTO stripe_events (id, type, created, payload) VALUES ($1, $2, to_timestamp($3), $4)
       ON CONFLICT (id) DO NOTHING RETURNING id`,
      [event.id, event.type, event.created, payload],
    );
    return stored.length > 0;
  }

  find(stripeEventId: string): Promise<StoredEventRow | undefined> {
    return one<StoredEventRow>(this.db.dataSource, 'SELECT type, payload FROM stripe_events WHERE id = $1', [
      stripeEventId,
    ]);
  }

  async markProcessed(stripeEventId: string): Promise<void> {
    await this.db.dataSource.query('UPDATE stripe_events SET processed_at = now() WHERE id = $1', [
      stripeEventId,
    ]);
  }

  /** Which of these event ids are stored. */
  async known(ids: string[]): Promise<Set<string>> {
    const found = await rows<{ id: string }>(
      this.db.dataSource,
      'SELECT id FROM stripe_events WHERE id = ANY($1::text[])',
      [ids],
    );
    return new Set(found.map((row) => row.id));
  }

  /** A page of the events received at least `olderThanSeconds` ago and not processed, after `after`. */
  unprocessed(
    olderThanSeconds: number,
    after: { receivedAt: Date; id: string } | undefined,
    limit: number,
  ): Promise<UnprocessedEventRow[]> {
    return rows<UnprocessedEventRow>(
      this.db.dataSource,
      `SELECT id, type, received_at AS "receivedAt" FROM stripe_events
        WHERE processed_at IS NULL AND received_at < now() - make_interval(secs => $1)
          AND ($2::timestamptz IS NULL OR (received_at, id) > ($2::timestamptz, $3::text))
        ORDER BY received_at, id LIMIT ${limit}`,
      [olderThanSeconds, after?.receivedAt ?? null, after?.id ?? null],
    );
  }
}
