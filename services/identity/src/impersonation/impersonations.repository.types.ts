/** Types generated for queries found in "services/identity/src/impersonation/impersonations.repository.ts" */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export type NumberOrString = number | string;

export type stringArray = string[];

/** 'ImpersonationReturnTo' parameters type */
export interface IImpersonationReturnToParams {
  tokenHash: Buffer;
}

/** 'ImpersonationReturnTo' return type */
export interface IImpersonationReturnToResult {
  returnTo: string | null;
}

/** 'ImpersonationReturnTo' query type */
export interface IImpersonationReturnToQuery {
  params: IImpersonationReturnToParams;
  result: IImpersonationReturnToResult;
}

/** 'StartImpersonation' parameters type */
export interface IStartImpersonationParams {
  adminId?: string | null | void;
  id: string;
  providerId: string;
  returnTo?: string | null | void;
  seconds: number;
  userId: string;
}

/** 'StartImpersonation' return type */
export interface IStartImpersonationResult {
  expiresAt: Date;
}

/** 'StartImpersonation' query type */
export interface IStartImpersonationQuery {
  params: IStartImpersonationParams;
  result: IStartImpersonationResult;
}

/** 'ListImpersonations' parameters type */
export interface IListImpersonationsParams {
  limit: NumberOrString;
  offset: NumberOrString;
  providerId?: string | null | void;
}

/** 'ListImpersonations' return type */
export interface IListImpersonationsResult {
  adminEmail: string;
  adminId: string;
  expiresAt: Date;
  id: string;
  providerId: string;
  providerName: string;
  startedAt: Date;
  stoppedAt: Date | null;
  userEmail: string;
  userId: string;
}

/** 'ListImpersonations' query type */
export interface IListImpersonationsQuery {
  params: IListImpersonationsParams;
  result: IListImpersonationsResult;
}

/** 'CountImpersonations' parameters type */
export interface ICountImpersonationsParams {
  providerId?: string | null | void;
}

/** 'CountImpersonations' return type */
export interface ICountImpersonationsResult {
  total: number;
}

/** 'CountImpersonations' query type */
export interface ICountImpersonationsQuery {
  params: ICountImpersonationsParams;
  result: ICountImpersonationsResult;
}

/** 'AccessLog' parameters type */
export interface IAccessLogParams {
  limit: NumberOrString;
  offset: NumberOrString;
  providerId: string;
  staffOnly: stringArray;
}

/** 'AccessLog' return type */
export interface IAccessLogResult {
  action: string | null;
  adminEmail: string | null;
  adminId: string | null;
  after: Json | null;
  at: Date;
  before: Json | null;
  detail: string | null;
  endedAt: Date | null;
  kind: string;
  record: string | null;
  total: number;
  userEmail: string;
  userId: string;
}

/** 'AccessLog' query type */
export interface IAccessLogQuery {
  params: IAccessLogParams;
  result: IAccessLogResult;
}
