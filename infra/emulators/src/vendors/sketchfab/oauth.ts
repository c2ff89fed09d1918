import { randomBytes } from 'node:crypto';
import { basicCredentials, isCallbackUri, sameSecret } from '../oauth-helpers';
import { oauthAccount, type OAuthAccountId, type SketchfabUser } from './catalogue';

/** An application registered with Sketchfab (Sketchfab registers them by hand, on request). */
export interface SketchfabOAuthClient {
  clientId: string;
  clientSecret: string;
  /** Shown on the authorize page: "Authorize <name>". */
  name: string;
  /**
   * The redirect URIs registered for it, matched exactly. Left out: any `http(s)://<host>[:port]` followed by
   * exactly `/api/integrations/sketchfab/callback`, since the platform's origin changes from run to run.
   */
  redirectUris?: readonly string[];
}

export interface SketchfabOAuthOptions {
  /** The registered applications; default one, SKETCHFAB_OAUTH_CLIENT_DEFAULTS. */
  clients?: readonly SketchfabOAuthClient[];
  /** Seconds an access token lives; default 2,592,000 (30 days, as Sketchfab's do). */
  accessTokenTtlS?: number;
  /** Seconds an authorization code lives; default 60. */
  codeTtlS?: number;
}

export const SKETCHFAB_OAUTH_CLIENT_DEFAULTS = {
  clientId: 'emulator-sketchfab-client',
  clientSecret: 'emulator-sketchfab-secret',
  name: 'Tourly',
} as const;

export const SKETCHFAB_TOKEN_DEFAULTS = { accessTokenTtlS: 30 * 24 * 3600, codeTtlS: 60 } as const;

/** Sketchfab's scopes; a request without `scope` gets both. */
export const SCOPES = ['read', 'write'] as const;

/** Where the default registration sends back to, on any origin. */
export const SKETCHFAB_CALLBACK_PATH = '/api/integrations/sketchfab/callback';

/** The parameters of the authorize endpoint, each of which may appear once. */
const AUTHORIZE_PARAMETERS = [
  'client_id',
  'redirect_uri',
  'response_type',
  'scope',
  'state',
  'approval_prompt',
];

export interface AuthorizationRequest {
  clientId: string;
  /** What the client sent (undefined: the registered default was used), to compare at the token endpoint. */
  redirectUriSent: string | undefined;
  redirectUri: string;
  scope: string[];
  state: string | undefined;
}

export type AuthorizationCheck =
  /** The client or its redirect URI cannot be trusted: an error page, never a redirect (RFC 6749 §4.1.2.1). */
  | { kind: 'refused'; message: string }
  | { kind: 'error'; redirectUri: string; error: string; description: string; state: string | undefined }
  | { kind: 'valid'; request: AuthorizationRequest; clientName: string };

export interface TokenResponse {
  status: 200 | 400 | 401;
  body: Record<string, unknown>;
}

interface Grant {
  account: OAuthAccountId;
  clientId: string;
  scope: string[];
}

interface IssuedCode {
  request: AuthorizationRequest;
  account: OAuthAccountId;
  expiresAt: number;
  used: boolean;
}

interface AccessToken {
  grant: Grant;
  expiresAt: number;
}

interface RefreshToken {
  grant: Grant;
  /** Replaced by a newer one (Sketchfab rotates refresh tokens): refused from then on. */
  rotated: boolean;
}

export interface SketchfabOAuthState {
  codes: Map<string, IssuedCode>;
  accessTokens: Map<string, AccessToken>;
  refreshTokens: Map<string, RefreshToken>;
}

/**
 * Sketchfab's OAuth 2.0 authorization server (django-oauth-toolkit on oauthlib): the authorization code grant for
 * confidential clients, 30-day bearer tokens, refresh tokens that rotate, and oauthlib's answers (`{"error":
 * "invalid_grant"}`; `401 {"error": "invalid_client"}`). `now` is the clock in ms.
 */
export class SketchfabOAuth {
  private readonly clients: readonly SketchfabOAuthClient[];
  private readonly accessTokenTtlMs: number;
  private readonly codeTtlMs: number;
  private codes = new Map<string, IssuedCode>();
  private accessTokens = new Map<string, AccessToken>();
  private refreshTokens = new Map<string, RefreshToken>();

  constructor(
    options: SketchfabOAuthOptions,
    private readonly now: () => number,
  ) {
    this.clients = options.clients?.length ? options.clients : [SKETCHFAB_OAUTH_CLIENT_DEFAULTS];
    this.accessTokenTtlMs = (options.accessTokenTtlS ?? SKETCHFAB_TOKEN_DEFAULTS.accessTokenTtlS) * 1000;
    this.codeTtlMs = (options.codeTtlS ?? SKETCHFAB_TOKEN_DEFAULTS.codeTtlS) * 1000;
  }

  save(): SketchfabOAuthState {
    return { codes: this.codes, accessTokens: this.accessTokens, refreshTokens: this.refreshTokens };
  }

  load(saved: SketchfabOAuthState): void {
    this.codes = new Map(saved.codes);
    this.accessTokens = new Map(saved.accessTokens);
    this.refreshTokens = new Map(saved.refreshTokens);
  }

  reset(): void {
    this.codes.clear();
    this.accessTokens.clear();
    this.refreshTokens.clear();
  }

  /** Checks `GET /oauth2/authorize/` (and the consent form posting it back). */
  checkAuthorization(params: URLSearchParams): AuthorizationCheck {
    for (const name of ['client_id', 'redirect_uri']) {
      if (params.getAll(name).length > 1) return { kind: 'refused', message: `Duplicate ${name} parameter.` };
    }
    const clientId = params.get('client_id');
    if (!clientId) return { kind: 'refused', message: 'Missing client_id parameter.' };
    const client = this.clients.find((candidate) => candidate.clientId === clientId);
    if (!client) return { kind: 'refused', message: 'Invalid client_id parameter value.' };
    const redirectUriSent = params.get('redirect_uri') ?? undefined;
    const redirectUri = redirectUriSent ?? client.redirectUris?.[0];
    if (!redirectUri) return { kind: 'refused', message: 'Missing redirect URI.' };
    if (!isRegisteredRedirectUri(client, redirectUri)) {
      return { kind: 'refused', message: 'Mismatching redirect URI.' };
    }

    const states = params.getAll('state');
    const state = states.length === 1 ? states[0] : undefined;
    const error = (code: string, description: string): AuthorizationCheck => ({
      kind: 'error',
      redirectUri,
      error: code,
      description,
      state,
    });
    const repeated = AUTHORIZE_PARAMETERS.find((name) => params.getAll(name).length > 1);
    if (repeated) return error('invalid_request', `Duplicate ${repeated} parameter.`);
    const responseType = params.get('response_type');
    if (!responseType) return error('invalid_request', 'Missing response_type parameter.');
    if (responseType === 'token') {
      return error('unauthorized_client', 'The client is not authorized to use the implicit grant.');
    }
    if (responseType !== 'code') return error('unsupported_response_type', `Unsupported response_type.`);
    const requested = params.get('scope');
    const scope = requested === null ? [...SCOPES] : requested.split(' ').filter((word) => word !== '');
    const unknown = scope.find((word) => !(SCOPES as readonly string[]).includes(word));
    if (unknown || scope.length === 0) {
      return error('invalid_scope', `Invalid scope: ${unknown ?? '(empty)'}; the scopes are read and write.`);
    }
    return {
      kind: 'valid',
      clientName: client.name,
      request: { clientId, redirectUriSent, redirectUri, scope: [...new Set(scope)], state },
    };
  }

  issueCode(request: AuthorizationRequest, account: OAuthAccountId): string {
    const code = randomToken(30);
    this.codes.set(code, { request, account, expiresAt: this.now() + this.codeTtlMs, used: false });
    return code;
  }

  /** `POST /oauth2/token/` with the form's parameters and the request's Authorization header. */
  token(params: URLSearchParams, authorization: string | undefined): TokenResponse {
    const repeated = [...new Set(params.keys())].find((name) => params.getAll(name).length > 1);
    if (repeated) return invalid('invalid_request', `Duplicate ${repeated} parameter.`);
    const client = this.authenticateClient(params, authorization);
    if (!client) return { status: 401, body: { error: 'invalid_client' } };
    const grantType = params.get('grant_type');
    if (!grantType) return invalid('invalid_request', 'Request is missing grant type.');
    if (grantType === 'authorization_code') return this.redeemCode(client, params);
    if (grantType === 'refresh_token') return this.refresh(client, params);
    return { status: 400, body: { error: 'unsupported_grant_type' } };
  }

  /** The account an access token reaches and the scope it was granted, while it is valid. */
  callerOf(accessToken: string): { user: SketchfabUser; scope: string[] } | undefined {
    const token = this.accessTokens.get(accessToken);
    if (!token || token.expiresAt <= this.now()) return undefined;
    return { user: oauthAccount(token.grant.account), scope: token.grant.scope };
  }

  /** Every access token expires now; answers how many were still valid. */
  expireAccessTokens(): number {
    let expired = 0;
    const now = this.now();
    for (const token of this.accessTokens.values()) {
      if (token.expiresAt > now) expired += 1;
      token.expiresAt = Math.min(token.expiresAt, now);
    }
    return expired;
  }

  /** HTTP Basic or client_id + client_secret in the body (RFC 6749 §2.3.1); the client, or undefined. */
  private authenticateClient(
    params: URLSearchParams,
    authorization: string | undefined,
  ): SketchfabOAuthClient | undefined {
    let id = params.get('client_id');
    let secret = params.get('client_secret');
    if (authorization !== undefined) {
      const basic = basicCredentials(authorization);
      if (!basic || (id !== null && id !== basic[0])) return undefined;
      [id, secret] = basic;
    }
    if (!id || !secret) return undefined;
    const client = this.clients.find((candidate) => candidate.clientId === id);
    return client && sameSecret(secret, client.clientSecret) ? client : undefined;
  }

  private redeemCode(client: SketchfabOAuthClient, params: URLSearchParams): TokenResponse {
    const code = params.get('code');
    if (!code) return invalid('invalid_request', 'Missing code parameter.');
    const issued = this.codes.get(code);
    if (
      !issued ||
      issued.used ||
      issued.request.clientId !== client.clientId ||
      issued.expiresAt <= this.now()
    ) {
      return { status: 400, body: { error: 'invalid_grant' } };
    }
    const redirectUri = params.get('redirect_uri') ?? undefined;
    if (issued.request.redirectUriSent !== undefined && redirectUri === undefined) {
      return invalid('invalid_request', 'Missing redirect URI.');
    }
    if (redirectUri !== undefined && redirectUri !== issued.request.redirectUri) {
      return invalid('invalid_request', 'Mismatching redirect URI.');
    }
    issued.used = true;
    const grant: Grant = { account: issued.account, clientId: client.clientId, scope: issued.request.scope };
    return { status: 200, body: this.issueTokens(grant) };
  }

  private refresh(client: SketchfabOAuthClient, params: URLSearchParams): TokenResponse {
    const presented = params.get('refresh_token');
    if (!presented) return invalid('invalid_request', 'Missing refresh token parameter.');
    const token = this.refreshTokens.get(presented);
    if (!token || token.rotated || token.grant.clientId !== client.clientId) {
      return { status: 400, body: { error: 'invalid_grant' } };
    }
    const requested = params.get('scope');
    if (requested !== null) {
      const narrower = requested.split(' ').filter((word) => word !== '');
      if (narrower.length === 0 || narrower.some((word) => !token.grant.scope.includes(word))) {
        return { status: 400, body: { error: 'invalid_scope' } };
      }
    }
    token.rotated = true;
    return { status: 200, body: this.issueTokens(token.grant) };
  }

  private issueTokens(grant: Grant): Record<string, unknown> {
    const accessToken = randomToken(30);
    const refreshToken = randomToken(30);
    this.accessTokens.set(accessToken, { grant, expiresAt: this.now() + this.accessTokenTtlMs });
    this.refreshTokens.set(refreshToken, { grant, rotated: false });
    return {
      access_token: accessToken,
      expires_in: Math.round(this.accessTokenTtlMs / 1000),
      token_type: 'Bearer',
      scope: grant.scope.join(' '),
      refresh_token: refreshToken,
    };
  }
}

function isRegisteredRedirectUri(client: SketchfabOAuthClient, uri: string): boolean {
  return client.redirectUris
    ? client.redirectUris.includes(uri)
    : isCallbackUri(uri, SKETCHFAB_CALLBACK_PATH);
}

/** Random letters and digits, as django-oauth-toolkit's tokens are. */
function randomToken(length: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return [...randomBytes(length)].map((byte) => alphabet[byte % alphabet.length]).join('');
}

function invalid(error: string, description: string): TokenResponse {
  return { status: 400, body: { error, error_description: description } };
}
