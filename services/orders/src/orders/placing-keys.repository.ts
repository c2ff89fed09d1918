import { Injectable } from '@nestjs/common';
import { Database, queryOne, sql, type Queryable } from '@tourly/platform';
import type { IClaimPlacingKeyQuery, IFindPlacingKeyQuery } from './placing-keys.repository.types';

/** How long a placing's key answers for it. */
export const PLACING_KEY_HOURS = 24;

const findPlacingKey = sql<IFindPlacingKeyQuery>`
  SELECT request_hash AS "requestHash", order_id AS "orderId" FROM placing_keys
   WHERE provider_id = $providerId! AND key = $key! AND created_at > now() - make_interval(hours => $hours!)`;

const claimPlacingKey = sql<IClaimPlacingKeyQuery>`
  INSERT INTO placing_keys (provider_id, key, request_hash, order_id)
  VALUES ($providerId!, $key!, $requestHash!, $orderId!)
  ON CONFLICT (provider_id, key) DO UPDATE
    SET request_hash = EXCLUDED.request_hash, order_id = EXCLUDED.order_id, created_at = now()
    WHERE placing_keys.created_at <= now() - make_interval(hours => $hours!)
  RETURNING order_id AS "orderId"`;

/** `placing_keys`: each provider's Idempotency-Keys of placings, for a day. */
@Injectable()
export class PlacingKeysRepository {
  constructor(private readonly db: Database) {}

  /** The placing a key still answers for (placed in the last day), or undefined. */
  find(providerId: string, key: string): Promise<{ requestHash: string; orderId: string } | undefined> {
    return queryOne(this.db.dataSource, findPlacingKey, { providerId, key, hours: PLACING_KEY_HOURS });
  }

  /**
   * Records the key for the order, in the placing's transaction; a key older than a day is taken over. False when
   * another placing holds it (one sent at the same moment with the same key won).
   */
  async claim(
    tx: Queryable,
    claim: { providerId: string; key: string; requestHash: string; orderId: string },
  ): Promise<boolean> {
    const claimed = await queryOne(tx, claimPlacingKey, { ...claim, hours: PLACING_KEY_HOURS });
    return claimed !== undefined;
  }
}
