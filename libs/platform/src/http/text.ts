import { HttpStatus } from '@nestjs/common';
import { toSnake } from './case';
import { ApiError } from './errors';

export const UNSTORABLE_TEXT =
  'contains characters that cannot be stored (a NUL character or half of a surrogate pair)';

/** NUL, which PostgreSQL text cannot hold, and a UTF-16 surrogate without its other half, which no encoding can. */
// eslint-disable-next-line no-control-regex -- finding NUL is the point
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * The wire path (`user.email`, `items.0.title`) of the first text in a request's parameters, query or body,
 * key or value, that cannot be stored; undefined when all of it can.
 */
export function unstorableTextPath(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return UNSTORABLE.test(value) ? path || 'base' : undefined;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const found = unstorableTextPath(value[index], path ? `${path}.${index}` : String(index));
      if (found) return found;
    }
    return undefined;
  }
  if (value === null || typeof value !== 'object') return undefined;
  // Parsed JSON and query strings are plain objects, Fastify's path parameters a prototype-less `NullObject`;
  // anything else (a stream, a Buffer) is not text.
  const prototype = Object.getPrototypeOf(value) as object | null;
  const plain =
    prototype === null || prototype === Object.prototype || Object.getPrototypeOf(prototype) === null;
  if (!plain) return undefined;
  for (const [key, inner] of Object.entries(value)) {
    const keyPath = path ? `${path}.${toSnake(key)}` : toSnake(key);
    if (UNSTORABLE.test(key)) return keyPath;
    const found = unstorableTextPath(inner, keyPath);
    if (found) return found;
  }
  return undefined;
}

/** One rule for every route: text that cannot be stored is refused with a 422 naming its field. */
export function refuseUnstorableText(parts: { params?: unknown; query?: unknown; body?: unknown }): void {
  for (const part of [parts.params, parts.query, parts.body]) {
    const path = unstorableTextPath(part);
    if (path) throw new ApiError(HttpStatus.UNPROCESSABLE_ENTITY, { [path]: [UNSTORABLE_TEXT] });
  }
}
