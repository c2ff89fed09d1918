import simpleRestProvider from 'ra-data-simple-rest';
import {
  HttpError,
  type DataProvider,
  type GetListParams,
  type GetListResult,
  type GetManyParams,
  type RaRecord,
  type SortPayload,
  type fetchUtils,
} from 'react-admin';
import { toSnakeCase } from '../api/caseConversion';
import { getPage, send } from '../api/client';
import { ApiError } from '../api/errors';

const DEFAULT_PAGE_SIZE = 25;

/**
 * The data provider of one console area, e.g. `createDataProvider('/admin')` for `/admin/<resource>`.
 * ra-data-simple-rest handles single records; lists go to the platform's paged endpoints (`page` from 1,
 * `page_size`, `sort`, `order` and one query parameter per filter, answered with `items` and `total_count`).
 * Every request goes through the API client, so case conversion, CSRF and error shapes apply.
 */
export function createDataProvider(apiUrl: string): DataProvider {
  const base = simpleRestProvider(apiUrl, httpClient);

  return {
    ...base,
    supportAbortSignal: true,
    getList: (resource, params) => getList(`${apiUrl}/${resource}`, params),
    getManyReference: (resource, { target, id, ...params }) =>
      getList(`${apiUrl}/${resource}`, { ...params, filter: { ...params.filter, [target]: id } }),
    // The platform has no endpoint for several ids at once: fetch each record.
    getMany: async <RecordType extends RaRecord>(
      resource: string,
      { ids, signal }: GetManyParams<RecordType>,
    ) => {
      const results = await Promise.all(ids.map((id) => base.getOne<RecordType>(resource, { id, signal })));
      return { data: results.map((result) => result.data) };
    },
  };
}

async function getList<RecordType extends RaRecord>(
  path: string,
  { pagination, sort, filter, signal }: GetListParams,
): Promise<GetListResult<RecordType>> {
  const { page, perPage } = pagination ?? { page: 1, perPage: DEFAULT_PAGE_SIZE };
  // Filters first, so that none of them can replace the paging parameters.
  const query = { ...filter, ...sortQuery(sort), page, pageSize: perPage };
  const result = await withHttpErrors(getPage<RecordType>(path, query, signal));
  return { data: result.items, total: result.totalCount };
}

function sortQuery(sort: SortPayload | undefined) {
  if (!sort) return {};
  // Record fields are camelCase in the console and snake_case on the wire.
  return { sort: toSnakeCase(sort.field), order: sort.order.toLowerCase() };
}

/** What ra-data-simple-rest calls instead of fetch: its JSON body string is decoded so the client can convert it. */
async function httpClient(url: string, options: fetchUtils.Options = {}) {
  const body: unknown = typeof options.body === 'string' ? JSON.parse(options.body) : undefined;
  const response = await withHttpErrors(
    send<unknown>(options.method ?? 'GET', url, { body, signal: options.signal ?? undefined }),
  );
  return { status: response.status, headers: response.headers, body: response.body, json: response.data };
}

async function withHttpErrors<T>(promise: Promise<T>): Promise<T> {
  try {
    return await promise;
  } catch (error) {
    throw toHttpError(error);
  }
}

// react-admin notifies an HttpError's message and puts body.errors on the form: one string per field,
// messages joined by ' & ', and whole-request messages under root.serverError.
function toHttpError(error: unknown): unknown {
  if (!(error instanceof ApiError)) return error;
  const { base, ...fields } = error.fields;
  const formErrors: Record<string, unknown> = {};
  for (const [field, messages] of Object.entries(fields)) formErrors[field] = messages.join(' & ');
  if (base) formErrors.root = { serverError: base.join(' & ') };
  const body = Object.keys(formErrors).length > 0 ? { errors: formErrors } : undefined;
  return new HttpError(error.message, error.status, body);
}
