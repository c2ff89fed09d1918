import { createHash, timingSafeEqual } from 'node:crypto';
import {
  API_KEY_HEADER,
  CSRF_HEADER,
  RESOLVE_CREDENTIALS,
  SESSION_COOKIE,
  type ResolveCredentialsRequest,
  type ResolvedCredentials,
} from '@tourly/contracts';
import {
  ANONYMOUS,
  readCookie,
  type Broadcasts,
  type CallerIdentity,
  type RpcClient,
  type Stoppable,
} from '@tourly/platform';
import type { FastifyRequest } from 'fastify';

/** How long an answer from identity is reused: revoking a session takes effect within this time. */
const CACHE_MS = 2000;
const MAX_ENTRIES = 10_000;
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Signing in needs no CSRF token (there is no session yet, and it always starts a new one). */
const CSRF_EXEMPT = new Set(['/users/sign_in']);
/** Told to every gateway replica: a session may resolve to something else now; `{session}` is its key here. */
const SESSION_CHANGED = 'gateway.session_changed';

interface SessionChanged {
  session: string;
}

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

  constructor(
    private readonly rpc: RpcClient,
    private readonly broadcasts: Broadcasts,
  ) {}

  /** Hears the other replicas' changed sessions (and this one's own): each is forgotten, asked again when next used. */
  listen(): Promise<Stoppable> {
    return this.broadcasts.listen<SessionChanged>(SESSION_CHANGED, ({ session }) =>
      this.cache.delete(session),
    );
  }

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
    const resolved = await this.lookup(sessionKey(sessionToken), { sessionToken });
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
   * impersonating): it takes effect at once on every gateway replica, not after the cache time. This one forgets
   * the session now; the answer is what to await once identity answered, before the answer is passed on: this one
   * forgets it again (a request resolved meanwhile kept the old one), and every replica is told, so the browser's
   * next request, whichever replica the load balancer sends it to, is resolved afresh.
   */
  forgetAfterChange(request: FastifyRequest, resolved: ResolvedCaller): (() => Promise<void>) | undefined {
    const token = resolved.sessionToken;
    if (!token || !UNSAFE_METHODS.has(request.method)) return undefined;
    const session = sessionKey(token);
    this.cache.delete(session);
    return () => {
      this.cache.delete(session);
      return this.broadcasts.send(SESSION_CHANGED, { session } satisfies SessionChanged);
    };
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

/** A session's key in the cache, and in what replicas tell each other: its hash, so the token itself never goes round. */
function sessionKey(token: string): string {
  return `session:${createHash('sha256').update(token).digest('base64url')}`;
}
