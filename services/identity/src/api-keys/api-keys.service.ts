import { Injectable } from '@nestjs/common';
import { API_KEY_SCOPE, PRODUCT, type ResolvedCredentials } from '@tourly/contracts';
import { Database, hashSecret, newSecret, uuidv7 } from '@tourly/platform';
import { ProvidersRepository } from '../accounts/providers.repository';
import { resolvedCaller } from '../accounts/resolved-caller';
import type { ApiKeySummary, NewApiKeyResponse } from './api-keys.dto';
import { ApiKeysRepository } from './api-keys.repository';

const KEY_PREFIX = `${PRODUCT.slice(0, 3)}_`;

/**
 * Provider API keys: shown once when generated, stored only as a hash. A key acts for its provider as the
 * admin who generated it (so what it does is attributed to a person), with the `api_key` scope.
 */
@Injectable()
export class ApiKeysService {
  constructor(
    private readonly db: Database,
    private readonly keys: ApiKeysRepository,
    private readonly providers: ProvidersRepository,
  ) {}

  async current(providerId: string): Promise<ApiKeySummary | null> {
    const row = await this.keys.inForce(providerId);
    return row
      ? {
          hint: row.hint,
          createdAt: row.createdAt.toISOString(),
          lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
        }
      : null;
  }

  /** Revokes the key in force and makes a new one; the answer is the only time the key is shown. */
  async regenerate(providerId: string, userId: string): Promise<NewApiKeyResponse> {
    const apiKey = `${KEY_PREFIX}${newSecret()}`;
    const hint = `${KEY_PREFIX}…${apiKey.slice(-4)}`;
    return this.db.transaction(async (tx) => {
      // Two regenerations at once take turns on the provider's row: each revokes what the one before made,
      // instead of both inserting beside the same old key (a unique-index violation, once a 500).
      await this.providers.lockForUpdate(tx, providerId);
      await this.keys.revokeOfProvider(tx, providerId);
      const createdAt = await this.keys.create(tx, {
        id: uuidv7(),
        providerId,
        createdBy: userId,
        keyHash: hashSecret(apiKey),
        hint,
      });
      return { apiKey, hint, createdAt: createdAt.toISOString() };
    });
  }

  /** The caller an API key stands for; null when unknown, revoked, or its admin left the provider. */
  async resolve(apiKey: string): Promise<ResolvedCredentials> {
    const row = await this.keys.use(hashSecret(apiKey));
    return resolvedCaller(row && { ...row, scopes: [API_KEY_SCOPE] });
  }
}
