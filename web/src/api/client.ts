import { isPlainObject, toCamelCaseKeys, toSnakeCase, toSnakeCaseKeys } from './caseConversion';
import { errorFromResponse, networkError, unrecognisedError } from './errors';
import { readMeta } from './meta';

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

let accessToken: string | null = null;

/** With a token set, requests authenticate with it instead of the session cookie and CSRF token. */
export function setAccessToken(token: string | null): void {
  accessToken = token;
}

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
  if (accessToken) {
    headers.set('Authorization', `Bearer ${accessToken}`);
  } else if (!SAFE_METHODS.has(method.toUpperCase())) {
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
      credentials: accessToken ? 'omit' : 'same-origin',
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
  if (isPlainObject(payload) && payload.errors != null) throw errorFromResponse(status, payload.errors);
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

export const api = {
  get: <T>(path: string, options?: ReadOptions) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: ReadOptions) =>
    request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: ReadOptions) =>
    request<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: ReadOptions) =>
    request<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string, options?: ReadOptions) => request<T>('DELETE', path, options),
  page: getPage,
};

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
