import { Injectable } from '@nestjs/common';
import type { CreditReservationStatus } from '@tourly/contracts';
import { Database, one, rows, type Queryable } from '@tourly/platform';

export interface ReservationRow {
  providerId: string;
  reference: string;
  amount: number;
  status: CreditReservationStatus;
  expiresAt: Date;
}

const COLUMNS = `provider_id AS "providerId", reference, amount, status, expires_at AS "expiresAt"`;

/** `credit_reservations`: credits held for another service until captured, released or expired. */
@Injectable()
export class CreditReservationsRepository {
  constructor(private readonly db: Database) {}

  find(tx: Queryable, providerId: string, reference: string): Promise<ReservationRow | undefined> {
    return one<ReservationRow>(
      tx,
      `SELECT ${COLUMNS} FROM credit_reservations WHERE provider_id = $1 AND reference = $2`,
      [providerId, reference],
    );
  }

  async hold(
    tx: Queryable,
    providerId: string,
    reference: string,
    amount: number,
    ttlSeconds: number,
  ): Promise<ReservationRow> {
    const row = await one<ReservationRow>(
      tx,
      `INSERT INTO credit_reservations (provider_id, reference, amount, expires_at)
       VALUES ($1, $2, $3, now() + make_interval(secs => $4)) RETURNING ${COLUMNS}`,
      [providerId, reference, amount, ttlSeconds],
    );
    return row!;
  }

  async settle(
    tx: Queryable,
    providerId: string,
    reference: string,
    status: Exclude<CreditReservationStatus, 'held'>,
  ): Promise<ReservationRow> {
    const row = await one<ReservationRow>(
      tx,
      `UPDATE credit_reservations SET status = $3, settled_at = now()
        WHERE provider_id = $1 AND reference = $2 RETURNING ${COLUMNS}`,
      [providerId, reference, status],
    );
    return row!;
  }

  /** Holds past their expiry, oldest first. */
  expired(limit: number): Promise<Array<Pick<ReservationRow, 'providerId' | 'reference'>>> {
    return rows<Pick<ReservationRow, 'providerId' | 'reference'>>(
      this.db.dataSource,
      `SELECT provider_id AS "providerId", reference FROM credit_reservations
        WHERE status = 'held' AND expires_at <= now() ORDER BY expires_at LIMIT $1`,
      [limit],
    );
  }
}
