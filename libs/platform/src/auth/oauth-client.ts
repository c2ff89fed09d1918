import type { Logger } from 'pino';

/**
 * The platform as an OAuth 2.0 client of a vendor (Matterport's accounts, Sketchfab's): the token endpoint's answers
 * read once, the same way for every vendor (RFC 6749 §4.1.3, §5, §6).
 */

/** An access token this close to its expiry is renewed before it is handed out. */
export const RENEW_WITHIN_SECONDS = 60;
/** When the token endpoint does not say how long an access token lasts (RFC 6749 §5.1: RECOMMENDED). */
export const DEFAULT_ACCESS_SECONDS = 3600;

/** Whether an access token must be renewed before it is handed out. */
export function needsRenewal(accessExpiresAt: Date, now: Date): boolean {
  return accessExpiresAt.getTime() - now.getTime() <= RENEW_WITHIN_SECONDS * 1000;
}

/** Tokens as the token endpoint issued them (RFC 6749 §5.1). */
export interface IssuedTokens {
  accessToken: string;
  /** null when none was issued (a renewal keeps the one it had). */
  refreshToken: string | null;
  expiresInSeconds: number;
  scope: string | null;
}

/** A trimmed, non-empty text, else null. */
export const answerText = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

/** A token endpoint's 200 answer read defensively; null when it is not a Bearer token answer. */
export function issuedTokens(body: unknown): IssuedTokens | null {
  if (!body || typeof body !== 'object') return null;
  const answer = body as Record<string, unknown>;
  const accessToken = answerText(answer.access_token);
  const tokenType = answerText(answer.token_type);
  if (!accessToken || (tokenType && tokenType.toLowerCase() !== 'bearer')) return null;
  const expiresIn = Number(answer.expires_in);
  return {
    accessToken,
    refreshToken: answerText(answer.refresh_token),
    expiresInSeconds:
      Number.isFinite(expiresIn) && expiresIn > 0 ? Math.floor(expiresIn) : DEFAULT_ACCESS_SECONDS,
    scope: answerText(answer.scope),
  };
}

/**
 * What the token endpoint answered: tokens (with the whole answer, for what a vendor adds to RFC 6749's fields); a
 * refusal in RFC 6749's words (§5.2: `invalid_grant` for a code or refresh token that is not good, `invalid_client`
 * for the platform's own credentials); or no usable answer (the network, a timeout, a 5xx, a body that is not a token
 * answer), which is worth trying again later.
 */
export type TokenOutcome =
  | { kind: 'issued'; tokens: IssuedTokens; answer: Record<string, unknown> }
  | { kind: 'refused'; error: string; description: string | null }
  | { kind: 'unavailable'; detail: string };

/** A vendor's token endpoint and the platform's client there. */
export interface TokenEndpoint {
  /** The vendor's name in the logs ('Matterport'). */
  vendor: string;
  url: string;
  clientId: string;
  clientSecret: string;
  timeoutMs: number;
}

/** POSTs a grant (`form`) to the token endpoint, the client authenticated with HTTP Basic (RFC 6749 §2.3.1). */
export async function requestTokens(
  endpoint: TokenEndpoint,
  form: Record<string, string>,
  logger: Logger,
): Promise<TokenOutcome> {
  // The id and secret are form-encoded before they are joined (RFC 6749 §2.3.1).
  const credentials = Buffer.from(
    `${encodeURIComponent(endpoint.clientId)}:${encodeURIComponent(endpoint.clientSecret)}`,
  ).toString('base64');
  const grant = form.grant_type;
  let status: number;
  let body: unknown;
  try {
    const response = await fetch(endpoint.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
        authorization: `Basic ${credentials}`,
      },
      body: new URLSearchParams(form),
      signal: AbortSignal.timeout(endpoint.timeoutMs),
    });
    status = response.status;
    body = await response.json().catch(() => null);
  } catch (error) {
    logger.warn({ err: error, grant }, `${endpoint.vendor} token endpoint unreachable`);
    return { kind: 'unavailable', detail: error instanceof Error ? error.message : String(error) };
  }
  if (status === 200) {
    const tokens = issuedTokens(body);
    if (tokens) return { kind: 'issued', tokens, answer: body as Record<string, unknown> };
    logger.warn({ grant }, `${endpoint.vendor} token endpoint answered no token`);
    return { kind: 'unavailable', detail: 'no token in the answer' };
  }
  const refusal = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  if (status >= 400 && status < 500 && typeof refusal.error === 'string') {
    const description = typeof refusal.error_description === 'string' ? refusal.error_description : null;
    logger.info(
      { grant, status, error: refusal.error, description },
      `${endpoint.vendor} refused a token request`,
    );
    return { kind: 'refused', error: refusal.error, description };
  }
  logger.warn({ grant, status }, `${endpoint.vendor} token endpoint failed`);
  return { kind: 'unavailable', detail: `HTTP ${status}` };
}
