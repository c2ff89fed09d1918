import { timingSafeEqual } from 'node:crypto';
import {
  API_KEY_HEADER,
  CSRF_HEADER,
  RESOLVE_CREDENTIALS,
  SESSION_COOKIE,
  type ResolveCredentialsRequest,
  type ResolvedCredentials,
} from '@tourly/contracts';
import { ANONYMOUS, readCookie, type CallerIdentity, type RpcClient } from '@tourly/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** How long an answer from identity is reused: revoking a session takes effect within this time. */
const CACHE_MS = 2000;
const MAX_ENTRIES = 10_000;
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Signing in needs no CSRF token (there is no session yet, and it always starts a new one). */
const CSRF_EXEMPT = new Set(['/users/sign_in']);

export interface ResolvedCaller {
  caller: CallerIdentity;
  /** The session's CSRF token, for the page's meta tag; null without a session. */
  csrfToken: string | null;
  sessionToken?: string;
}

/**
 * Who is calling: an OAuth bearer token, a provider API key (`X-Api-Key`) or the session cookie, resolved by identity over
 * request-reply and cached briefly. Anything unknown, expired or revoked is an anonymous caller.
 */
export class CredentialResolver {
  private readonly cache = new Map<string, { at: number; resolved: ResolvedCredentials }>();

  constructor(private readonly rpc: RpcClient) {}

  async resolve(request: FastifyRequest): Promise<ResolvedCaller> {
    // An OAuth access token (the spec's "OAuth marker") or a provider system's API key: no cookie, no CSRF.
    const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    if (bearer) {
      const resolved = await this.lookup(`bearer:${bearer}`, { accessToken: bearer });
      return { caller: resolved.caller ?? ANONYMOUS, csrfToken: null };
    }
    const apiKey = request.headers[API_KEY_HEADER];
    if (typeof apiKey === 'string' && apiKey) {
      const resolved = await this.lookup(`key:${apiKey}`, { apiKey });
      return { caller: resolved.caller ?? ANONYMOUS, csrfToken: null };
    }
    const sessionToken = readCookie(request.headers.cookie, SESSION_COOKIE);
    if (!sessionToken) return { caller: ANONYMOUS, csrfToken: null };
    const resolved = await this.lookup(`session:${sessionToken}`, { sessionToken });
    if (!resolved.caller) return { caller: ANONYMOUS, csrfToken: null };
    return { caller: resolved.caller, csrfToken: resolved.csrfToken, sessionToken };
  }

  /** Unsafe requests made with the session cookie must echo the session's CSRF token in a header. */
  passesCsrf(request: FastifyRequest, pathname: string, resolved: ResolvedCaller): boolean {
    if (!resolved.sessionToken || !UNSAFE_METHODS.has(request.method) || CSRF_EXEMPT.has(pathname))
      return true;
    const given = request.headers[CSRF_HEADER];
    if (typeof given !== 'string' || !resolved.csrfToken) return false;
    const a = Buffer.from(given);
    const b = Buffer.from(resolved.csrfToken);
    return a.length === b.length && timingSafeEqual(a, b);
  }

  /**
   * An unsafe request to identity may change what the session resolves to (signing out, switching provider,
   * impersonating): through this gateway it takes effect at once, not after the cache time.
   */
  forgetAfterChange(request: FastifyRequest, reply: FastifyReply, resolved: ResolvedCaller): void {
    const token = resolved.sessionToken;
    if (!token || !UNSAFE_METHODS.has(request.method)) return;
    this.cache.delete(`session:${token}`);
    reply.raw.once('finish', () => this.cache.delete(`session:${token}`));
  }

  private async lookup(key: string, request: ResolveCredentialsRequest): Promise<ResolvedCredentials> {
    const now = Date.now();
    const cached = this.cache.get(key);
    if (cached && now - cached.at < CACHE_MS) return cached.resolved;
    const resolved = await this.rpc.ask<ResolvedCredentials>(RESOLVE_CREDENTIALS, request);
    if (this.cache.size >= MAX_ENTRIES) this.cache.clear();
    this.cache.set(key, { at: now, resolved });
    return resolved;
  }
}
