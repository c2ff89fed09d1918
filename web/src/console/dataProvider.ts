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
import { uploadWithProgress, type UploadProgress } from '../api/upload';
import type { Answer, Schema } from '../api/types';
import { withHttpErrors } from './httpErrors';
import { orderVerbs, type OrderVerbs } from './orders/api';
import { createRoute, listRoute, oneRoute } from './paths';
import type {
  BillingAccount,
  BillingAccountForm,
  FloorplanConfiguration,
  FloorplanConfigurationFields,
  PlanChange,
  PlanSelection,
  PlanSubscription,
  ProviderRecord,
} from './providers/types';
import { voucherCsvName } from './shared/billing';
import type { StagingAssetChanges, StagingAssetRecord, StagingCategory } from './stagingAssets/stagingAssets';
import type { StagingImportWithRows } from './stagingAssets/stagingImports';

const DEFAULT_PAGE_SIZE = 25;

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
  /**
   * Starts acting as the provider (POST /admin/impersonations); resolves with the page to load next. `returnTo`: the
   * console page (a path under /admin) stopping brings the administrator back to.
   */
  /** Acts as the provider: back to `returnTo` (a console page) when it stops, opening `landOn` (its page) first. */
  impersonate(providerId: string, returnTo?: string, landOn?: string): Promise<{ redirectTo: string }>;
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
  /** Who referred whom in a period, as the server streams the zip (GET /admin/referrers/referrals_export.zip). */
  referralsExport(query: {
    startDate?: string;
    endDate?: string;
    email?: string;
  }): Promise<{ blob: Blob; filename: string }>;
  /** Puts an administrator's label on a provider; null or blank takes it off (POST /admin/update_tag.json). */
  updateTag(providerId: string, tag: string | null): Promise<ProviderRecord>;
  /** How the provider's floor plans are drawn (GET /admin/providers/{id}/floorplan_configuration/show.json). */
  floorplanConfiguration(providerId: string, signal?: AbortSignal): Promise<FloorplanConfiguration>;
  /** PUT /admin/providers/{id}/floorplan_configuration/update.json, `floorplan_configuration`. */
  updateFloorplanConfiguration(
    providerId: string,
    fields: FloorplanConfigurationFields,
  ): Promise<FloorplanConfiguration>;
  /** The provider's billing account with its Stripe ids and negotiated discount (GET .../billing_account). */
  billingAccount(providerId: string, signal?: AbortSignal): Promise<BillingAccount>;
  /** Saves the provider's billing information (PATCH /admin/providers/{id}/billing_account). */
  updateBillingAccount(providerId: string, form: BillingAccountForm): Promise<void>;
  /** A negotiated discount on the provider's plan, 0 removes it (POST .../billing_account/pricing). */
  setNegotiatedPricing(providerId: string, discountPercent: number): Promise<PlanSubscription>;
  /** The provider's plan (GET /admin/providers/{id}/service_plan_subscription). */
  planSubscription(providerId: string, signal?: AbortSignal): Promise<PlanSubscription>;
  /** Changes the provider's plan as the provider would, paid with its card (PUT .../service_plan_subscription). */
  changePlan(providerId: string, selection: PlanSelection): Promise<PlanChange>;
  /** The staging asset library's categories, in order (GET /admin/vt_staging/asset/categories.json). */
  stagingCategories(signal?: AbortSignal): Promise<StagingCategory[]>;
  /**
   * A new asset of the platform's library (POST /admin/vt_staging/assets, multipart: `asset[file]` and the text
   * fields), with the upload's progress.
   */
  uploadStagingAsset(
    file: File | null,
    fields: [string, string][],
    onProgress: UploadProgress,
    signal?: AbortSignal,
  ): Promise<StagingAssetRecord>;
  /** Renames, recategorises, credits, archives or restores an asset (PATCH /admin/vt_staging/assets/{id}). */
  updateStagingAsset(id: string, changes: StagingAssetChanges): Promise<StagingAssetRecord>;
  /**
   * Deletes an asset (DELETE /admin/vt_staging/assets/{id}), which the server archives instead when a published
   * staging scene places it: resolves with what happened, read from the asset's log.
   */
  deleteStagingAsset(id: string): Promise<'deleted' | 'archived'>;
  /**
   * Imports the models of a CSV at a URL into the platform's library (POST /admin/vt_staging/assets/bulk_upload,
   * `csv.url`): resolves with the import, its rows downloaded in the background; a file it cannot use is refused
   * under `csv.url`.
   */
  bulkUploadStagingAssets(csvUrl: string): Promise<StagingImportWithRows>;
  /** An import with every row, as it stands (GET /admin/vt_staging/asset/imports/{id}.json). */
  stagingImport(id: string, signal?: AbortSignal): Promise<StagingImportWithRows>;
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
    const route = listRoute(resource, params.filter);
    return getList<RecordType>(`${apiUrl}/${route.path}`, { ...params, filter: route.filter });
  };

  return {
    ...base,
    ...orderVerbs(apiUrl),
    supportAbortSignal: true,
    getList: list,
    getManyReference: (resource, { target, id, ...params }) =>
      list(resource, { ...params, filter: { ...params.filter, [target]: id } }),
    getOne: <RecordType extends RaRecord>(resource: string, params: GetOneParams<RecordType>) =>
      base.getOne<RecordType>(oneRoute(resource), params),
    // The platform has no endpoint for several ids at once: each record is read on its own; one that is not found
    // (404) is left out, as react-admin's getMany allows, so the others still show.
    getMany: async <RecordType extends RaRecord>(
      resource: string,
      { ids, signal }: GetManyParams<RecordType>,
    ) => {
      const results = await Promise.all(
        ids.map((id) =>
          base.getOne<RecordType>(oneRoute(resource), { id, signal }).then(
            (result) => [result.data],
            (error: unknown) => {
              if (error instanceof HttpError && error.status === 404) return [];
              throw error;
            },
          ),
        ),
      );
      return { data: results.flat() };
    },
    create: <
      RecordType extends Omit<RaRecord, 'id'> = RaRecord,
      ResultRecordType extends RaRecord = RecordType & { id: Identifier },
    >(
      resource: string,
      params: CreateParams<RecordType>,
    ) => base.create<RecordType, ResultRecordType>(createRoute(resource), params),
    impersonate: (providerId, returnTo, landOn) =>
      withHttpErrors(api.post('/admin/impersonations', { providerId, returnTo, landOn })),
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
        fetchFile(
          `${apiUrl}/vouchers/${encodeURIComponent(String(voucher.id))}.csv`,
          'text/csv',
          voucherCsvName(voucher.code),
        ),
      ),
    referralsExport: (query) =>
      withHttpErrors(
        fetchFile(
          `${apiUrl}/referrers/referrals_export.zip?${new URLSearchParams(
            Object.entries({
              start_date: query.startDate,
              end_date: query.endDate,
              email: query.email,
            }).filter((entry): entry is [string, string] => entry[1] !== undefined),
          )}`,
          'application/zip',
          'referrals.zip',
        ),
      ),
    updateTag: (providerId, tag) => withHttpErrors(api.post('/admin/update_tag.json', { providerId, tag })),
    floorplanConfiguration: (providerId, signal) =>
      withHttpErrors(
        api.get('/admin/providers/{id}/floorplan_configuration/show.json', {
          params: { id: providerId },
          signal,
        }),
      ),
    updateFloorplanConfiguration: (providerId, fields) =>
      withHttpErrors(
        api.put(
          '/admin/providers/{id}/floorplan_configuration/update.json',
          { floorplanConfiguration: fields },
          { params: { id: providerId } },
        ),
      ),
    billingAccount: (providerId, signal) =>
      withHttpErrors(
        api.get('/admin/providers/{id}/billing_account', { params: { id: providerId }, signal }),
      ),
    updateBillingAccount: async (providerId, form) => {
      await withHttpErrors(
        api.patch('/admin/providers/{id}/billing_account', form, { params: { id: providerId } }),
      );
    },
    setNegotiatedPricing: (providerId, discountPercent) =>
      withHttpErrors(
        api.post(
          '/admin/providers/{id}/billing_account/pricing',
          { pricing: { discountPercent } },
          { params: { id: providerId } },
        ),
      ),
    planSubscription: (providerId, signal) =>
      withHttpErrors(
        api.get('/admin/providers/{id}/service_plan_subscription', { params: { id: providerId }, signal }),
      ),
    changePlan: (providerId, selection) =>
      withHttpErrors(
        api.put(
          '/admin/providers/{id}/service_plan_subscription',
          { servicePlanSubscription: selection },
          { params: { id: providerId } },
        ),
      ),
    stagingCategories: (signal) =>
      withHttpErrors(api.get('/admin/vt_staging/asset/categories.json', { signal })),
    uploadStagingAsset: (file, fields, onProgress, signal) => {
      const form = new FormData();
      // The text fields first: the server reads them before the model, which it then checks as it streams in.
      for (const [name, value] of fields) form.append(name, value);
      if (file) form.append('asset[file]', file);
      return withHttpErrors(
        uploadWithProgress<StagingAssetRecord>(`${apiUrl}/vt_staging/assets`, form, onProgress, signal),
      );
    },
    updateStagingAsset: (id, changes) =>
      withHttpErrors(api.patch('/admin/vt_staging/assets/{id}', { asset: changes }, { params: { id } })),
    deleteStagingAsset: async (id) => {
      await withHttpErrors(api.delete('/admin/vt_staging/assets/{id}', { params: { id } }));
      // The answer is 204 either way; the log's newest row of the asset says which it was (an asset already
      // archived that a published scene places is left as it was: archived, and no row is added).
      const log = await withHttpErrors(
        api.page('/admin/vt_staging/asset/logs.json', { page: 1, pageSize: 1, assetId: id }),
      );
      return log.items[0]?.action === 'deleted' ? 'deleted' : 'archived';
    },
    bulkUploadStagingAssets: (csvUrl) =>
      withHttpErrors(api.post('/admin/vt_staging/assets/bulk_upload', { csv: { url: csvUrl } })),
    stagingImport: (id, signal) =>
      withHttpErrors(api.get('/admin/vt_staging/asset/imports/{id}.json', { params: { id }, signal })),
  };
}

/**
 * A file the API streams (a CSV, a zip), fetched as the API client fetches (the session cookie, JSON errors) but read
 * as a Blob: the client's `send` reads JSON only. The file's name comes from Content-Disposition, else
 * `fallbackName`.
 */
async function fetchFile(
  path: string,
  type: 'text/csv' | 'application/zip',
  fallbackName: string,
): Promise<{ blob: Blob; filename: string }> {
  let response: Response;
  try {
    response = await fetch(path, {
      headers: { Accept: `${type}, application/json` },
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
