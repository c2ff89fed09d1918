import { createHmac, timingSafeEqual } from 'node:crypto';
import type { MembershipRole, StaffRole } from '@tourly/contracts';

/**
 * Who is calling, as the gateway vouches for it. `userId` null: an anonymous visitor. When an admin
 * impersonates a provider, `impersonatorId` is the admin's user id on every request.
 */
export interface CallerIdentity {
  userId: string | null;
  /** The user's role within the current provider. */
  role: MembershipRole | null;
  /** A back-office role held by platform staff. */
  staffRole: StaffRole | null;
  providerId: string | null;
  /**
   * A client user's client (`client_user` only): the provider's client whose portal it works in. Portal routes
   * filter on (providerId, clientId) the way provider routes filter on providerId.
   */
  clientId: string | null;
  impersonatorId: string | null;
  scopes: string[];
}

export const ANONYMOUS: CallerIdentity = Object.freeze({
  userId: null,
  role: null,
  staffRole: null,
  providerId: null,
  clientId: null,
  impersonatorId: null,
  scopes: [],
}) as CallerIdentity;

export const INTERNAL_TOKEN_HEADER = 'x-internal-token';

/** Short-lived: long enough for one request's hops, short enough that a leaked token is soon worthless. */
export const INTERNAL_TOKEN_TTL_SECONDS = 60;
const CLOCK_SKEW_SECONDS = 5;
const VERIFIED_CACHE_SIZE = 10_000;

interface Claims {
  sub: string | null;
  role: MembershipRole | null;
  staff: StaffRole | null;
  pid: string | null;
  cid: string | null;
  imp: string | null;
  scp: string[];
  iat: number;
  exp: number;
}

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

/** A compact HS256 JWT signed with the secret shared by the gateway and the services. */
export class InternalTokens {
  private readonly key: Buffer;
  /** Tokens already verified, until they expire: the gateway reuses a caller's token for a while. */
  private readonly verified = new Map<string, { identity: CallerIdentity; exp: number }>();

  constructor(secret: string) {
    this.key = Buffer.from(secret, 'utf8');
  }

  sign(identity: CallerIdentity, nowSeconds = Math.floor(Date.now() / 1000)): string {
    const claims: Claims = {
      sub: identity.userId,
      role: identity.role,
      staff: identity.staffRole,
      pid: identity.providerId,
      cid: identity.clientId,
      imp: identity.impersonatorId,
      scp: identity.scopes,
      iat: nowSeconds,
      exp: nowSeconds + INTERNAL_TOKEN_TTL_SECONDS,
    };
    const body = `${HEADER}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
    return `${body}.${this.signature(body)}`;
  }

  /** The identity in a valid, unexpired token; null for anything else (missing, forged, expired, garbled). */
  verify(token: string | undefined, nowSeconds = Math.floor(Date.now() / 1000)): CallerIdentity | null {
    if (!token) return null;
    const known = this.verified.get(token);
    if (known) {
      if (known.exp + CLOCK_SKEW_SECONDS >= nowSeconds) return known.identity;
      this.verified.delete(token);
      return null;
    }
    const verified = this.verifySignature(token, nowSeconds);
    if (!verified) return null;
    if (this.verified.size >= VERIFIED_CACHE_SIZE) this.verified.clear();
    this.verified.set(token, verified);
    return verified.identity;
  }

  private verifySignature(
    token: string,
    nowSeconds: number,
  ): { identity: CallerIdentity; exp: number } | null {
    const parts = token.split('.');
    if (parts.length !== 3 || parts[0] !== HEADER) return null;
    const expected = Buffer.from(this.signature(`${parts[0]}.${parts[1]}`));
    const given = Buffer.from(parts[2]);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    let claims: Claims;
    try {
      claims = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8')) as Claims;
    } catch {
      return null;
    }
    if (typeof claims.exp !== 'number' || claims.exp + CLOCK_SKEW_SECONDS < nowSeconds) return null;
    return {
      exp: claims.exp,
      identity: Object.freeze({
        userId: claims.sub ?? null,
        role: claims.role ?? null,
        staffRole: claims.staff ?? null,
        providerId: claims.pid ?? null,
        clientId: claims.cid ?? null,
        impersonatorId: claims.imp ?? null,
        scopes: Array.isArray(claims.scp) ? claims.scp : [],
      }),
    };
  }

  private signature(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('base64url');
  }
}
