/** Types generated for queries found in "services/identity/src/api-keys/api-keys.repository.ts" */

/** 'ApiKeyInForce' parameters type */
export interface IApiKeyInForceParams {
  providerId: string;
}

/** 'ApiKeyInForce' return type */
export interface IApiKeyInForceResult {
  createdAt: Date;
  hint: string;
  lastUsedAt: Date | null;
}

/** 'ApiKeyInForce' query type */
export interface IApiKeyInForceQuery {
  params: IApiKeyInForceParams;
  result: IApiKeyInForceResult;
}

/** 'RevokeApiKeysOfProvider' parameters type */
export interface IRevokeApiKeysOfProviderParams {
  providerId: string;
}

/** 'RevokeApiKeysOfProvider' return type */
export type IRevokeApiKeysOfProviderResult = void;

/** 'RevokeApiKeysOfProvider' query type */
export interface IRevokeApiKeysOfProviderQuery {
  params: IRevokeApiKeysOfProviderParams;
  result: IRevokeApiKeysOfProviderResult;
}

/** 'RevokeApiKeysCreatedBy' parameters type */
export interface IRevokeApiKeysCreatedByParams {
  userId: string;
}

/** 'RevokeApiKeysCreatedBy' return type */
export type IRevokeApiKeysCreatedByResult = void;

/** 'RevokeApiKeysCreatedBy' query type */
export interface IRevokeApiKeysCreatedByQuery {
  params: IRevokeApiKeysCreatedByParams;
  result: IRevokeApiKeysCreatedByResult;
}

/** 'CreateApiKey' parameters type */
export interface ICreateApiKeyParams {
  createdBy: string;
  hint: string;
  id: string;
  keyHash: Buffer;
  providerId: string;
}

/** 'CreateApiKey' return type */
export interface ICreateApiKeyResult {
  createdAt: Date;
}

/** 'CreateApiKey' query type */
export interface ICreateApiKeyQuery {
  params: ICreateApiKeyParams;
  result: ICreateApiKeyResult;
}

/** 'UseApiKey' parameters type */
export interface IUseApiKeyParams {
  keyHash: Buffer;
}

/** 'UseApiKey' return type */
export interface IUseApiKeyResult {
  providerId: string;
  role: string;
  staffRole: string | null;
  userId: string;
}

/** 'UseApiKey' query type */
export interface IUseApiKeyQuery {
  params: IUseApiKeyParams;
  result: IUseApiKeyResult;
}
