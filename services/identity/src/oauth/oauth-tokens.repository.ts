import { Injectable } from '@nestjs/common';
import type { MembershipRole, StaffRole } from '@tourly/contracts';
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
  ICreateOAuthTokenParams,
  ICreateOAuthTokenQuery,
  IResolveAccessTokenQuery,
  IResolveAccessTokenResult,
  IRevokeAllTokensOfQuery,
  IRevokeTokenFamilyOfQuery,
  IRevokeTokenQuery,
  IUseRefreshTokenQuery,
  IUseRefreshTokenResult,
} from './oauth-tokens.repository.types';

/** A live refresh token's owner, and the family of the grant it descends from. */
export type RefreshedTokenRow = IUseRefreshTokenResult;

/**
 * A new pair: `familyId` the grant this token descends from (the id of the family's first token, its own id for a
 * new grant); no `refreshHash` for an access token alone.
 */
export type NewToken = ICreateOAuthTokenParams;

/** What the schema keeps to unions with CHECKs (the membership may be gone: no role). */
type KnownCaller = { role: MembershipRole | null; staffRole: StaffRole | null };

/** The caller an access token stands for. */
export type TokenCallerRow = Narrowed<IResolveAccessTokenResult, KnownCaller>;

const createOAuthToken = sql<ICreateOAuthTokenQuery>`
  INSERT INTO oauth_tokens (id, access_hash, refresh_hash, user_id, provider_id, grant_type, scopes,
                            access_expires_at, refresh_expires_at, family_id)
  VALUES ($id!, $accessHash!, $refreshHash, $userId!, $providerId, $grantType!, $scopes!,
          now() + make_interval(secs => $accessSeconds!),
          CASE WHEN $refreshHash::bytea IS NULL THEN NULL ELSE now() + make_interval(secs => $refreshSeconds!) END,
          $familyId!)`;

const useRefreshToken = sql<IUseRefreshTokenQuery>`
  UPDATE oauth_tokens SET revoked_at = now()
   WHERE refresh_hash = $refreshHash! AND revoked_at IS NULL AND refresh_expires_at > now()
   RETURNING user_id AS "userId", provider_id AS "providerId", scopes, family_id AS "familyId"`;

const revokeTokenFamilyOf = sql<IRevokeTokenFamilyOfQuery>`
  UPDATE oauth_tokens SET revoked_at = now()
   WHERE family_id = (SELECT family_id FROM oauth_tokens WHERE refresh_hash = $refreshHash!) AND revoked_at IS NULL`;

const revokeToken = sql<IRevokeTokenQuery>`
  UPDATE oauth_tokens SET revoked_at = now()
   WHERE (access_hash = $tokenHash! OR refresh_hash = $tokenHash!) AND revoked_at IS NULL`;

const revokeAllTokensOf = sql<IRevokeAllTokensOfQuery>`
  UPDATE oauth_tokens SET revoked_at = now() WHERE user_id = $userId! AND revoked_at IS NULL`;

// The membership is joined as it is now: left, its role is null.
const resolveAccessToken = sql<Narrow<IResolveAccessTokenQuery, KnownCaller>>`
  SELECT t.user_id AS "userId", t.provider_id AS "providerId", t.scopes, u.staff_role AS "staffRole",
         m.role AS "role?", m.provider_client_id AS "clientId"
    FROM oauth_tokens t JOIN users u ON u.id = t.user_id
    LEFT JOIN memberships m ON m.user_id = t.user_id AND m.provider_id = t.provider_id
   WHERE t.access_hash = $accessHash! AND t.revoked_at IS NULL AND t.access_expires_at > now()`;

/** The `oauth_tokens` table: access and refresh tokens, in pairs, by their SHA-256. */
@Injectable()
export class OAuthTokensRepository {
  constructor(private readonly db: Database) {}

  async create(tx: Queryable, token: NewToken): Promise<void> {
    await queryRows(tx, createOAuthToken, token);
  }

  /** Revokes the pair of a live refresh token; whose it was and its family, or undefined for none such. */
  useRefreshToken(tx: Queryable, refreshHash: Buffer): Promise<RefreshedTokenRow | undefined> {
    return queryOne(tx, useRefreshToken, { refreshHash });
  }

  /**
   * Revokes every live token of the family the refresh token belongs to (access and refresh alike); how many.
   * Nothing for a token that was never issued.
   */
  revokeFamilyOf(refreshHash: Buffer): Promise<number> {
    return queryAffected(this.db.dataSource, revokeTokenFamilyOf, { refreshHash });
  }

  /** Revokes the pair of an access or refresh token, if any. */
  async revoke(tokenHash: Buffer): Promise<void> {
    await queryAffected(this.db.dataSource, revokeToken, { tokenHash });
  }

  async revokeAllOf(tx: Queryable, userId: string): Promise<void> {
    await queryAffected(tx, revokeAllTokensOf, { userId });
  }

  /** The caller a live access token stands for. */
  resolve(accessHash: Buffer): Promise<TokenCallerRow | undefined> {
    return queryOne(this.db.dataSource, resolveAccessToken, { accessHash });
  }
}
