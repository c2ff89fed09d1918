/** Types generated for queries found in "services/properties/src/sketchfab/sketchfab.repository.ts" */
export type DateOrString = Date | string;

/** 'StartAuthorization' parameters type */
export interface IStartAuthorizationParams {
  minutes: number;
  propertyId: string;
  providerId: string;
  stateHash: Buffer;
  userId: string;
}

/** 'StartAuthorization' return type */
export type IStartAuthorizationResult = void;

/** 'StartAuthorization' query type */
export interface IStartAuthorizationQuery {
  params: IStartAuthorizationParams;
  result: IStartAuthorizationResult;
}

/** 'UseAuthorization' parameters type */
export interface IUseAuthorizationParams {
  providerId: string;
  stateHash: Buffer;
  userId: string;
}

/** 'UseAuthorization' return type */
export interface IUseAuthorizationResult {
  propertyId: string;
}

/** 'UseAuthorization' query type */
export interface IUseAuthorizationQuery {
  params: IUseAuthorizationParams;
  result: IUseAuthorizationResult;
}

/** 'FindConnection' parameters type */
export interface IFindConnectionParams {
  providerId: string;
}

/** 'FindConnection' return type */
export interface IFindConnectionResult {
  accessExpiresAt: Date;
  accessToken: Buffer;
  accountName: string | null;
  connectedAt: Date;
  providerId: string;
  refreshToken: Buffer | null;
  status: string;
}

/** 'FindConnection' query type */
export interface IFindConnectionQuery {
  params: IFindConnectionParams;
  result: IFindConnectionResult;
}

/** 'LockConnection' parameters type */
export interface ILockConnectionParams {
  providerId: string;
}

/** 'LockConnection' return type */
export interface ILockConnectionResult {
  accessExpiresAt: Date;
  accessToken: Buffer;
  accountName: string | null;
  connectedAt: Date;
  providerId: string;
  refreshToken: Buffer | null;
  status: string;
}

/** 'LockConnection' query type */
export interface ILockConnectionQuery {
  params: ILockConnectionParams;
  result: ILockConnectionResult;
}

/** 'ConnectSketchfab' parameters type */
export interface IConnectSketchfabParams {
  accessExpiresAt: DateOrString;
  accessToken: Buffer;
  accountName?: string | null | void;
  connectedBy: string;
  providerId: string;
  refreshToken?: Buffer | null | void;
  scope?: string | null | void;
}

/** 'ConnectSketchfab' return type */
export type IConnectSketchfabResult = void;

/** 'ConnectSketchfab' query type */
export interface IConnectSketchfabQuery {
  params: IConnectSketchfabParams;
  result: IConnectSketchfabResult;
}

/** 'StoreRenewedTokens' parameters type */
export interface IStoreRenewedTokensParams {
  accessExpiresAt: DateOrString;
  accessToken: Buffer;
  providerId: string;
  refreshToken?: Buffer | null | void;
}

/** 'StoreRenewedTokens' return type */
export type IStoreRenewedTokensResult = void;

/** 'StoreRenewedTokens' query type */
export interface IStoreRenewedTokensQuery {
  params: IStoreRenewedTokensParams;
  result: IStoreRenewedTokensResult;
}

/** 'MarkBroken' parameters type */
export interface IMarkBrokenParams {
  providerId: string;
}

/** 'MarkBroken' return type */
export type IMarkBrokenResult = void;

/** 'MarkBroken' query type */
export interface IMarkBrokenQuery {
  params: IMarkBrokenParams;
  result: IMarkBrokenResult;
}

/** 'FindImport' parameters type */
export interface IFindImportParams {
  providerId: string;
  uid: string;
}

/** 'FindImport' return type */
export interface IFindImportResult {
  assetId: string;
}

/** 'FindImport' query type */
export interface IFindImportQuery {
  params: IFindImportParams;
  result: IFindImportResult;
}

/** 'RecordImport' parameters type */
export interface IRecordImportParams {
  assetId: string;
  providerId: string;
  uid: string;
}

/** 'RecordImport' return type */
export interface IRecordImportResult {
  assetId: string;
}

/** 'RecordImport' query type */
export interface IRecordImportQuery {
  params: IRecordImportParams;
  result: IRecordImportResult;
}
