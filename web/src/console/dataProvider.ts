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
import { api, getPage, send } from '../api/client';
import { ApiError } from '../api/errors';

const DEFAULT_PAGE_SIZE = 25;

type Filter = Record<string, unknown>;

/**
 * Lists whose path is not `<area>/<resource>`, by resource: the spec's own paths. A filter that is part of the
 * path (a provider's users) is taken out of the query.
 */
const LIST_PATHS: Record<string, (filter: Filter) => { path: string; filter: Filter }> = {
  providers: (filter) => ({ path: 'providers.json', filter }),
  provider_users: ({ providerId, ...filter }) => ({
    path: `providers/${encodeURIComponent(String(providerId))}/users.json`,
    filter,
  }),
  'whitelabeled-domains': (filter) => ({ path: 'whitelabeled-domains.json', filter }),
};

/** A virtual assistant's verdict on a white-label domain. */
export interface DomainDecision {
  status: 'active' | 'failed';
  /** Shown to the provider when the setup failed. */
  failureReason?: string;
}

/** The console's business verbs, beside react-admin's CRUD methods (`useDataProvider<ConsoleDataProvider>()`). */
export interface ConsoleDataProvider extends DataProvider {
  /** Starts acting as the provider (POST /admin/impersonations); resolves with the page to load next. */
  impersonate(providerId: string): Promise<{ redirectTo: string }>;
  /** The provider a user's next sign-in starts in (POST /admin/users/{id}/change_primary_provider). */
  changePrimaryProvider(userId: string, providerId: string): Promise<void>;
  /** Marks a white-label domain active, or failed with a reason (PATCH /virtual_assistant/whitelabeled-domains/{id}). */
  decideWhitelabeledDomain(id: string, decision: DomainDecision): Promise<void>;
}

/**
 * The data provider of one console area, e.g. `createDataProvider('/admin')` for `/admin/<resource>`.
 * ra-data-simple-rest handles single records; lists go to the platform's paged endpoints (`page` from 1,
 * `page_size`, `sort`, `order` and one query parameter per filter, answered with `items` and `total_count`).
 * Every request goes through the API client, so case conversion, CSRF and error shapes apply.
 */
export function createDataProvider(apiUrl: string): ConsoleDataProvider {
  const base = simpleRestProvider(apiUrl, httpClient);
  const list = <RecordType extends RaRecord>(resource: string, params: GetListParams) => {
    const route = LIST_PATHS[resource]?.(params.filter ?? {}) ?? { path: resource, filter: params.filter };
    return getList<RecordType>(`${apiUrl}/${route.path}`, { ...params, filter: route.filter });
  };

  return {
    ...base,
    supportAbortSignal: true,
    getList: list,
    getManyReference: (resource, { target, id, ...params }) =>
      list(resource, { ...params, filter: { ...params.filter, [target]: id } }),
    // The platform has no endpoint for several ids at once: fetch each record.
    getMany: async <RecordType extends RaRecord>(
      resource: string,
      { ids, signal }: GetManyParams<RecordType>,
    ) => {
      const results = await Promise.all(ids.map((id) => base.getOne<RecordType>(resource, { id, signal })));
      return { data: results.map((result) => result.data) };
    },
    impersonate: (providerId) => withHttpErrors(api.post('/admin/impersonations', { providerId })),
    changePrimaryProvider: async (userId, providerId) => {
      await withHttpErrors(
        api.post(
          '/admin/users/{id}/change_primary_provider',
          { user: { primaryProviderId: providerId } },
          { params: { id: userId } },
        ),
      );
    },
    decideWhitelabeledDomain: async (id, decision) => {
      await withHttpErrors(
        api.patch(
          '/virtual_assistant/whitelabeled-domains/{id}',
          { whitelabeledDomain: decision },
          { params: { id: String(id) } },
        ),
      );
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
