import { Injectable } from '@nestjs/common';
import { Database, affected, one, rows, type Queryable } from '@tourly/platform';
import type { CallerRow } from '../accounts/resolved-caller';

export interface TokenOwnerRow {
  userId: string;
  providerId: string | null;
  scopes: string[];
}

/** A live refresh token's owner, and the family of the grant it descends from. */
export interface RefreshedTokenRow extends TokenOwnerRow {
  familyId: string;
}

export interface NewTokenRow extends TokenOwnerRow {
  id: string;
  /** The grant this token descends from: the id of the family's first token (its own id for a new grant). */
  familyId: string;
  accessHash: Buffer;
  refreshHash: Buffer | null;
  grantType: string;
  accessSeconds: number;
  refreshSeconds: number;
}

/** The `oauth_tokens` table: access and refresh tokens, in pairs, by their SHA-256. */
@Injectable()
export class OAuthTokensRepository {
  constructor(private readonly db: Database) {}

  async create(tx: Queryable, token: NewTokenRow): Promise<void> {
    await rows(
      tx,
      `INSERT INTO oauth_tokens (id, access_hash, refresh_hash, user_id, provider_id, grant_type, scopes,
                                 access_expires_at, refresh_expires_at, family_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, now() + make_interval(secs => $8),
               CASE WHEN $3::bytea IS NULL THEN NULL ELSE now() + make_interval(secs => $9) END, $10)`,
      [
        token.id,
        token.accessHash,
        token.refreshHash,
        token.userId,
        token.providerId,
        token.grantType,
        token.scopes,
        token.accessSeconds,
        token.refreshSeconds,
        token.familyId,
      ],
    );
  }

  /** Revokes the pair of a live refresh token; whose it was and its family, or undefined for none such. */
  useRefreshToken(tx: Queryable, refreshHash: Buffer): Promise<RefreshedTokenRow | undefined> {
    return one<RefreshedTokenRow>(
      tx,
      `UPDATE oauth_tokens SET revoked_at = now()
        WHERE refresh_hash = $1 AND revoked_at IS NULL AND refresh_expires_at > now()
        RETURNING user_id AS "userId", provider_id AS "providerId", scopes, family_id AS "familyId"`,
      [refreshHash],
    );
  }

  /**
   * Revokes every live token of the family the refresh token belongs to (access and refresh alike); how many.
   * Nothing for a token that was never issued.
   */
  revokeFamilyOf(refreshHash: Buffer): Promise<number> {
    return affected(
      this.db.dataSource,
      `UPDATE oauth_tokens SET revoked_at = now()
        WHERE family_id = (SELECT family_id FROM oauth_tokens WHERE refresh_hash = $1) AND revoked_at IS NULL`,
      [refreshHash],
    );
  }

  /** Revokes the pair of an access or refresh token, if any. */
  async revoke(tokenHash: Buffer): Promise<void> {
    await affected(
      this.db.dataSource,
      'UPDATE oauth_tokens SET revoked_at = now() WHERE (access_hash = $1 OR refresh_hash = $1) AND revoked_at IS NULL',
      [tokenHash],
    );
  }

  async revokeAllOf(tx: Queryable, userId: string): Promise<void> {
    await affected(
      tx,
      'UPDATE oauth_tokens SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL',
      [userId],
    );
  }

  /** The caller a live access token stands for. */
  resolve(accessHash: Buffer): Promise<CallerRow | undefined> {
    return one<CallerRow>(
      this.db.dataSource,
      `SELECT t.user_id AS "userId", t.provider_id AS "providerId", t.scopes, u.staff_role AS "staffRole", m.role
         FROM oauth_tokens t JOIN users u ON u.id = t.user_id
         LEFT JOIN memberships m ON m.user_id = t.user_id AND m.provider_id = t.provider_id
        WHERE t.access_hash = $1 AND t.revoked_at IS NULL AND t.access_expires_at > now()`,
      [accessHash],
    );
  }
}
