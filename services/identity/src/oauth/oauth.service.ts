import { Injectable } from '@nestjs/common';
import { API_KEY_SCOPE, type ResolvedCredentials } from '@tourly/contracts';
import { ApiError, Database, uuidv7, type EntityManager } from '@tourly/platform';
import { hashSecret, newSecret } from '../accounts/secrets';
import { resolvedCaller, type CallerRow } from '../accounts/resolved-caller';
import { ApiKeysService } from '../api-keys/api-keys.service';
import { SessionsService } from '../sessions/sessions.service';

export const ACCESS_TOKEN_SECONDS = 60 * 60;
const REFRESH_TOKEN_SECONDS = 30 * 24 * 60 * 60;

/** An RFC 6749 §5.2 error: the token endpoint answers these as `{error, error_description}`. */
export class OAuthError extends Error {
  constructor(
    readonly error: 'invalid_request' | 'invalid_client' | 'invalid_grant' | 'unsupported_grant_type',
    readonly description: string,
    readonly status = error === 'invalid_client' ? 401 : 400,
  ) {
    super(description);
  }
}

export interface TokenGrant {
  grantType?: string;
  username?: string;
  password?: string;
  clientId?: string;
  clientSecret?: string;
  refreshToken?: string;
}

export interface IssuedTokens {
  accessToken: string;
  tokenType: 'Bearer';
  expiresIn: number;
  refreshToken?: string;
  scope: string;
}

/**
 * OAuth 2 (RFC 6749) for API clients: the password grant for first-party clients, client_credentials for a
 * provider's systems (client id: the provider's id; client secret: its API key), refresh tokens that rotate on
 * use, and revocation (RFC 7009). Tokens are random and stored as hashes.
 */
@Injectable()
export class OAuthService {
  constructor(
    private readonly db: Database,
    private readonly sessions: SessionsService,
    private readonly apiKeys: ApiKeysService,
  ) {}

  /** `address`: the client's, for the password grant's share of the sign-in lockout. */
  async token(grant: TokenGrant, address: string): Promise<IssuedTokens> {
    switch (grant.grantType) {
      case 'password':
        return this.passwordGrant(grant, address);
      case 'client_credentials':
        return this.clientCredentialsGrant(grant);
      case 'refresh_token':
        return this.refreshGrant(grant);
      case undefined:
        throw new OAuthError('invalid_request', 'grant_type is required');
      default:
        throw new OAuthError('unsupported_grant_type', `grant_type ${grant.grantType} is not supported`);
    }
  }

  private async passwordGrant(grant: TokenGrant, address: string): Promise<IssuedTokens> {
    if (!grant.username || !grant.password)
      throw new OAuthError('invalid_request', 'username and password are required');
    let user;
    try {
      user = await this.sessions.authenticate(grant.username, grant.password, address);
    } catch (error) {
      if (error instanceof ApiError)
        throw new OAuthError('invalid_grant', error.errors.base?.[0] ?? 'Invalid grant');
      throw error;
    }
    return this.db.transaction(async (tx) => {
      const provider = await this.sessions.defaultProvider(tx, user);
      return this.issue(tx, {
        userId: user.id,
        providerId: provider?.id ?? null,
        grantType: 'password',
        scopes: [],
      });
    });
  }

  private async clientCredentialsGrant(grant: TokenGrant): Promise<IssuedTokens> {
    if (!grant.clientId || !grant.clientSecret) {
      throw new OAuthError('invalid_request', 'client_id and client_secret are required');
    }
    const resolved = await this.apiKeys.resolve(grant.clientSecret);
    if (!resolved.caller || resolved.caller.providerId !== grant.clientId) {
      throw new OAuthError('invalid_client', 'Unknown client, or a wrong secret');
    }
    const caller = resolved.caller;
    return this.db.transaction((tx) =>
      this.issue(tx, {
        userId: caller.userId,
        providerId: caller.providerId,
        grantType: 'client_credentials',
        scopes: [API_KEY_SCOPE],
        refreshable: false,
      }),
    );
  }

  /** A refresh token is good once: using it revokes the pair it belongs to and issues a new pair. */
  private async refreshGrant(grant: TokenGrant): Promise<IssuedTokens> {
    if (!grant.refreshToken) throw new OAuthError('invalid_request', 'refresh_token is required');
    return this.db.transaction(async (tx) => {
      const [old] = (await tx.query(
        `UPDATE oauth_tokens SET revoked_at = now()
          WHERE refresh_hash = $1 AND revoked_at IS NULL AND refresh_expires_at > now()
          RETURNING user_id AS "userId", provider_id AS "providerId", scopes`,
        [hashSecret(grant.refreshToken as string)],
      )) as unknown as Array<Array<{ userId: string; providerId: string | null; scopes: string[] }>>;
      const row = old?.[0];
      if (!row)
        throw new OAuthError('invalid_grant', 'The refresh token is unknown, used, revoked or expired');
      return this.issue(tx, { ...row, grantType: 'refresh_token' });
    });
  }

  private async issue(
    tx: EntityManager,
    token: {
      userId: string;
      providerId: string | null;
      grantType: string;
      scopes: string[];
      refreshable?: boolean;
    },
  ): Promise<IssuedTokens> {
    const accessToken = newSecret();
    const refreshToken = token.refreshable === false ? undefined : newSecret();
    await tx.query(
      `INSERT INTO oauth_tokens (id, access_hash, refresh_hash, user_id, provider_id, grant_type, scopes,
                                 access_expires_at, refresh_expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, now() + make_interval(secs => $8),
               CASE WHEN $3::bytea IS NULL THEN NULL ELSE now() + make_interval(secs => $9) END)`,
      [
        uuidv7(),
        hashSecret(accessToken),
        refreshToken ? hashSecret(refreshToken) : null,
        token.userId,
        token.providerId,
        token.grantType,
        token.scopes,
        ACCESS_TOKEN_SECONDS,
        REFRESH_TOKEN_SECONDS,
      ],
    );
    return {
      accessToken,
      tokenType: 'Bearer',
      expiresIn: ACCESS_TOKEN_SECONDS,
      ...(refreshToken ? { refreshToken } : {}),
      scope: token.scopes.join(' '),
    };
  }

  /** RFC 7009: revokes an access or refresh token (and its pair); unknown tokens are not an error. */
  async revoke(token: string | undefined): Promise<void> {
    if (!token) throw new OAuthError('invalid_request', 'token is required');
    await this.db.dataSource.query(
      'UPDATE oauth_tokens SET revoked_at = now() WHERE (access_hash = $1 OR refresh_hash = $1) AND revoked_at IS NULL',
      [hashSecret(token)],
    );
  }

  async resolve(accessToken: string): Promise<ResolvedCredentials> {
    const [row] = (await this.db.dataSource.query(
      `SELECT t.user_id AS "userId", t.provider_id AS "providerId", t.scopes, u.staff_role AS "staffRole", m.role
         FROM oauth_tokens t JOIN users u ON u.id = t.user_id
         LEFT JOIN memberships m ON m.user_id = t.user_id AND m.provider_id = t.provider_id
        WHERE t.access_hash = $1 AND t.revoked_at IS NULL AND t.access_expires_at > now()`,
      [hashSecret(accessToken)],
    )) as CallerRow[];
    return resolvedCaller(row);
  }
}
