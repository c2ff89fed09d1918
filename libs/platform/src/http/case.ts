import { toCamelCase, toSnakeCase } from '@tourly/contracts';

/**
 * snake_case on the wire, camelCase in code: the conversion happens once, at the edge of each service, by the rule
 * the web's client converts by too (libs/contracts, `toCamelCase`/`toSnakeCase`), so `line_1` and `line1` each come
 * back as they went. Only plain objects and arrays are walked; Dates, Buffers and class instances other than plain
 * objects keep their keys.
 */
const camelCache = new Map<string, string>();
const snakeCache = new Map<string, string>();

export function toCamel(key: string): string {
  let out = camelCache.get(key);
  if (out === undefined) {
    out = toCamelCase(key);
    if (camelCache.size < 10_000) camelCache.set(key, out);
  }
  return out;
}

export function toSnake(key: string): string {
  let out = snakeCache.get(key);
  if (out === undefined) {
    out = toSnakeCase(key);
    if (snakeCache.size < 10_000) snakeCache.set(key, out);
  }
  return out;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function convertKeys(value: unknown, convert: (key: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => convertKeys(item, convert));
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) out[convert(key)] = convertKeys(value[key], convert);
  return out;
}

export const toCamelKeys = <T = unknown>(value: unknown): T => convertKeys(value, toCamel) as T;

/** Response DTOs may be class instances: they are serialised by their own fields, so walk them too. */
export function toSnakeKeys<T = unknown>(value: unknown): T {
  if (Array.isArray(value)) return value.map((item) => toSnakeKeys(item)) as T;
  if (value === null || typeof value !== 'object' || value instanceof Date || Buffer.isBuffer(value)) {
    return value as T;
  }
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return value as T;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const field = (value as Record<string, unknown>)[key];
    if (field !== undefined) out[toSnake(key)] = toSnakeKeys(field);
  }
  return out as T;
}
