import { Injectable } from '@nestjs/common';
import { Database, affected, one, rows, type Queryable } from '@tourly/platform';
import type { CallerRow } from '../accounts/resolved-caller';

export interface ApiKeyRow {
  hint: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

/** The `api_keys` table and its use log, `api_key_use_hours`. */
@Injectable()
export class ApiKeysRepository {
  constructor(private readonly db: Database) {}

  /** The provider's key in force, if any. */
  inForce(providerId: string): Promise<ApiKeyRow | undefined> {
    return one<ApiKeyRow>(
      this.db.dataSource,
      `SELECT hint, created_at AS "createdAt", last_used_at AS "lastUsedAt" FROM api_keys
        WHERE provider_id = $1 AND revoked_at IS NULL`,
      [providerId],
    );
  }

  async revokeOfProvider(tx: Queryable, providerId: string): Promise<void> {
    await affected(
      tx,
      'UPDATE api_keys SET revoked_at = now() WHERE provider_id = $1 AND revoked_at IS NULL',
      [providerId],
    );
  }

  /** Revokes every key the user generated. */
  async revokeCreatedBy(tx: Queryable, userId: string): Promise<void> {
    await affected(
      tx,
      'UPDATE api_keys SET revoked_at = now() WHERE created_by = $1 AND revoked_at IS NULL',
      [userId],
    );
  }

  /** Stores a new key (its hash); when it was created. */
  async create(
    tx: Queryable,
    key: { id: string; providerId: string; createdBy: string; keyHash: Buffer; hint: string },
  ): Promise<Date> {
    const [row] = await rows<{ createdAt: Date }>(
      tx,
      `INSERT INTO api_keys (id, provider_id, created_by, key_hash, hint) VALUES ($1, $2, $3, $4, $5)
       RETURNING created_at AS "createdAt"`,
      [key.id, key.providerId, key.createdBy, key.keyHash, key.hint],
    );
    return row.createdAt;
  }

  /**
   * The caller a key in force stands for, while the admin who generated it is still in the provider; records
   * its use (the key's last use, and the hour in its use log) in the same statement.
   */
  use(keyHash: Buffer): Promise<CallerRow | undefined> {
    return one<CallerRow>(
      this.db.dataSource,
      `WITH used AS (
         UPDATE api_keys k SET last_used_at = now()
           FROM memberships m
          WHERE k.key_hash = $1 AND k.revoked_at IS NULL
            AND m.user_id = k.created_by AND m.provider_id = k.provider_id
          RETURNING k.id, k.created_by AS "userId", k.provider_id AS "providerId", m.role, NULL AS "staffRole"),
       logged AS (
         INSERT INTO api_key_use_hours (api_key_id, hour, first_used_at, last_used_at)
         SELECT id, date_trunc('hour', now()), now(), now() FROM used
         ON CONFLICT (api_key_id, hour) DO UPDATE SET last_used_at = excluded.last_used_at)
       SELECT "userId", "providerId", role, "staffRole" FROM used`,
      [keyHash],
    );
  }
}
