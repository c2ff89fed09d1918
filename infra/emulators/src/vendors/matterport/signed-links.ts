import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { GraphQLError } from 'graphql';

/**
 * The query of a link to `path` good until `expires` (unix seconds): `expires=<s>&signature=<hex HMAC-SHA256 of the
 * path and expires under key>`, as a storage bucket's presigned URL. Each kind of link has a key of its own, a
 * constant of the emulator rather than one drawn per vendor instance, so that a link stays good (until it expires)
 * across a restart that keeps the vendor's state, as the links of the real API do.
 */
export function signedQuery(key: string, path: string, expires: number): string {
  return `expires=${expires}&signature=${signature(key, path, expires)}`;
}

/** What a signed link's query says of it at `nowMs`: signed for that path, then not past its expiry. */
export function checkSignedLink(
  key: string,
  path: string,
  query: Record<string, unknown>,
  nowMs: number,
): 'valid' | 'invalid' | 'expired' {
  const { expires, signature: given } = query;
  const expiry = typeof expires === 'string' && /^\d{1,12}$/.test(expires) ? Number(expires) : Number.NaN;
  if (typeof given !== 'string' || Number.isNaN(expiry)) return 'invalid';
  const expected = Buffer.from(signature(key, path, expiry));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return 'invalid';
  return Math.floor(nowMs / 1000) > expiry ? 'expired' : 'valid';
}

/**
 * A signed link's refusal as a storage bucket words it: `404` NoSuchKey for nothing at that path, `403`
 * AccessDenied for a signature that is missing or not the link's ("Invalid signature"), then for a link past its
 * expiry ("Request has expired").
 */
export function s3Error(reply: FastifyReply, status: number, code: string, message: string) {
  return reply
    .code(status)
    .type('application/xml')
    .send(
      `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`,
    );
}

/** Answers a link `checkSignedLink` did not find valid; undefined when it is. */
export function refuseSignedLink(reply: FastifyReply, check: ReturnType<typeof checkSignedLink>) {
  if (check === 'invalid') return s3Error(reply, 403, 'AccessDenied', 'Invalid signature');
  if (check === 'expired') return s3Error(reply, 403, 'AccessDenied', 'Request has expired');
  return undefined;
}

/** An ISO 8601 instant in UTC to the second, as the Model API writes its DateTimes. */
export function isoSeconds(unixSeconds: number): string {
  return new Date(unixSeconds * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** A request the Model API understood but refuses, worded as Matterport's (`request.invalid: <detail>`). */
export function requestInvalid(detail: string): GraphQLError {
  return new GraphQLError(`request.invalid: ${detail}`, { extensions: { code: 'request.invalid' } });
}

/** Something the caller's account does not have (`Model not found`, `Bundle not found`). */
export function notFound(what: string): GraphQLError {
  return new GraphQLError(`${what} not found`, { extensions: { code: 'not.found' } });
}

function signature(key: string, path: string, expires: number): string {
  return createHmac('sha256', key).update(`${path}\n${expires}`).digest('hex');
}
