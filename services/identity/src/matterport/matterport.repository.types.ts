/** Types generated for queries found in "services/identity/src/matterport/matterport.repository.ts" */
export type DateOrString = Date | string;

/** 'StartAuthorization' parameters type */
export interface IStartAuthorizationParams {
  codeVerifier: Buffer;
  minutes: number;
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
  codeVerifier: Buffer;
}

/** 'UseAuthorization' query type */
export interface IUseAuthorizationQuery {
  params: IUseAuthorizationParams;
  result: IUseAuthorizationResult;
}

/** 'DeleteExpiredAuthorizations' parameters type */
export type IDeleteExpiredAuthorizationsParams = void;

/** 'DeleteExpiredAuthorizations' return type */
export type IDeleteExpiredAuthorizationsResult = void;

/** 'DeleteExpiredAuthorizations' query type */
export interface IDeleteExpiredAuthorizationsQuery {
  params: IDeleteExpiredAuthorizationsParams;
  result: IDeleteExpiredAuthorizationsResult;
}

/** 'ConnectionSummary' parameters type */
export interface IConnectionSummaryParams {
  providerId: string;
}

/** 'ConnectionSummary' return type */
export interface IConnectionSummaryResult {
  accountName: string | null;
  brokenReason: string | null;
  connectedAt: Date | null;
  platformAccount: boolean;
  status: string | null;
}

/** 'ConnectionSummary' query type */
export interface IConnectionSummaryQuery {
  params: IConnectionSummaryParams;
  result: IConnectionSummaryResult;
}

/** 'UsesPlatformAccount' parameters type */
export interface IUsesPlatformAccountParams {
  providerId: string;
}

/** 'UsesPlatformAccount' return type */
export interface IUsesPlatformAccountResult {
  platformAccount: boolean;
}

/** 'UsesPlatformAccount' query type */
export interface IUsesPlatformAccountQuery {
  params: IUsesPlatformAccountParams;
  result: IUsesPlatformAccountResult;
}

/** 'UsePlatformAccount' parameters type */
export interface IUsePlatformAccountParams {
  providerId: string;
}

/** 'UsePlatformAccount' return type */
export type IUsePlatformAccountResult = void;

/** 'UsePlatformAccount' query type */
export interface IUsePlatformAccountQuery {
  params: IUsePlatformAccountParams;
  result: IUsePlatformAccountResult;
}

/** 'OpenSwitchPrompt' parameters type */
export interface IOpenSwitchPromptParams {
  providerId: string;
}

/** 'OpenSwitchPrompt' return type */
export type IOpenSwitchPromptResult = void;

/** 'OpenSwitchPrompt' query type */
export interface IOpenSwitchPromptQuery {
  params: IOpenSwitchPromptParams;
  result: IOpenSwitchPromptResult;
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
  brokenReason: string | null;
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

/** 'SetLockTimeout' parameters type */
export interface ISetLockTimeoutParams {
  lockTimeout: string;
}

/** 'SetLockTimeout' return type */
export interface ISetLockTimeoutResult {
  set_config: string | null;
}

/** 'SetLockTimeout' query type */
export interface ISetLockTimeoutQuery {
  params: ISetLockTimeoutParams;
  result: ISetLockTimeoutResult;
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
  brokenReason: string | null;
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

/** 'ConnectMatterport' parameters type */
export interface IConnectMatterportParams {
  accessExpiresAt: DateOrString;
  accessToken: Buffer;
  accountName?: string | null | void;
  connectedBy: string;
  providerId: string;
  refreshToken?: Buffer | null | void;
  scope?: string | null | void;
}

/** 'ConnectMatterport' return type */
export type IConnectMatterportResult = void;

/** 'ConnectMatterport' query type */
export interface IConnectMatterportQuery {
  params: IConnectMatterportParams;
  result: IConnectMatterportResult;
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

/** 'MarkConnectionBroken' parameters type */
export interface IMarkConnectionBrokenParams {
  providerId: string;
  reason: string;
}

/** 'MarkConnectionBroken' return type */
export type IMarkConnectionBrokenResult = void;

/** 'MarkConnectionBroken' query type */
export interface IMarkConnectionBrokenQuery {
  params: IMarkConnectionBrokenParams;
  result: IMarkConnectionBrokenResult;
}

/** 'DisconnectMatterport' parameters type */
export interface IDisconnectMatterportParams {
  providerId: string;
}

/** 'DisconnectMatterport' return type */
export type IDisconnectMatterportResult = void;

/** 'DisconnectMatterport' query type */
export interface IDisconnectMatterportQuery {
  params: IDisconnectMatterportParams;
  result: IDisconnectMatterportResult;
}

/** 'SwitchPrompt' parameters type */
export interface ISwitchPromptParams {
  providerId: string;
}

/** 'SwitchPrompt' return type */
export interface ISwitchPromptResult {
  endedAt: Date | null;
}

/** 'SwitchPrompt' query type */
export interface ISwitchPromptQuery {
  params: ISwitchPromptParams;
  result: ISwitchPromptResult;
}

/** 'EndSwitchPrompt' parameters type */
export interface IEndSwitchPromptParams {
  by: string;
  providerId: string;
}

/** 'EndSwitchPrompt' return type */
export type IEndSwitchPromptResult = void;

/** 'EndSwitchPrompt' query type */
export interface IEndSwitchPromptQuery {
  params: IEndSwitchPromptParams;
  result: IEndSwitchPromptResult;
}
