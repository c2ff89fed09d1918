import simpleRestProvider from 'ra-data-simple-rest';
import {
  HttpError,
  type CreateParams,
  type DataProvider,
  type GetListParams,
  type GetListResult,
  type GetManyParams,
  type GetOneParams,
  type Identifier,
  type RaRecord,
  type SortPayload,
  type fetchUtils,
} from 'react-admin';
import { isPlainObject, toSnakeCase } from '../api/caseConversion';
import { api, getPage, send } from '../api/client';
import { errorFromResponse, networkError, unrecognisedError } from '../api/errors';
import type { Answer, Schema } from '../api/types';
import { withHttpErrors } from './httpErrors';
import { orderVerbs, type OrderVerbs } from './orders/api';
import { ASSIGNED_ORDERS, VA_QUEUES } from './orders/orders';
import type { ProviderRecord } from './providers/types';
import { voucherCsvName } from './shared/billing';

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
  credit_bundles: (filter) => ({ path: 'credit_bundles.json', filter }),
  credit_adjustments: ({ providerId, ...filter }) => ({
    path: `providers/${encodeURIComponent(String(providerId))}/credit_adjustments`,
    filter,
  }),
  // The virtual assistant's floor-plan queues (and amendments), and the orders assigned to a supplier.
  ...Object.fromEntries(
    VA_QUEUES.map(({ resource, path }) => [resource, (filter: Filter) => ({ path, filter })]),
  ),
  [ASSIGNED_ORDERS]: (filter) => ({ path: 'floorplan_orders', filter }),
};

/**
 * Single records whose path is not `<area>/<resource>/{id}`, by resource: every queue's order is read from
 * `portal_order_requests/{id}`, a supplier's from `floorplan_orders/{id}`.
 */
const ONE_PATHS: Record<string, string> = {
  ...Object.fromEntries(VA_QUEUES.map(({ resource }) => [resource, 'portal_order_requests'])),
  [ASSIGNED_ORDERS]: 'floorplan_orders',
};

/** Creates whose path is not `<area>/<resource>`, by resource. */
const CREATE_PATHS: Record<string, string> = { credit_bundles: 'credit_bundles.json' };

/** The providers list's largest page, and how many pages a look-up of providers by id reads at most. */
const PROVIDER_PAGE_SIZE = 100;
const PROVIDER_LOOKUP_PAGES = 20;

/** A virtual assistant's verdict on a white-label domain. */
export interface DomainDecision {
  status: 'active' | 'failed';
  /** Shown to the provider when the setup failed. */
  failureReason?: string;
}

/**
 * The console's business verbs, beside react-admin's CRUD methods (`useDataProvider<ConsoleDataProvider>()`); the
 * floor-plan orders' in `orders/api.ts`.
 */
export interface ConsoleDataProvider extends DataProvider, OrderVerbs {
  /** Starts acting as the provider (POST /admin/impersonations); resolves with the page to load next. */
  impersonate(providerId: string): Promise<{ redirectTo: string }>;
  /** The provider a user's next sign-in starts in (POST /admin/users/{id}/change_primary_provider). */
  changePrimaryProvider(userId: string, providerId: string): Promise<void>;
  /** Marks a white-label domain active, or failed with a reason (PATCH /virtual_assistant/whitelabeled-domains/{id}). */
  decideWhitelabeledDomain(id: string, decision: DomainDecision): Promise<void>;
  /** A provider's credits: available and reserved (GET /admin/providers/{id}/available_credit_balance). */
  creditBalance(providerId: string, signal?: AbortSignal): Promise<CreditBalance>;
  /** Adds (amount > 0) or takes away (< 0) a provider's credits (POST /admin/providers/{id}/credit_adjustments). */
  adjustCredits(providerId: string, adjustment: CreditAdjustment): Promise<CreditAdjustmentResult>;
  /** A voucher's redemptions as the server streams them (GET /admin/vouchers/{id}.csv), to save as a file. */
  voucherRedemptionsCsv(voucher: { id: Identifier; code: string }): Promise<{ blob: Blob; filename: string }>;
}

export type CreditBalance = Answer<'/admin/providers/{id}/available_credit_balance', 'get'>;
export type CreditAdjustment = Schema<'billing.CreditAdjustmentForm'>;
export type CreditAdjustmentResult = Answer<'/admin/providers/{id}/credit_adjustments', 'post'>;

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
    ...orderVerbs(apiUrl),
    supportAbortSignal: true,
    getList: list,
    getManyReference: (resource, { target, id, ...params }) =>
      list(resource, { ...params, filter: { ...params.filter, [target]: id } }),
    // A provider's name for a page that has only its id (a credit bundle's provider, a bookmarked credits page).
    getOne: async <RecordType extends RaRecord>(resource: string, params: GetOneParams<RecordType>) => {
      const onePath = ONE_PATHS[resource];
      if (onePath) return base.getOne<RecordType>(onePath, params);
      if (resource !== 'providers') return base.getOne<RecordType>(resource, params);
      const [provider] = await findProviders(apiUrl, [params.id], params.signal);
      if (!provider) throw new HttpError('Provider not found', 404);
      return { data: provider as unknown as RecordType };
    },
    // The platform has no endpoint for several ids at once: fetch each record (providers, which have no endpoint of
    // their own, from their list).
    getMany: async <RecordType extends RaRecord>(
      resource: string,
      { ids, signal }: GetManyParams<RecordType>,
    ) => {
      if (resource === 'providers') {
        return { data: (await findProviders(apiUrl, ids, signal)) as unknown as RecordType[] };
      }
      const results = await Promise.all(ids.map((id) => base.getOne<RecordType>(resource, { id, signal })));
      return { data: results.map((result) => result.data) };
    },
    create: <
      RecordType extends Omit<RaRecord, 'id'> = RaRecord,
      ResultRecordType extends RaRecord = RecordType & { id: Identifier },
    >(
      resource: string,
      params: CreateParams<RecordType>,
    ) => base.create<RecordType, ResultRecordType>(CREATE_PATHS[resource] ?? resource, params),
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
    creditBalance: (providerId, signal) =>
      withHttpErrors(
        api.get('/admin/providers/{id}/available_credit_balance', { params: { id: providerId }, signal }),
      ),
    adjustCredits: (providerId, adjustment) =>
      withHttpErrors(
        api.post('/admin/providers/{id}/credit_adjustments', adjustment, { params: { id: providerId } }),
      ),
    voucherRedemptionsCsv: (voucher) =>
      withHttpErrors(
        fetchCsv(
          `${apiUrl}/vouchers/${encodeURIComponent(String(voucher.id))}.csv`,
          voucherCsvName(voucher.code),
        ),
      ),
  };
}

/**
 * Providers by id, read from the providers list (GET /admin/providers.json, 100 a page, by name): the platform
 * has no endpoint for one provider. Stops once every id is found, or after 20 pages; ids not found are left out.
 */
async function findProviders(
  apiUrl: string,
  ids: readonly Identifier[],
  signal?: AbortSignal,
): Promise<ProviderRecord[]> {
  const wanted = new Set(ids.map(String));
  const found = new Map<string, ProviderRecord>();
  for (let page = 1; page <= PROVIDER_LOOKUP_PAGES && found.size < wanted.size; page++) {
    const result = await withHttpErrors(
      getPage<ProviderRecord>(`${apiUrl}/providers.json`, { page, pageSize: PROVIDER_PAGE_SIZE }, signal),
    );
    for (const provider of result.items) if (wanted.has(provider.id)) found.set(provider.id, provider);
    if (page >= result.totalPages) break;
  }
  return [...wanted].flatMap((id) => found.get(id) ?? []);
}

/**
 * A file the API streams (a CSV), fetched as the API client fetches (the session cookie, JSON errors) but read as a
 * Blob: the client's `send` reads JSON only. The file's name comes from Content-Disposition, else `fallbackName`.
 */
async function fetchCsv(path: string, fallbackName: string): Promise<{ blob: Blob; filename: string }> {
  let response: Response;
  try {
    response = await fetch(path, {
      headers: { Accept: 'text/csv, application/json' },
      credentials: 'same-origin',
    });
  } catch {
    throw networkError(null);
  }
  if (!response.ok) {
    let payload: unknown;
    try {
      payload = await response.json();
    } catch {
      throw unrecognisedError(response.status);
    }
    if (isPlainObject(payload) && payload.errors != null)
      throw errorFromResponse(response.status, payload.errors);
    throw unrecognisedError(response.status);
  }
  let blob: Blob;
  try {
    // A download the server cut short (it closes the connection on a failure half-way) fails here.
    blob = await response.blob();
  } catch {
    throw networkError(response.status);
  }
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName;
  return { blob, filename };
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
