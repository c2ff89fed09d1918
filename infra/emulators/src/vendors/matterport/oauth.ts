import { createHash, randomBytes } from 'node:crypto';
import { basicCredentials, isCallbackUri, sameSecret } from '../oauth-helpers';
import type { OAuthAccountId } from './models';

/** The one registered OAuth client: its credentials come from configuration. */
export interface MatterportOAuthOptions {
  /** Default `emulator-oauth-client`. */
  clientId?: string;
  /** Default `emulator-oauth-secret`. */
  clientSecret?: string;
  /** The application's name on the authorize page ("Allow <name> to view your Matterport models?"); default `Tourly`. */
  clientName?: string;
}

export const OAUTH_CLIENT_DEFAULTS = {
  clientId: 'emulator-oauth-client',
  clientSecret: 'emulator-oauth-secret',
  clientName: 'Tourly',
} as const;

/** An authorization code is good for 60 s, once. */
export const CODE_TTL_MS = 60_000;
/** Access tokens live an hour (Matterport's default access-token duration). */
export const ACCESS_TOKEN_TTL_S = 3600;
/** Refresh tokens live 30 days, as Matterport's do. */
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** The scopes a Matterport OAuth application may ask for; the Model API's reads need `ViewDetails`. */
export const KNOWN_SCOPES = ['ViewDetails', 'ViewPublic', 'EditDetails', 'DownloadAssets', 'PurchaseAssets'];
const REQUIRED_SCOPE = 'ViewDetails';

/** RFC 7636 §4.2: BASE64URL(SHA256(verifier)) without padding is 43 characters. */
const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;
/** RFC 7636 §4.1: 43 to 128 unreserved characters. */
const CODE_VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;

/** The parameters of an authorization request, once every one of them checked out. */
export interface AuthorizationRequest {
  clientId: string;
  redirectUri: string;
  scope: string[];
  state: string;
  codeChallenge: string;
}

/** What to do with an authorization request (GET shows the page, POST acts on the person's choice). */
export type AuthorizationCheck =
  /** The client or its redirect URI cannot be trusted: say so on a page, never redirect (RFC 6749 §4.1.2.1). */
  | { kind: 'refused'; message: string }
  /** Send the error back to the client's redirect URI. */
  | { kind: 'error'; redirectUri: string; error: string; description: string; state: string | undefined }
  | { kind: 'valid'; request: AuthorizationRequest };

/** An answer of the token endpoint: always JSON, never cached. */
export interface TokenResponse {
  status: 200 | 400 | 401;
  body: Record<string, unknown>;
  /** Set on 401: the client authentication scheme to use. */
  challenge?: boolean;
}

export interface OAuthStats {
  token_requests: { authorization_code: number; refresh_token: number };
}

/** One authorization: an account's consent to the client, the tokens it issued share its fate. */
interface Grant {
  account: OAuthAccountId;
  clientId: string;
  scope: string[];
  revoked: boolean;
}

interface IssuedCode {
  request: AuthorizationRequest;
  account: OAuthAccountId;
  expiresAt: number;
  /** Set once presented at the token endpoint: a code is used once, whatever came of it. */
  redeemed: boolean;
  /** The grant its redemption created, revoked when the code comes back (RFC 6749 §4.1.2). */
  grant?: Grant;
}

interface AccessToken {
  grant: Grant;
  expiresAt: number;
}

interface RefreshToken {
  grant: Grant;
  expiresAt: number;
  /** Replaced by a newer one (rotation): refused from then on. */
  rotated: boolean;
}

/** What the authorization server remembers across restarts. */
export interface OAuthState {
  codes: Map<string, IssuedCode>;
  accessTokens: Map<string, AccessToken>;
  refreshTokens: Map<string, RefreshToken>;
  stats: OAuthStats;
}

/**
 * Matterport's OAuth 2.0 authorization server for one confidential client: authorization codes with PKCE
 * (S256 only), bearer access tokens, rotating refresh tokens, as strict as RFC 6749 and RFC 7636 ask. State
 * lives in the instance; `now` is the clock (ms), replaceable by tests.
 */
export class MatterportOAuth {
  readonly client: Required<MatterportOAuthOptions>;
  private codes = new Map<string, IssuedCode>();
  private accessTokens = new Map<string, AccessToken>();
  private refreshTokens = new Map<string, RefreshToken>();
  private stats: OAuthStats = emptyStats();

  constructor(
    options: MatterportOAuthOptions,
    private readonly now: () => number,
  ) {
    this.client = { ...OAUTH_CLIENT_DEFAULTS, ...definedOnly(options) };
  }

  /** The codes and tokens issued, with their grants (objects two tokens share stay shared through `v8.serialize`). */
  save(): OAuthState {
    return {
      codes: this.codes,
      accessTokens: this.accessTokens,
      refreshTokens: this.refreshTokens,
      stats: this.stats,
    };
  }

  /** Takes back what `save` gave in an earlier run. */
  load(saved: OAuthState): void {
    this.codes = new Map(saved.codes);
    this.accessTokens = new Map(saved.accessTokens);
    this.refreshTokens = new Map(saved.refreshTokens);
    this.stats = saved.stats;
  }

  reset(): void {
    this.codes.clear();
    this.accessTokens.clear();
    this.refreshTokens.clear();
    this.stats = emptyStats();
  }

  /** Checks an authorization request (RFC 6749 §4.1.1, RFC 7636 §4.3), in the order the RFCs imply. */
  checkAuthorization(params: URLSearchParams): AuthorizationCheck {
    for (const name of ['client_id', 'redirect_uri']) {
      if (params.getAll(name).length > 1) {
        return { kind: 'refused', message: `The ${name} parameter is repeated.` };
      }
    }
    const clientId = params.get('client_id');
    if (!clientId) return { kind: 'refused', message: 'The request has no client_id.' };
    if (clientId !== this.client.clientId) {
      return { kind: 'refused', message: `No application is registered with the client_id "${clientId}".` };
    }
    const redirectUri = params.get('redirect_uri');
    if (!redirectUri) return { kind: 'refused', message: 'The request has no redirect_uri.' };
    if (!isAllowedRedirectUri(redirectUri)) {
      return {
        kind: 'refused',
        message: `The redirect_uri "${redirectUri}" is not registered for this application.`,
      };
    }

    const states = params.getAll('state');
    const state = states.length === 1 && states[0] ? states[0] : undefined;
    const error = (code: string, description: string): AuthorizationCheck => ({
      kind: 'error',
      redirectUri,
      error: code,
      description,
      state,
    });
    const repeated = OAUTH_PARAMETERS.find((name) => params.getAll(name).length > 1);
    if (repeated) return error('invalid_request', `The ${repeated} parameter is repeated.`);
    const responseType = params.get('response_type');
    if (!responseType) return error('invalid_request', 'The response_type parameter is missing.');
    if (responseType !== 'code') {
      return error(
        'unsupported_response_type',
        'Only the authorization code flow (response_type=code) is supported.',
      );
    }
    if (!state) return error('invalid_request', 'The state parameter is required.');
    const codeChallenge = params.get('code_challenge');
    if (!codeChallenge) {
      return error('invalid_request', 'PKCE is required: the code_challenge parameter is missing.');
    }
    const method = params.get('code_challenge_method');
    if (method !== 'S256') {
      return error(
        'invalid_request',
        method
          ? `The code_challenge_method "${method}" is not supported: use S256.`
          : 'The code_challenge_method parameter is missing (plain is not supported): use S256.',
      );
    }
    if (!S256_CHALLENGE.test(codeChallenge)) {
      return error(
        'invalid_request',
        'The code_challenge is not BASE64URL(SHA256(code_verifier)) (43 characters).',
      );
    }
    const scope = (params.get('scope') ?? '').split(' ').filter((word) => word !== '');
    if (scope.length === 0) {
      return error('invalid_scope', `The scope parameter is missing: ask for ${REQUIRED_SCOPE}.`);
    }
    const unknown = scope.find((word) => !KNOWN_SCOPES.includes(word));
    if (unknown) return error('invalid_scope', `Unknown scope "${unknown}".`);
    if (!scope.includes(REQUIRED_SCOPE)) {
      return error('invalid_scope', `The scope must include ${REQUIRED_SCOPE}.`);
    }

    return {
      kind: 'valid',
      request: { clientId, redirectUri, scope: [...new Set(scope)], state, codeChallenge },
    };
  }

  /** The account approved the request: a single-use code, good for CODE_TTL_MS. */
  issueCode(request: AuthorizationRequest, account: OAuthAccountId): string {
    const code = randomToken();
    this.codes.set(code, { request, account, expiresAt: this.now() + CODE_TTL_MS, redeemed: false });
    return code;
  }

  /** `POST /oauth/token` with the form's parameters and the request's Authorization header. */
  token(params: URLSearchParams, authorization: string | undefined): TokenResponse {
    const grantType = params.get('grant_type');
    if (grantType === 'authorization_code' || grantType === 'refresh_token') {
      this.stats.token_requests[grantType] += 1;
    }
    const repeated = [...new Set(params.keys())].find((name) => params.getAll(name).length > 1);
    if (repeated) return invalid('invalid_request', `The ${repeated} parameter is repeated.`);

    const client = this.authenticateClient(params, authorization);
    if (client) return client;

    if (!grantType) return invalid('invalid_request', 'The grant_type parameter is missing.');
    if (grantType === 'authorization_code') return this.redeemCode(params);
    if (grantType === 'refresh_token') return this.refresh(params);
    return invalid('unsupported_grant_type', `The grant_type "${grantType}" is not supported.`);
  }

  /** The account an access token reaches, while it is valid. */
  accountOf(accessToken: string): OAuthAccountId | undefined {
    const token = this.accessTokens.get(accessToken);
    if (!token || token.grant.revoked || token.expiresAt <= this.now()) return undefined;
    return token.grant.account;
  }

  /** Every access token (of `account`) expires now; answers how many were still valid. */
  expireAccessTokens(account?: OAuthAccountId): number {
    let expired = 0;
    const now = this.now();
    for (const token of this.accessTokens.values()) {
      if (account !== undefined && token.grant.account !== account) continue;
      if (token.expiresAt > now && !token.grant.revoked) expired += 1;
      token.expiresAt = Math.min(token.expiresAt, now);
    }
    return expired;
  }

  /** The account withdraws every consent: its tokens and unredeemed codes stop working. Answers the grants revoked. */
  revoke(account: OAuthAccountId): number {
    const grants = new Set<Grant>();
    for (const token of [...this.accessTokens.values(), ...this.refreshTokens.values()]) {
      if (token.grant.account === account && !token.grant.revoked) grants.add(token.grant);
    }
    for (const grant of grants) grant.revoked = true;
    for (const [code, issued] of this.codes) if (issued.account === account) this.codes.delete(code);
    return grants.size;
  }

  statistics(): OAuthStats {
    return { token_requests: { ...this.stats.token_requests } };
  }

  /**
   * RFC 6749 §2.3.1: HTTP Basic (client_id:client_secret, each form-encoded) or both in the body, never both
   * ways at once. Answers the refusal, or undefined when the registered client authenticated.
   */
  private authenticateClient(
    params: URLSearchParams,
    authorization: string | undefined,
  ): TokenResponse | undefined {
    const bodyId = params.get('client_id');
    const bodySecret = params.get('client_secret');
    let id: string | null;
    let secret: string | null;
    if (authorization !== undefined) {
      if (bodySecret !== null) {
        return invalid(
          'invalid_request',
          'Authenticate the client one way: HTTP Basic or client_secret, not both.',
        );
      }
      const basic = basicCredentials(authorization);
      if (!basic) {
        return unauthorized('The Authorization header is not HTTP Basic with client_id:client_secret.');
      }
      [id, secret] = basic;
      if (bodyId !== null && bodyId !== id) {
        return unauthorized('The client_id does not match the authenticated client.');
      }
    } else {
      id = bodyId;
      secret = bodySecret;
    }
    if (!id || !secret) {
      return unauthorized('Client authentication is required (client_id and client_secret).');
    }
    if (id !== this.client.clientId || !sameSecret(secret, this.client.clientSecret)) {
      return unauthorized('Client authentication failed.');
    }
    return undefined;
  }

  private redeemCode(params: URLSearchParams): TokenResponse {
    const code = params.get('code');
    const redirectUri = params.get('redirect_uri');
    const verifier = params.get('code_verifier');
    if (!code) return invalid('invalid_request', 'The code parameter is missing.');
    if (!redirectUri) return invalid('invalid_request', 'The redirect_uri parameter is missing.');
    if (!verifier) {
      return invalid('invalid_request', 'PKCE is required: the code_verifier parameter is missing.');
    }
    if (!CODE_VERIFIER.test(verifier)) {
      return invalid('invalid_request', 'The code_verifier must be 43 to 128 unreserved characters.');
    }

    const issued = this.codes.get(code);
    if (!issued || issued.request.clientId !== this.client.clientId) {
      return invalid('invalid_grant', 'The authorization code is invalid.');
    }
    if (issued.redeemed) {
      // RFC 6749 §4.1.2: a code used twice revokes what it issued.
      if (issued.grant) issued.grant.revoked = true;
      return invalid('invalid_grant', 'The authorization code was already used.');
    }
    issued.redeemed = true;
    if (issued.expiresAt <= this.now()) {
      return invalid('invalid_grant', 'The authorization code has expired.');
    }
    if (redirectUri !== issued.request.redirectUri) {
      return invalid(
        'invalid_grant',
        'The redirect_uri does not match the one of the authorization request.',
      );
    }
    if (s256(verifier) !== issued.request.codeChallenge) {
      return invalid('invalid_grant', 'The code_verifier does not match the code_challenge.');
    }
    const grant: Grant = {
      account: issued.account,
      clientId: issued.request.clientId,
      scope: issued.request.scope,
      revoked: false,
    };
    issued.grant = grant;
    return { status: 200, body: this.issueTokens(grant, grant.scope) };
  }

  private refresh(params: URLSearchParams): TokenResponse {
    const presented = params.get('refresh_token');
    if (!presented) return invalid('invalid_request', 'The refresh_token parameter is missing.');
    const token = this.refreshTokens.get(presented);
    if (!token || token.grant.clientId !== this.client.clientId) {
      return invalid('invalid_grant', 'The refresh token is invalid.');
    }
    if (token.grant.revoked) return invalid('invalid_grant', 'The refresh token has been revoked.');
    if (token.rotated) {
      return invalid('invalid_grant', 'The refresh token was already used: use the latest one.');
    }
    if (token.expiresAt <= this.now()) return invalid('invalid_grant', 'The refresh token has expired.');
    let scope = token.grant.scope;
    const requested = params.get('scope');
    if (requested !== null) {
      const narrower = requested.split(' ').filter((word) => word !== '');
      const beyond = narrower.find((word) => !token.grant.scope.includes(word));
      if (beyond || !narrower.includes(REQUIRED_SCOPE)) {
        return invalid(
          'invalid_scope',
          `The scope may only narrow the granted one (${token.grant.scope.join(' ')}), keeping ${REQUIRED_SCOPE}.`,
        );
      }
      scope = [...new Set(narrower)];
    }
    token.rotated = true;
    return { status: 200, body: this.issueTokens(token.grant, scope) };
  }

  private issueTokens(grant: Grant, scope: string[]): Record<string, unknown> {
    const accessToken = randomToken();
    const refreshToken = randomToken();
    const now = this.now();
    this.accessTokens.set(accessToken, { grant, expiresAt: now + ACCESS_TOKEN_TTL_S * 1000 });
    this.refreshTokens.set(refreshToken, { grant, expiresAt: now + REFRESH_TOKEN_TTL_MS, rotated: false });
    return {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: ACCESS_TOKEN_TTL_S,
      refresh_token: refreshToken,
      scope: scope.join(' '),
    };
  }
}

/** The parameters of an authorization request, each of which may appear once (RFC 6749 §3.1). */
const OAUTH_PARAMETERS = ['response_type', 'scope', 'state', 'code_challenge', 'code_challenge_method'];

/** Where the client may be sent back: `http(s)://<host>[:port]/api/integrations/matterport/callback`, exactly. */
export function isAllowedRedirectUri(value: string): boolean {
  return isCallbackUri(value, '/api/integrations/matterport/callback');
}

function s256(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

function invalid(error: string, description: string): TokenResponse {
  return { status: 400, body: { error, error_description: description } };
}

function unauthorized(description: string): TokenResponse {
  return { status: 401, body: { error: 'invalid_client', error_description: description }, challenge: true };
}

function emptyStats(): OAuthStats {
  return { token_requests: { authorization_code: 0, refresh_token: 0 } };
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as Partial<T>;
}
