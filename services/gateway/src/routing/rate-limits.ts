import { HIT_RATE_LIMIT, type HitRateLimitRequest, type RateLimitAnswer } from '@tourly/contracts';
import { clientAddressKey, type RpcClient } from '@tourly/platform';

/**
 * Where a credential can be guessed: sign-in, tokens, password resets, sign-up and its code, confirmation codes, and a
 * team invitation's link (accepting one takes the account's password).
 */
const CREDENTIAL_ENDPOINTS = new Set([
  'POST /users/sign_in',
  'POST /oauth/token',
  'POST /users/password',
  'PUT /users/password',
  'POST /users/password/check',
  'POST /sign_up',
  'POST /sign_up/confirm',
  'POST /contact_confirmations',
  'POST /users/invitation/check',
  'POST /users/invitation/accept',
  'POST /users/invitation/sign_up',
]);

const WINDOW_SECONDS = 60;

export const TOO_MANY_ATTEMPTS = 'Too many attempts from your network. Please wait a minute and try again.';

/**
 * Limits credential endpoints per client address, in fixed one-minute windows. The per-account lockout in
 * identity stops guessing one account's password; this stops one address trying many accounts. An IPv6 client
 * is counted as its /64 (`clientAddressKey`): whoever holds one address of a network holds them all. The counts
 * live in PostgreSQL, in identity's schema (every one of these endpoints is identity's), asked over the same
 * request-reply path as credentials: every gateway replica shares them, and the gateway keeps no database.
 */
export class CredentialRateLimit {
  constructor(
    private readonly rpc: RpcClient,
    private readonly perMinute: number,
  ) {}

  /**
   * null when the request may go on; otherwise the seconds until the address may try again. Throws the
   * platform's 503 when identity cannot be asked (the endpoints are identity's, so they are down anyway).
   */
  async check(method: string, pathname: string, address: string): Promise<number | null> {
    if (!CREDENTIAL_ENDPOINTS.has(`${method} ${pathname.replace(/\/+$/, '')}`)) return null;
    const hit: HitRateLimitRequest = {
      bucket: 'credentials',
      key: clientAddressKey(address),
      limit: this.perMinute,
      windowSeconds: WINDOW_SECONDS,
    };
    const answer = await this.rpc.ask<RateLimitAnswer>(HIT_RATE_LIMIT, hit);
    return answer.retryAfter;
  }
}
