import { Injectable } from '@nestjs/common';
import { API_KEY_SCOPE, type ResolvedCredentials } from '@tourly/contracts';
import { ApiError, Database, hashSecret, newSecret, uuidv7, type EntityManager } from '@tourly/platform';
import { resolvedCaller } from '../accounts/resolved-caller';
import { ApiKeysService } from '../api-keys/api-keys.service';
import { SessionsService } from '../sessions/sessions.service';
import { OAuthTokensRepository } from './oauth-tokens.repository';

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
    private readonly tokens: OAuthTokensRepository,
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

  /**
   * A refresh token is good once: using it revokes the pair it belongs to and issues a new pair of the same family.
   * One that comes back after its use (or its revocation, or expiry) may be a stolen copy, and whether the thief or
   * the client holds the newer pair cannot be told: every live token of its family is revoked (the OAuth 2.0
   * Security BCP, RFC 9700 §4.14.2), so neither keeps going on it; the person signs in again.
   */
  private async refreshGrant(grant: TokenGrant): Promise<IssuedTokens> {
    if (!grant.refreshToken) throw new OAuthError('invalid_request', 'refresh_token is required');
    const refreshHash = hashSecret(grant.refreshToken);
    const issued = await this.db.transaction(async (tx) => {
      const row = await this.tokens.useRefreshToken(tx, refreshHash);
      return row && this.issue(tx, { ...row, grantType: 'refresh_token' });
    });
    if (issued) return issued;
    await this.tokens.revokeFamilyOf(refreshHash);
    throw new OAuthError('invalid_grant', 'The refresh token is unknown, used, revoked or expired');
  }

  private async issue(
    tx: EntityManager,
    token: {
      userId: string;
      providerId: string | null;
      grantType: string;
      scopes: string[];
      refreshable?: boolean;
      /** The family of the grant a refresh carries on; a new grant starts its own. */
      familyId?: string;
    },
  ): Promise<IssuedTokens> {
    const accessToken = newSecret();
    const refreshToken = token.refreshable === false ? undefined : newSecret();
    const id = uuidv7();
    await this.tokens.create(tx, {
      id,
      familyId: token.familyId ?? id,
      accessHash: hashSecret(accessToken),
      refreshHash: refreshToken ? hashSecret(refreshToken) : null,
      userId: token.userId,
      providerId: token.providerId,
      grantType: token.grantType,
      scopes: token.scopes,
      accessSeconds: ACCESS_TOKEN_SECONDS,
      refreshSeconds: REFRESH_TOKEN_SECONDS,
    });
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
    await this.tokens.revoke(hashSecret(token));
  }

  async resolve(accessToken: string): Promise<ResolvedCredentials> {
    return resolvedCaller(await this.tokens.resolve(hashSecret(accessToken)));
  }
}
