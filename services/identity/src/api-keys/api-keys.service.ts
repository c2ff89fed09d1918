import { Injectable } from '@nestjs/common';
import { API_KEY_SCOPE, PRODUCT, type ResolvedCredentials } from '@tourly/contracts';
import { Database, uuidv7 } from '@tourly/platform';
import { hashSecret, newSecret } from '../accounts/secrets';
import { resolvedCaller, type CallerRow } from '../accounts/resolved-caller';

const KEY_PREFIX = `${PRODUCT.slice(0, 3)}_`;

export interface ApiKeySummary {
  hint: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/**
 * Provider API keys: shown once when generated, stored only as a hash. A key acts for its provider as the
 * admin who generated it (so what it does is attributed to a person), with the `api_key` scope.
 */
@Injectable()
export class ApiKeysService {
  constructor(private readonly db: Database) {}

  async current(providerId: string): Promise<ApiKeySummary | null> {
    const [row] = (await this.db.dataSource.query(
      `SELECT hint, created_at AS "createdAt", last_used_at AS "lastUsedAt" FROM api_keys
        WHERE provider_id = $1 AND revoked_at IS NULL`,
      [providerId],
    )) as Array<{ hint: string; createdAt: Date; lastUsedAt: Date | null }>;
    return row
      ? {
          hint: row.hint,
          createdAt: row.createdAt.toISOString(),
          lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
        }
      : null;
  }

  /** Revokes the key in force and makes a new one; the answer is the only time the key is shown. */
  async regenerate(
    providerId: string,
    userId: string,
  ): Promise<{ apiKey: string; hint: string; createdAt: string }> {
    const apiKey = `${KEY_PREFIX}${newSecret()}`;
    const hint = `${KEY_PREFIX}…${apiKey.slice(-4)}`;
    return this.db.transaction(async (tx) => {
      // Two regenerations at once take turns on the provider's row: each revokes what the one before made,
      // instead of both inserting beside the same old key (a unique-index violation, once a 500).
      await tx.query('SELECT 1 FROM providers WHERE id = $1 FOR UPDATE', [providerId]);
      await tx.query('UPDATE api_keys SET revoked_at = now() WHERE provider_id = $1 AND revoked_at IS NULL', [
        providerId,
      ]);
      const [row] = (await tx.query(
        `INSERT INTO api_keys (id, provider_id, created_by, key_hash, hint) VALUES ($1, $2, $3, $4, $5)
         RETURNING created_at AS "createdAt"`,
        [uuidv7(), providerId, userId, hashSecret(apiKey), hint],
      )) as Array<{ createdAt: Date }>;
      return { apiKey, hint, createdAt: row.createdAt.toISOString() };
    });
  }

  /** The caller an API key stands for; null when unknown, revoked, or its admin left the provider. */
  async resolve(apiKey: string): Promise<ResolvedCredentials> {
    const rows = (await this.db.dataSource.query(
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
      [hashSecret(apiKey)],
    )) as CallerRow[];
    const row = rows[0];
    return resolvedCaller(row && { ...row, scopes: [API_KEY_SCOPE] });
  }
}
