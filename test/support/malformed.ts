import fc from 'fast-check';

/**
 * Generators of the input a fuzzer, a careless client or an attacker sends: for a route of the OpenAPI
 * document, a request whose path ids, query and body are wrong in the ways clients get them wrong.
 */

export type Schema = {
  $ref?: string;
  type?: string;
  format?: string;
  enum?: unknown[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  allOf?: Schema[];
  oneOf?: Schema[];
  anyOf?: Schema[];
  nullable?: boolean;
  maxLength?: number;
};

export interface Operation {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** The path template, `{id}` for each path parameter. */
  path: string;
  queryNames: string[];
  body?: { contentType: string; schema?: Schema };
}

export interface MalformedRequest {
  method: Operation['method'];
  url: string;
  contentType?: string;
  body?: string | Buffer;
}

/** Texts that break naive code: empty, huge, NUL, half a surrogate pair, SQL and path tricks, odd numbers. */
const ODD_TEXTS = [
  '',
  ' ',
  'a'.repeat(70_000),
  'ab\u0000cd',
  '\ud800',
  'x\udc00y',
  "'; DROP TABLE users; --",
  '../../etc/passwd',
  '%00',
  '${jndi:ldap://x}',
  '<script>alert(1)</script>',
  '\u202e\u200b\ufeff',
  '💡🏠',
  '99999999999999999999',
  '-1',
  '1e400',
  'NaN',
  'null',
  'true',
  '[object Object]',
  '00000000-0000-0000-0000-000000000000',
];

export const oddText = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...ODD_TEXTS) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
);

/** Any JSON value at all, odd numbers and texts included. */
const anyJson: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant(null),
    fc.boolean(),
    fc.constantFrom(0, -1, 1.5, 2 ** 53, -(2 ** 63), 1e308, Number.MIN_VALUE),
    oddText,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(oddText, tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** A value of the wrong JSON type for a schema (an array for an object, a number for text, ...). */
function wrongTypeFor(schema: Schema): fc.Arbitrary<unknown> {
  const wrong: unknown[] = [null, [], {}, 42, -1, true, 'text', [{}], 1e308];
  return fc.constantFrom(
    ...wrong.filter((value) => {
      if (schema.type === 'string') return typeof value !== 'string';
      if (schema.type === 'integer' || schema.type === 'number') return typeof value !== 'number';
      if (schema.type === 'boolean') return typeof value !== 'boolean';
      if (schema.type === 'array') return !Array.isArray(value);
      return value === null || typeof value !== 'object' || Array.isArray(value);
    }),
  );
}

/**
 * Builds a plausible value for a schema, then breaks it in one place: the body a client with one bug sends.
 * Without a schema, any JSON.
 */
export function brokenValueFor(
  schema: Schema | undefined,
  resolve: (schema: Schema) => Schema,
): fc.Arbitrary<unknown> {
  if (!schema) return anyJson;
  const plausible = (s: Schema, depth: number): fc.Arbitrary<unknown> => {
    const node = resolve(s);
    if (node.enum?.length) return fc.constantFrom(...node.enum);
    if (node.allOf?.length) return plausible(node.allOf[0]!, depth);
    if (node.oneOf?.length || node.anyOf?.length) return plausible((node.oneOf ?? node.anyOf)![0]!, depth);
    switch (node.type) {
      case 'string':
        return node.format === 'uuid'
          ? fc.uuid()
          : node.format === 'email'
            ? fc.emailAddress()
            : node.format === 'date-time'
              ? fc.date({ noInvalidDate: true }).map((date) => date.toISOString())
              : fc.string({ maxLength: 20 });
      case 'integer':
        return fc.integer({ min: 0, max: 1000 });
      case 'number':
        return fc.double({ min: 0, max: 1000, noNaN: true });
      case 'boolean':
        return fc.boolean();
      case 'array':
        return depth > 3
          ? fc.constant([])
          : fc.array(plausible(node.items ?? {}, depth + 1), { maxLength: 2 });
      default: {
        const entries = Object.entries(node.properties ?? {});
        if (depth > 3 || entries.length === 0) return fc.constant({});
        return fc.record(
          Object.fromEntries(entries.map(([name, inner]) => [name, plausible(inner, depth + 1)])),
        );
      }
    }
  };
  /** One field (at any depth) replaced by a wrong type, an odd text, or removed. */
  const breakOne = (value: unknown, s: Schema, depth: number): fc.Arbitrary<unknown> => {
    const node = resolve(s);
    const here = fc.oneof(wrongTypeFor(node), oddText, anyJson);
    if (depth > 3 || value === null || typeof value !== 'object' || Array.isArray(value)) return here;
    const names = Object.keys(node.properties ?? {}).filter((name) => name in (value as object));
    if (names.length === 0) return here;
    return fc.oneof(
      { weight: 1, arbitrary: here },
      {
        weight: 4,
        arbitrary: fc.constantFrom(...names).chain((name) =>
          fc.oneof(
            breakOne((value as Record<string, unknown>)[name], node.properties![name]!, depth + 1).map(
              (broken) => ({ ...(value as object), [name]: broken }),
            ),
            fc.constant(Object.fromEntries(Object.entries(value as object).filter(([key]) => key !== name))),
            fc.constant({ ...(value as object), [name]: [(value as Record<string, unknown>)[name]] }),
          ),
        ),
      },
    );
  };
  return fc.oneof(
    { weight: 6, arbitrary: plausible(schema, 0).chain((value) => breakOne(value, schema, 0)) },
    { weight: 1, arbitrary: anyJson },
    { weight: 1, arbitrary: fc.constantFrom({}, [], [{}], null, 'text', 0) },
  );
}

/** A path parameter: a real id (so the body is read, not only the id refused), or one that names nothing. */
export function pathIdFrom(realIds: string[]): fc.Arbitrary<string> {
  const bad = fc.oneof(
    fc.uuid(),
    fc.constantFrom(
      '0',
      '-1',
      '99999999999999999999',
      'null',
      '..',
      '%2e%2e',
      '%00',
      '%ud800',
      '%F0%9F%92%A1',
    ),
    fc.constantFrom('a'.repeat(600), "'%20OR%201=1", '%E2%80%AE', '1e400', 'undefined', '%25'),
    fc.stringMatching(/^[A-Za-z0-9._~-]{1,40}$/),
  );
  return realIds.length
    ? fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...realIds) }, { weight: 1, arbitrary: bad })
    : bad;
}

/** Percent-encoded like encodeURIComponent, a lone surrogate included (as the bytes a naive encoder sends). */
function percentEncoded(text: string): string {
  return text.replace(/[\s\S]/gu, (char) => {
    try {
      return encodeURIComponent(char);
    } catch {
      const code = char.charCodeAt(0);
      return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    }
  });
}

/** A query string with the route's own names and the paging names, each given a malformed value. */
function queryFor(names: string[]): fc.Arbitrary<string> {
  const keys = [...new Set([...names, 'page', 'page_size', 'search'])];
  const value = fc.oneof(
    fc.constantFrom('99999999999999999999', '-5', '0', '1.5', 'abc', '', '%00', '%ud800', 'a'.repeat(3000)),
    oddText.map(percentEncoded),
  );
  const pair = fc.constantFrom(...keys).chain((key) =>
    fc.oneof(
      value.map((v) => `${key}=${v}`),
      value.map((v) => `${key}[]=${v}&${key}[]=${v}`),
      value.map((v) => `${key}[nested][deep]=${v}`),
      fc.constant(key),
    ),
  );
  return fc.array(pair, { maxLength: 4 }).map((pairs) => (pairs.length ? `?${pairs.join('&')}` : ''));
}

/** A body as sent: JSON with one mistake, broken JSON, another content type, or none at all. */
function bodyFor(
  operation: Operation,
  resolve: (schema: Schema) => Schema,
): fc.Arbitrary<Pick<MalformedRequest, 'contentType' | 'body'>> {
  const json = brokenValueFor(operation.body?.schema, resolve).map((value) => ({
    contentType: 'application/json',
    body: JSON.stringify(value) ?? 'null',
  }));
  const other = fc.constantFrom<Pick<MalformedRequest, 'contentType' | 'body'>>(
    { contentType: 'application/json', body: '{"user": {"email": ' },
    { contentType: 'application/json', body: '\u0000' },
    { contentType: 'application/json', body: '' },
    { contentType: 'text/plain', body: 'hello' },
    { contentType: 'application/xml', body: '<a>1</a>' },
    { contentType: 'application/x-www-form-urlencoded', body: 'user[email]=a&user[password][]=b&page=%00' },
    { contentType: 'application/x-www-form-urlencoded', body: 'a[b][c][d][e][f][g]=1' },
    {
      contentType: 'multipart/form-data; boundary=xyz',
      body: '--xyz\r\nContent-Disposition: form-data; name="f"\r\n\r\nx\r\n--xyz--',
    },
    { contentType: 'multipart/form-data', body: 'no boundary at all' },
    { contentType: 'application/octet-stream', body: Buffer.from([0, 1, 2, 255]) },
    {},
  );
  return fc.oneof({ weight: 4, arbitrary: json }, { weight: 1, arbitrary: other });
}

export function malformedRequest(
  operation: Operation,
  realIds: string[],
  resolve: (schema: Schema) => Schema,
): fc.Arbitrary<MalformedRequest> {
  const params = operation.path.match(/\{[^}]+\}/g) ?? [];
  return fc
    .record({
      ids: fc.tuple(...params.map(() => pathIdFrom(realIds))),
      query: queryFor(operation.queryNames),
      body: operation.method === 'get' ? fc.constant({}) : bodyFor(operation, resolve),
    })
    .map(({ ids, query, body }) => {
      let index = 0;
      const path = operation.path.replace(/\{[^}]+\}/g, () => ids[index++]!);
      return { method: operation.method, url: path + query, ...body };
    });
}
