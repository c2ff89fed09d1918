import { Injectable } from '@nestjs/common';
import type { CreditReservationStatus } from '@tourly/contracts';
import {
  Database,
  queryOne,
  queryRows,
  sql,
  type Narrow,
  type Narrowed,
  type Queryable,
} from '@tourly/platform';
import type {
  IExpiredReservationsQuery,
  IExpiredReservationsResult,
  IFindReservationQuery,
  IFindReservationResult,
  IHoldReservationQuery,
  ISettleReservationQuery,
} from './credit-reservations.repository.types';

/** What the schema keeps to a union with a CHECK. */
type Known = { status: CreditReservationStatus };

export type ReservationRow = Narrowed<IFindReservationResult, Known>;

const findReservation = sql<Narrow<IFindReservationQuery, Known>>`
  SELECT provider_id AS "providerId", reference, amount, status, expires_at AS "expiresAt"
  FROM credit_reservations WHERE provider_id = $providerId! AND reference = $reference!`;

const holdReservation = sql<Narrow<IHoldReservationQuery, Known>>`
  INSERT INTO credit_reservations (provider_id, reference, amount, expires_at)
  VALUES ($providerId!, $reference!, $amount!, now() + make_interval(secs => $ttlSeconds!))
  RETURNING provider_id AS "providerId", reference, amount, status, expires_at AS "expiresAt"`;

const settleReservation = sql<Narrow<ISettleReservationQuery, Known>>`
  UPDATE credit_reservations SET status = $status!, settled_at = now()
   WHERE provider_id = $providerId! AND reference = $reference!
  RETURNING provider_id AS "providerId", reference, amount, status, expires_at AS "expiresAt"`;

const expiredReservations = sql<IExpiredReservationsQuery>`
  SELECT provider_id AS "providerId", reference FROM credit_reservations
   WHERE status = 'held' AND expires_at <= now() ORDER BY expires_at LIMIT $limit!`;

/** `credit_reservations`: credits held for another service until captured, released or expired. */
@Injectable()
export class CreditReservationsRepository {
  constructor(private readonly db: Database) {}

  find(tx: Queryable, providerId: string, reference: string): Promise<ReservationRow | undefined> {
    return queryOne(tx, findReservation, { providerId, reference });
  }

  async hold(
    tx: Queryable,
    providerId: string,
    reference: string,
    amount: number,
    ttlSeconds: number,
  ): Promise<ReservationRow> {
    const row = await queryOne(tx, holdReservation, { providerId, reference, amount, ttlSeconds });
    return row!;
  }

  async settle(
    tx: Queryable,
    providerId: string,
    reference: string,
    status: Exclude<CreditReservationStatus, 'held'>,
  ): Promise<ReservationRow> {
    const row = await queryOne(tx, settleReservation, { providerId, reference, status });
    return row!;
  }

  /** Holds past their expiry, oldest first. */
  expired(limit: number): Promise<IExpiredReservationsResult[]> {
    return queryRows(this.db.dataSource, expiredReservations, { limit });
  }
}
