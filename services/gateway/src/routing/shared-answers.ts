import type { FastifyReply, FastifyRequest } from 'fastify';

/** A kept answer's body is at most this big (the player's JSON is a few kB). */
export const MAX_SHARED_BODY_BYTES = 256 * 1024;
/** At most this many answers are kept; past it the cache starts again. */
const MAX_ENTRIES = 1000;

interface KeptAnswer {
  headers: Record<string, string | string[]>;
  body: Buffer;
  etag: string | undefined;
  until: number;
}

/** The seconds a shared cache may keep an answer (`s-maxage`), when it says `public`; else 0. */
export function sharedMaxAge(cacheControl: string | string[] | undefined): number {
  const value = Array.isArray(cacheControl) ? cacheControl.join(',') : (cacheControl ?? '');
  const directives = value
    .toLowerCase()
    .split(',')
    .map((part) => part.trim());
  if (!directives.includes('public') || directives.some((d) => d === 'private' || d === 'no-store')) return 0;
  const sMaxAge = directives.find((d) => d.startsWith('s-maxage='));
  const seconds = sMaxAge ? Number(sMaxAge.slice('s-maxage='.length)) : 0;
  return Number.isInteger(seconds) && seconds > 0 ? seconds : 0;
}

/** Whether an If-None-Match header names this ETag (or `*`). */
export function namesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  return (ifNoneMatch ?? '').split(',').some((tag) => {
    const given = tag.trim().replace(/^W\//, '');
    return given === '*' || given === etag;
  });
}

/**
 * A shared cache of the answers a service marks `public, s-maxage=N` (the visitor's player JSON), as a reverse
 * proxy keeps them: by host and URL, for N seconds, answered from memory with the same bytes and headers, and a
 * 304 when `If-None-Match` names its ETag. Only successful GETs are kept; every other request goes to the service.
 */
export class SharedAnswers {
  private readonly entries = new Map<string, KeptAnswer>();

  /** The kept answer for this request, if one is fresh. */
  lookup(request: FastifyRequest): KeptAnswer | undefined {
    if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
    const kept = this.entries.get(keyOf(request));
    return kept && kept.until > Date.now() ? kept : undefined;
  }

  /** Keeps a service's answer to this request when it says a shared cache may. */
  keep(request: FastifyRequest, headers: Record<string, string | string[]>, body: Buffer): void {
    const seconds = sharedMaxAge(headers['cache-control']);
    if (request.method !== 'GET' || seconds === 0 || body.length > MAX_SHARED_BODY_BYTES) return;
    // An answer that sets a cookie is someone's: never shared.
    if (headers['set-cookie'] !== undefined) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    const { 'x-request-id': _requestId, 'content-length': _length, ...kept } = headers;
    const etag = typeof headers.etag === 'string' ? headers.etag : undefined;
    this.entries.set(keyOf(request), { headers: kept, body, etag, until: Date.now() + seconds * 1000 });
  }

  send(request: FastifyRequest, reply: FastifyReply, kept: KeptAnswer): FastifyReply {
    void reply.headers(kept.headers);
    if (kept.etag && namesEtag(request.headers['if-none-match'], kept.etag)) return reply.status(304).send();
    return reply.status(200).send(request.method === 'HEAD' ? undefined : kept.body);
  }
}

function keyOf(request: FastifyRequest): string {
  return `${(request.headers.host ?? '').toLowerCase()}\n${request.url}`;
}
