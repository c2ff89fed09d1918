import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

export const FORM = 'application/x-www-form-urlencoded';

/** A host name or a bracketed IPv6 address, with an optional port: the origin part of a callback URI. */
const ORIGIN = String.raw`https?:\/\/(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?`;

/**
 * Whether `value` is `http(s)://<host>[:port]<path>` exactly (no query, fragment or user info): the platform's
 * callback on whatever origin it runs at, which changes from run to run.
 */
export function isCallbackUri(value: string, path: string): boolean {
  const escaped = path.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  if (!new RegExp(`^${ORIGIN}${escaped}$`).test(value)) return false;
  try {
    const url = new URL(value);
    return url.port === '' || Number(url.port) <= 65535;
  } catch {
    return false;
  }
}

/** Compares a client secret without telling, by its timing, how much of it was right. */
export function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** `Basic base64(urlencoded(client_id):urlencoded(client_secret))` (RFC 6749 §2.3.1), decoded; undefined when malformed. */
export function basicCredentials(header: string): [string, string] | undefined {
  const encoded = /^Basic +([A-Za-z0-9+/]+={0,2}) *$/i.exec(header)?.[1];
  if (!encoded) return undefined;
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  try {
    const formDecode = (part: string) => decodeURIComponent(part.replace(/\+/g, ' '));
    return [formDecode(decoded.slice(0, colon)), formDecode(decoded.slice(colon + 1))];
  } catch {
    return undefined;
  }
}

/** 302 to the client's redirect URI with the response parameters (RFC 6749 §4.1.2). */
export function redirect(
  reply: FastifyReply,
  redirectUri: string,
  params: Record<string, string | undefined>,
) {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(params))
    if (value !== undefined) url.searchParams.set(name, value);
  return reply.header('cache-control', 'no-store').redirect(url.toString(), 302);
}

/** An HTML page of an authorization server: never cached, never framed (RFC 6749 §10.13). */
export function htmlPage(reply: FastifyReply): FastifyReply {
  return reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('x-frame-options', 'DENY')
    .header('content-security-policy', "frame-ancestors 'none'")
    .header('referrer-policy', 'no-referrer');
}

export function isForm(request: FastifyRequest): boolean {
  return (request.headers['content-type'] ?? '').split(';', 1)[0]!.trim().toLowerCase() === FORM;
}

/** Text made safe inside HTML, attribute values included. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** The consent form's hidden inputs: every parameter of the authorization request, posted back as it came. */
export function hiddenFields(params: URLSearchParams): string {
  return [...params.entries()]
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n      ');
}

/** An authorization request the server will not act on: one it cannot trust gets a page, any other goes back to the client. */
export type AuthorizationRefusal =
  | { kind: 'refused'; message: string }
  | { kind: 'error'; redirectUri: string; error: string; description: string; state: string | undefined };

/** Answers a refusal: the page (`render`) when the client cannot be trusted, else the error at its redirect URI. */
export function answerRefusal(
  reply: FastifyReply,
  refusal: AuthorizationRefusal,
  render: (message: string) => string,
) {
  if (refusal.kind === 'refused') return htmlPage(reply).code(400).send(render(refusal.message));
  return redirect(reply, refusal.redirectUri, {
    error: refusal.error,
    error_description: refusal.description,
    state: refusal.state,
  });
}

/** Errors fastify raises on the authorize page's routes (a malformed query), as a page (`render`). */
export function pageErrorHandler(render: (message: string) => string) {
  return (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
    const status = error.statusCode && error.statusCode < 500 ? 400 : 500;
    void htmlPage(reply).code(status).send(render(error.message));
  };
}

/** Errors fastify raises on the token endpoint (a malformed body), the OAuth way: JSON, never cached. */
export function tokenErrorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const client = error.statusCode !== undefined && error.statusCode < 500;
  void reply
    .code(client ? 400 : 500)
    .header('cache-control', 'no-store')
    .header('pragma', 'no-cache')
    .send({ error: client ? 'invalid_request' : 'server_error', error_description: error.message });
}
