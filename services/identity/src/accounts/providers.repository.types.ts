/** Types generated for queries found in "services/identity/src/accounts/providers.repository.ts" */
export type NumberOrString = number | string;

/** 'CreateProvider' parameters type */
export interface ICreateProviderParams {
  id: string;
  name: string;
  subdomain?: string | null | void;
}

/** 'CreateProvider' return type */
export type ICreateProviderResult = void;

/** 'CreateProvider' query type */
export interface ICreateProviderQuery {
  params: ICreateProviderParams;
  result: ICreateProviderResult;
}

/** 'FindProviderById' parameters type */
export interface IFindProviderByIdParams {
  id: string;
}

/** 'FindProviderById' return type */
export interface IFindProviderByIdResult {
  id: string;
  name: string;
}

/** 'FindProviderById' query type */
export interface IFindProviderByIdQuery {
  params: IFindProviderByIdParams;
  result: IFindProviderByIdResult;
}

/** 'FindProviderByName' parameters type */
export interface IFindProviderByNameParams {
  name: string;
}

/** 'FindProviderByName' return type */
export interface IFindProviderByNameResult {
  id: string;
}

/** 'FindProviderByName' query type */
export interface IFindProviderByNameQuery {
  params: IFindProviderByNameParams;
  result: IFindProviderByNameResult;
}

/** 'ProviderExists' parameters type */
export interface IProviderExistsParams {
  id: string;
}

/** 'ProviderExists' return type */
export interface IProviderExistsResult {
  found: number;
}

/** 'ProviderExists' query type */
export interface IProviderExistsQuery {
  params: IProviderExistsParams;
  result: IProviderExistsResult;
}

/** 'LockProvider' parameters type */
export interface ILockProviderParams {
  id: string;
}

/** 'LockProvider' return type */
export interface ILockProviderResult {
  found: number;
}

/** 'LockProvider' query type */
export interface ILockProviderQuery {
  params: ILockProviderParams;
  result: ILockProviderResult;
}

/** 'ProviderCreatedAt' parameters type */
export interface IProviderCreatedAtParams {
  id: string;
}

/** 'ProviderCreatedAt' return type */
export interface IProviderCreatedAtResult {
  createdAt: Date;
}

/** 'ProviderCreatedAt' query type */
export interface IProviderCreatedAtQuery {
  params: IProviderCreatedAtParams;
  result: IProviderCreatedAtResult;
}

/** 'ProviderAddresses' parameters type */
export interface IProviderAddressesParams {
  id: string;
}

/** 'ProviderAddresses' return type */
export interface IProviderAddressesResult {
  name: string;
  subdomain: string | null;
  whitelabelDomain: string | null;
}

/** 'ProviderAddresses' query type */
export interface IProviderAddressesQuery {
  params: IProviderAddressesParams;
  result: IProviderAddressesResult;
}

/** 'SearchProviders' parameters type */
export interface ISearchProvidersParams {
  limit: NumberOrString;
  offset: NumberOrString;
  search?: string | null | void;
  tag?: string | null | void;
}

/** 'SearchProviders' return type */
export interface ISearchProvidersResult {
  createdAt: Date;
  id: string;
  name: string;
  subdomain: string | null;
  tag: string | null;
}

/** 'SearchProviders' query type */
export interface ISearchProvidersQuery {
  params: ISearchProvidersParams;
  result: ISearchProvidersResult;
}

/** 'CountProviders' parameters type */
export interface ICountProvidersParams {
  search?: string | null | void;
  tag?: string | null | void;
}

/** 'CountProviders' return type */
export interface ICountProvidersResult {
  total: number;
}

/** 'CountProviders' query type */
export interface ICountProvidersQuery {
  params: ICountProvidersParams;
  result: ICountProvidersResult;
}

/** 'ProviderSummary' parameters type */
export interface IProviderSummaryParams {
  id: string;
}

/** 'ProviderSummary' return type */
export interface IProviderSummaryResult {
  createdAt: Date;
  id: string;
  name: string;
  subdomain: string | null;
  tag: string | null;
}

/** 'ProviderSummary' query type */
export interface IProviderSummaryQuery {
  params: IProviderSummaryParams;
  result: IProviderSummaryResult;
}

/** 'SetProviderTag' parameters type */
export interface ISetProviderTagParams {
  id: string;
  tag?: string | null | void;
}

/** 'SetProviderTag' return type */
export interface ISetProviderTagResult {
  before: string | null;
}

/** 'SetProviderTag' query type */
export interface ISetProviderTagQuery {
  params: ISetProviderTagParams;
  result: ISetProviderTagResult;
}

/** 'ProviderSettings' parameters type */
export interface IProviderSettingsParams {
  id: string;
}

/** 'ProviderSettings' return type */
export interface IProviderSettingsResult {
  autoPopulateModels: boolean;
  id: string;
  logoUrl: string | null;
  name: string;
  subdomain: string | null;
}

/** 'ProviderSettings' query type */
export interface IProviderSettingsQuery {
  params: IProviderSettingsParams;
  result: IProviderSettingsResult;
}

/** 'SetProviderSubdomain' parameters type */
export interface ISetProviderSubdomainParams {
  id: string;
  subdomain: string;
}

/** 'SetProviderSubdomain' return type */
export type ISetProviderSubdomainResult = void;

/** 'SetProviderSubdomain' query type */
export interface ISetProviderSubdomainQuery {
  params: ISetProviderSubdomainParams;
  result: ISetProviderSubdomainResult;
}

/** 'SetAutoPopulateModels' parameters type */
export interface ISetAutoPopulateModelsParams {
  enabled: boolean;
  id: string;
}

/** 'SetAutoPopulateModels' return type */
export type ISetAutoPopulateModelsResult = void;

/** 'SetAutoPopulateModels' query type */
export interface ISetAutoPopulateModelsQuery {
  params: ISetAutoPopulateModelsParams;
  result: ISetAutoPopulateModelsResult;
}
