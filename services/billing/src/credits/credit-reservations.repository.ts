import { Injectable } from '@nestjs/common';
import type { CreditReservationStatus } from '@tourly/contracts';
import {
  Database,
  queryOne,
  queryRows,
  sql,
  type Narrow,
  type Narrowed,
  type StatementEvent,
} from '@tourly/platform';
import type {
  ICaptureCreditsQuery,
  ICurrentReservationQuery,
  IExpiredReservationsQuery,
  IExpiredReservationsResult,
  IHoldCreditsQuery,
  IReleaseCreditsQuery,
} from './credit-reservations.repository.types';

/** What the schema keeps to a union with a CHECK. */
type Known = { status: CreditReservationStatus };

/** A reservation as it is, with the provider's available credits beside it (a reserve's, capture's or release's answer). */
export type ReservationRow = Narrowed<ICurrentReservationQuery['result'], Known>;

/** What a hold, a capture or a release wrote: the reservation, and the provider's balances after it. */
export type SettledRow = Narrowed<IHoldCreditsQuery['result'], Known>;

// Each change of a reservation is one statement, outside any transaction, so the provider's balance row is locked
// for no round trip at all: the row lock first (`locked`; each of them starts from it, so two of them never lock a
// reservation and the balance in opposite orders), then the reservation, its ledger row, the balance and the
// `billing.credits.changed.v1` it announces (its balances and version merged into the event's data, as they travel),
// and the relay's wake-up. A statement's snapshot is taken before it waits for the lock, so the reservation is never
// read from it: a hold is inserted with ON CONFLICT (the key sees what a concurrent hold committed), a capture or a
// release updates only a `held` row (re-checked on the row's latest version). Nothing written (a reference already
// reserved, too few credits, a reservation not held): the caller reads the reservation afresh (currentReservation).
const holdCredits = sql<Narrow<IHoldCreditsQuery, Known>>`
  WITH locked AS (
    SELECT available FROM credit_balances WHERE provider_id = $providerId! FOR UPDATE
  ), held AS (
    INSERT INTO credit_reservations (provider_id, reference, amount, expires_at)
    SELECT $providerId!, $reference!, $amount!, now() + make_interval(secs => $ttlSeconds!)
      FROM locked WHERE available >= $amount!
    ON CONFLICT (provider_id, reference) DO NOTHING
    RETURNING provider_id, reference, amount, status, expires_at
  ), spent AS (
    INSERT INTO credit_ledger (provider_id, kind, amount, actor, reference)
    SELECT provider_id, 'spend', -amount, $actor!, reference FROM held
  ), balance AS (
    UPDATE credit_balances b
       SET available = b.available - h.amount, reserved = b.reserved + h.amount, version = b.version + 1,
           updated_at = now()
      FROM held h WHERE b.provider_id = h.provider_id
    RETURNING b.available, b.reserved, b.version
  ), queued AS (
    INSERT INTO outbox (id, subject, envelope)
    SELECT $eventId!, $eventSubject!, jsonb_set($envelope!::jsonb, '{data}', ($envelope!::jsonb -> 'data')
             || jsonb_build_object('available_balance', available, 'reserved_balance', reserved, 'version', version))
      FROM balance
    RETURNING id
  ), woken AS (
    SELECT pg_notify($channel!, '') FROM queued
  )
  SELECT h.provider_id AS "providerId", h.reference, h.amount, h.status, h.expires_at AS "expiresAt",
         b.available, b.reserved, b.version::float8 AS "version!"
    FROM held h, balance b, woken`;

const captureCredits = sql<Narrow<ICaptureCreditsQuery, Known>>`
  WITH locked AS (
    SELECT provider_id FROM credit_balances WHERE provider_id = $providerId! FOR UPDATE
  ), captured AS (
    UPDATE credit_reservations r SET status = 'captured', settled_at = now()
      FROM locked l
     WHERE r.provider_id = l.provider_id AND r.reference = $reference! AND r.status = 'held'
    RETURNING r.provider_id, r.reference, r.amount, r.status, r.expires_at
  ), balance AS (
    UPDATE credit_balances b
       SET reserved = b.reserved - c.amount, version = b.version + 1, updated_at = now()
      FROM captured c WHERE b.provider_id = c.provider_id
    RETURNING b.available, b.reserved, b.version
  ), queued AS (
    INSERT INTO outbox (id, subject, envelope)
    SELECT $eventId!, $eventSubject!, jsonb_set($envelope!::jsonb, '{data}', ($envelope!::jsonb -> 'data')
             || jsonb_build_object('available_balance', available, 'reserved_balance', reserved, 'version', version))
      FROM balance
    RETURNING id
  ), woken AS (
    SELECT pg_notify($channel!, '') FROM queued
  )
  SELECT c.provider_id AS "providerId", c.reference, c.amount, c.status, c.expires_at AS "expiresAt",
         b.available, b.reserved, b.version::float8 AS "version!"
    FROM captured c, balance b, woken`;

// The event's amount is the reservation's, which only the statement knows.
const releaseCredits = sql<Narrow<IReleaseCreditsQuery, Known>>`
  WITH locked AS (
    SELECT provider_id FROM credit_balances WHERE provider_id = $providerId! FOR UPDATE
  ), released AS (
    UPDATE credit_reservations r SET status = 'released', settled_at = now()
      FROM locked l
     WHERE r.provider_id = l.provider_id AND r.reference = $reference! AND r.status = 'held'
    RETURNING r.provider_id, r.reference, r.amount, r.status, r.expires_at
  ), returned AS (
    INSERT INTO credit_ledger (provider_id, kind, amount, actor, reference)
    SELECT provider_id, 'release', amount, $actor!, reference FROM released
  ), balance AS (
    UPDATE credit_balances b
       SET available = b.available + r.amount, reserved = b.reserved - r.amount, version = b.version + 1,
           updated_at = now()
      FROM released r WHERE b.provider_id = r.provider_id
    RETURNING b.available, b.reserved, b.version, r.amount
  ), queued AS (
    INSERT INTO outbox (id, subject, envelope)
    SELECT $eventId!, $eventSubject!, jsonb_set($envelope!::jsonb, '{data}', ($envelope!::jsonb -> 'data')
             || jsonb_build_object('amount', amount, 'available_balance', available, 'reserved_balance', reserved,
                                   'version', version))
      FROM balance
    RETURNING id
  ), woken AS (
    SELECT pg_notify($channel!, '') FROM queued
  )
  SELECT r.provider_id AS "providerId", r.reference, r.amount, r.status, r.expires_at AS "expiresAt",
         b.available, b.reserved, b.version::float8 AS "version!"
    FROM released r, balance b, woken`;

// A statement of its own, after the one that wrote nothing: its snapshot holds whatever committed before it.
const currentReservation = sql<Narrow<ICurrentReservationQuery, Known>>`
  SELECT r.provider_id AS "providerId", r.reference, r.amount, r.status, r.expires_at AS "expiresAt", b.available
    FROM credit_reservations r JOIN credit_balances b ON b.provider_id = r.provider_id
   WHERE r.provider_id = $providerId! AND r.reference = $reference!`;

const expiredReservations = sql<IExpiredReservationsQuery>`
  SELECT provider_id AS "providerId", reference FROM credit_reservations
   WHERE status = 'held' AND expires_at <= now() ORDER BY expires_at LIMIT $limit!`;

/** What a hold needs: the reservation asked for, and the ledger row's actor. */
export interface Hold {
  providerId: string;
  reference: string;
  amount: number;
  ttlSeconds: number;
  actor: string;
}

/** Which held reservation a release gives back, and the ledger row's actor. */
export interface Release {
  providerId: string;
  reference: string;
  actor: string;
}

/**
 * `credit_reservations`: credits held for another service until captured, released or expired. A hold, a capture and
 * a release also write the ledger row and the balance they move (`credit_ledger`, `credit_balances`) and their event,
 * in the same statement.
 */
@Injectable()
export class CreditReservationsRepository {
  constructor(private readonly db: Database) {}

  /**
   * Holds the credits, with their `spend` row: the reservation and the balances after it; undefined when nothing was
   * written (the reference already reserved, or too few credits available).
   */
  hold(hold: Hold, event: StatementEvent): Promise<SettledRow | undefined> {
    return queryOne(this.db.dataSource, holdCredits, { ...hold, ...eventParams(event) });
  }

  /** The held credits spent; undefined when no reservation of the reference was held. */
  capture(providerId: string, reference: string, event: StatementEvent): Promise<SettledRow | undefined> {
    return queryOne(this.db.dataSource, captureCredits, { providerId, reference, ...eventParams(event) });
  }

  /** The held credits back, with their `release` row; undefined when no reservation of the reference was held. */
  release(release: Release, event: StatementEvent): Promise<SettledRow | undefined> {
    return queryOne(this.db.dataSource, releaseCredits, { ...release, ...eventParams(event) });
  }

  current(providerId: string, reference: string): Promise<ReservationRow | undefined> {
    return queryOne(this.db.dataSource, currentReservation, { providerId, reference });
  }

  /** Holds past their expiry, oldest first. */
  expired(limit: number): Promise<IExpiredReservationsResult[]> {
    return queryRows(this.db.dataSource, expiredReservations, { limit });
  }
}

function eventParams(event: StatementEvent) {
  return {
    eventId: event.id,
    eventSubject: event.subject,
    envelope: event.envelope,
    channel: event.channel,
  };
}
