import { Injectable } from '@nestjs/common';
import type { MembershipRole } from '@tourly/contracts';
import {
  Database,
  queryAffected,
  queryOne,
  queryRows,
  sql,
  type Narrow,
  type Narrowed,
  type Queryable,
} from '@tourly/platform';
import type {
  IApiKeyInForceQuery,
  IApiKeyInForceResult,
  ICreateApiKeyQuery,
  IRevokeApiKeysCreatedByQuery,
  IRevokeApiKeysOfProviderQuery,
  IUseApiKeyQuery,
  IUseApiKeyResult,
} from './api-keys.repository.types';

export type ApiKeyRow = IApiKeyInForceResult;

/** What the schema keeps to a union with a CHECK; a key's caller is never staff. */
type KnownCaller = { role: MembershipRole; staffRole: null };

/** The caller a key stands for. */
export type ApiKeyCallerRow = Narrowed<IUseApiKeyResult, KnownCaller>;

const apiKeyInForce = sql<IApiKeyInForceQuery>`
  SELECT hint, created_at AS "createdAt", last_used_at AS "lastUsedAt" FROM api_keys
   WHERE provider_id = $providerId! AND revoked_at IS NULL`;

const revokeApiKeysOfProvider = sql<IRevokeApiKeysOfProviderQuery>`
  UPDATE api_keys SET revoked_at = now() WHERE provider_id = $providerId! AND revoked_at IS NULL`;

const revokeApiKeysCreatedBy = sql<IRevokeApiKeysCreatedByQuery>`
  UPDATE api_keys SET revoked_at = now() WHERE created_by = $userId! AND revoked_at IS NULL`;

const createApiKey = sql<ICreateApiKeyQuery>`
  INSERT INTO api_keys (id, provider_id, created_by, key_hash, hint)
  VALUES ($id!, $providerId!, $createdBy!, $keyHash!, $hint!)
  RETURNING created_at AS "createdAt"`;

const useApiKey = sql<Narrow<IUseApiKeyQuery, KnownCaller>>`
  WITH used AS (
    UPDATE api_keys k SET last_used_at = now()
      FROM memberships m
     WHERE k.key_hash = $keyHash! AND k.revoked_at IS NULL
       AND m.user_id = k.created_by AND m.provider_id = k.provider_id
     RETURNING k.id, k.created_by AS "userId", k.provider_id AS "providerId", m.role, NULL AS "staffRole"),
  logged AS (
    INSERT INTO api_key_use_hours (api_key_id, hour, first_used_at, last_used_at)
    SELECT id, date_trunc('hour', now()), now(), now() FROM used
    ON CONFLICT (api_key_id, hour) DO UPDATE SET last_used_at = excluded.last_used_at)
  SELECT "userId", "providerId", role, "staffRole" FROM used`;

/** The `api_keys` table and its use log, `api_key_use_hours`. */
@Injectable()
export class ApiKeysRepository {
  constructor(private readonly db: Database) {}

  /** The provider's key in force, if any. */
  inForce(providerId: string): Promise<ApiKeyRow | undefined> {
    return queryOne(this.db.dataSource, apiKeyInForce, { providerId });
  }

  async revokeOfProvider(tx: Queryable, providerId: string): Promise<void> {
    await queryAffected(tx, revokeApiKeysOfProvider, { providerId });
  }

  /** Revokes every key the user generated. */
  async revokeCreatedBy(tx: Queryable, userId: string): Promise<void> {
    await queryAffected(tx, revokeApiKeysCreatedBy, { userId });
  }

  /** Stores a new key (its hash); when it was created. */
  async create(
    tx: Queryable,
    key: { id: string; providerId: string; createdBy: string; keyHash: Buffer; hint: string },
  ): Promise<Date> {
    const [row] = await queryRows(tx, createApiKey, key);
    return row.createdAt;
  }

  /**
   * The caller a key in force stands for, while the admin who generated it is still in the provider; records
   * its use (the key's last use, and the hour in its use log) in the same statement.
   */
  use(keyHash: Buffer): Promise<ApiKeyCallerRow | undefined> {
    return queryOne(this.db.dataSource, useApiKey, { keyHash });
  }
}
