import { isPlainObject, toCamelCaseKeys, toSnakeCase, toSnakeCaseKeys } from './caseConversion';
import { errorFromResponse, networkError, retryAfterOf, unrecognisedError } from './errors';
import { readMeta } from './meta';
import type { paths } from './schema.gen';
import type { Answer } from './types';

export type QueryValue =
  | string
  | number
  | boolean
  | null
  | undefined
  | readonly QueryValue[]
  | { readonly [key: string]: QueryValue };

export type Query = { readonly [key: string]: QueryValue };

export interface RequestOptions {
  /** Keys become snake_case; null and undefined are left out; arrays go as `key[]=`, objects as `key[sub]=`. */
  query?: Query;
  /** Plain objects and arrays go as JSON with snake_case keys; FormData goes as multipart, keys as written. */
  body?: unknown;
  signal?: AbortSignal;
  /**
   * The browser's HTTP cache mode; 'no-cache' asks the server again past a `max-age` it gave (the current
   * subscription is cached five minutes), and keeps the fresh answer for the next reads.
   */
  cache?: RequestCache;
  /**
   * Sent as `Idempotency-Key`: the same key for the same request sent again (a retry, a double click), so the server
   * answers what the first one did instead of doing it twice (placing an order).
   */
  idempotencyKey?: string;
}

export interface ApiResponse<T> {
  status: number;
  headers: Headers;
  /** The raw response text. */
  body: string;
  /** The `data` member of the response, keys in camelCase. */
  data: T;
}

export interface Page<T> {
  items: T[];
  currentPage: number;
  totalPages: number;
  totalCount: number;
}

export type PageQuery = Query & { page: number; pageSize: number };

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Sends one request with the platform's conventions; most callers want `api` or `request`, which resolve
 * with the response's `data` alone. Rejects with an ApiError on an `errors` response, on a network or
 * parse failure, and on any other shape; an aborted request rejects with the abort reason untouched.
 */
export async function send<T>(
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<ApiResponse<T>> {
  const headers = new Headers({ Accept: 'application/json' });
  if (options.idempotencyKey) headers.set('Idempotency-Key', options.idempotencyKey);
  if (!SAFE_METHODS.has(method.toUpperCase())) {
    const csrfToken = readMeta('csrf-token');
    if (csrfToken) headers.set('X-CSRF-Token', csrfToken);
  }

  let response: Response;
  let body: string;
  try {
    response = await fetch(withQuery(path, options.query), {
      method,
      headers,
      body: encodeBody(options.body, headers),
      credentials: 'same-origin',
      signal: options.signal,
      cache: options.cache,
    });
    body = await response.text();
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw networkError(null);
  }

  let payload: unknown;
  try {
    payload = body === '' ? undefined : JSON.parse(body);
  } catch {
    throw networkError(response.status);
  }

  const { status } = response;
  if (isPlainObject(payload) && payload.errors != null) {
    throw errorFromResponse(status, payload.errors, retryAfterOf(response.headers));
  }
  if (!response.ok) throw unrecognisedError(status);
  const result = { status, headers: response.headers, body };
  if (payload === undefined) return { ...result, data: undefined as T };
  if (!isPlainObject(payload) || !('data' in payload)) throw unrecognisedError(status);
  return { ...result, data: toCamelCaseKeys(payload.data) as T };
}

export async function request<T>(method: string, path: string, options?: RequestOptions): Promise<T> {
  return (await send<T>(method, path, options)).data;
}

/** One page of a list endpoint: `page` counts from 1. */
export async function getPage<T>(path: string, query: PageQuery, signal?: AbortSignal): Promise<Page<T>> {
  const data = await request<unknown>('GET', path, { query, signal });
  if (!isPage(data)) throw unrecognisedError(200);
  return data as Page<T>;
}

type ReadOptions = Omit<RequestOptions, 'body'>;

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The document's paths that serve `M`. */
type PathWith<M extends Method> = {
  [P in keyof paths]: [NonNullable<paths[P][M]>] extends [never] ? never : P;
}[keyof paths];

/** `{id}` in a path template: the values to put there. */
type PathParams<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? { [Key in Name]: string } & PathParams<Rest>
  : unknown;

/** What a call takes besides its body: the path's parameters (required when it has any), and `trailingSlash`. */
type CallOptions<P extends string> = P extends `${string}{${string}}${string}`
  ? [options: ReadOptions & { params: PathParams<P>; trailingSlash?: boolean }]
  : [options?: ReadOptions & { params?: undefined; trailingSlash?: boolean }];

/** The path template with each `{name}` replaced by its value, encoded. */
export function fillPath(template: string, params: Record<string, string> = {}): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${template} needs ${name}`);
    return encodeURIComponent(value);
  });
}

/**
 * The platform's API, typed by the gateway's document: a path template of the document, its parameters, and the
 * answer's type follows (`Answer<path, method>`), so a call and what the page does with the answer are checked
 * against what the route declares. `trailingSlash` keeps a path the spec writes with one (`website/`).
 */
export const api = {
  get: <P extends PathWith<'get'>>(path: P, ...[options]: CallOptions<P>) =>
    request<Answer<P, 'get'>>('GET', located(path, options), options),
  post: <P extends PathWith<'post'>>(path: P, body?: unknown, ...[options]: CallOptions<P>) =>
    request<Answer<P, 'post'>>('POST', located(path, options), { ...options, body }),
  put: <P extends PathWith<'put'>>(path: P, body?: unknown, ...[options]: CallOptions<P>) =>
    request<Answer<P, 'put'>>('PUT', located(path, options), { ...options, body }),
  patch: <P extends PathWith<'patch'>>(path: P, body?: unknown, ...[options]: CallOptions<P>) =>
    request<Answer<P, 'patch'>>('PATCH', located(path, options), { ...options, body }),
  delete: <P extends PathWith<'delete'>>(path: P, ...[options]: CallOptions<P>) =>
    request<Answer<P, 'delete'>>('DELETE', located(path, options), options),
  /** One page of a paged list: `page` counts from 1. */
  page: <P extends PathWith<'get'>>(
    path: P,
    query: PageQuery,
    ...[options]: CallOptions<P>
  ): Promise<Answer<P, 'get'>> =>
    getPage<unknown>(located(path, options), query, options?.signal) as Promise<Answer<P, 'get'>>,
};

function located(path: string, options?: { params?: unknown; trailingSlash?: boolean }): string {
  const filled = fillPath(path, options?.params as Record<string, string> | undefined);
  return options?.trailingSlash ? `${filled}/` : filled;
}

function encodeBody(body: unknown, headers: Headers): BodyInit | undefined {
  if (body === undefined) return undefined;
  if (body instanceof FormData) return body;
  headers.set('Content-Type', 'application/json');
  return JSON.stringify(toSnakeCaseKeys(body));
}

function withQuery(path: string, query: Query | undefined): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) appendParam(params, toSnakeCase(key), value);
  const search = params.toString();
  if (search === '') return path;
  return `${path}${path.includes('?') ? '&' : '?'}${search}`;
}

// The services parse query strings with qs, which reads `key[]` as an array and `key[sub]` as an object.
function appendParam(params: URLSearchParams, key: string, value: QueryValue): void {
  if (value === null || value === undefined) return;
  if (isQueryArray(value)) {
    for (const item of value) {
      appendParam(params, `${key}[]`, item);
    }
  } else if (typeof value === 'object') {
    for (const [subKey, item] of Object.entries(value)) {
      appendParam(params, `${key}[${toSnakeCase(subKey)}]`, item);
    }
  } else {
    params.append(key, String(value));
  }
}

// Array.isArray does not narrow readonly arrays.
function isQueryArray(value: QueryValue): value is readonly QueryValue[] {
  return Array.isArray(value);
}

function isPage(data: unknown): data is Page<unknown> {
  return (
    isPlainObject(data) &&
    Array.isArray(data.items) &&
    typeof data.currentPage === 'number' &&
    typeof data.totalPages === 'number' &&
    typeof data.totalCount === 'number'
  );
}
