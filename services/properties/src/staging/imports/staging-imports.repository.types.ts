/** Types generated for queries found in "services/properties/src/staging/imports/staging-imports.repository.ts" */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export type NumberOrString = number | string;

/** 'InsertImport' parameters type */
export interface IInsertImportParams {
  actorUserId: string;
  csvUrl: string;
  id: string;
  impersonatorId?: string | null | void;
  rowCount: number;
}

/** 'InsertImport' return type */
export type IInsertImportResult = void;

/** 'InsertImport' query type */
export interface IInsertImportQuery {
  params: IInsertImportParams;
  result: IInsertImportResult;
}

/** 'InsertRows' parameters type */
export interface IInsertRowsParams {
  importId: string;
  rows: Json;
}

/** 'InsertRows' return type */
export type IInsertRowsResult = void;

/** 'InsertRows' query type */
export interface IInsertRowsQuery {
  params: IInsertRowsParams;
  result: IInsertRowsResult;
}

/** 'FindImport' parameters type */
export interface IFindImportParams {
  id: string;
}

/** 'FindImport' return type */
export interface IFindImportResult {
  actorUserId: string;
  createdAt: Date;
  createdCount: number;
  csvUrl: string;
  failedCount: number;
  finishedAt: Date | null;
  id: string;
  impersonatorId: string | null;
  rowCount: number;
}

/** 'FindImport' query type */
export interface IFindImportQuery {
  params: IFindImportParams;
  result: IFindImportResult;
}

/** 'ImportPage' parameters type */
export interface IImportPageParams {
  limit: NumberOrString;
  offset: NumberOrString;
}

/** 'ImportPage' return type */
export interface IImportPageResult {
  actorUserId: string;
  createdAt: Date;
  createdCount: number;
  csvUrl: string;
  failedCount: number;
  finishedAt: Date | null;
  id: string;
  impersonatorId: string | null;
  rowCount: number;
  total: number;
}

/** 'ImportPage' query type */
export interface IImportPageQuery {
  params: IImportPageParams;
  result: IImportPageResult;
}

/** 'ImportCount' parameters type */
export type IImportCountParams = void;

/** 'ImportCount' return type */
export interface IImportCountResult {
  total: number;
}

/** 'ImportCount' query type */
export interface IImportCountQuery {
  params: IImportCountParams;
  result: IImportCountResult;
}

/** 'ImportRows' parameters type */
export interface IImportRowsParams {
  importId: string;
}

/** 'ImportRows' return type */
export interface IImportRowsResult {
  assetId: string | null;
  fields: Json;
  line: number;
  messages: Json;
  settledAt: Date | null;
  status: string;
}

/** 'ImportRows' query type */
export interface IImportRowsQuery {
  params: IImportRowsParams;
  result: IImportRowsResult;
}

/** 'ClaimRow' parameters type */
export interface IClaimRowParams {
  leaseS: number;
}

/** 'ClaimRow' return type */
export interface IClaimRowResult {
  actorUserId: string;
  attempts: number;
  fields: Json;
  impersonatorId: string | null;
  importId: string;
  line: number;
}

/** 'ClaimRow' query type */
export interface IClaimRowQuery {
  params: IClaimRowParams;
  result: IClaimRowResult;
}

/** 'SettleRow' parameters type */
export interface ISettleRowParams {
  assetId?: string | null | void;
  importId: string;
  line: number;
  messages: Json;
  status: string;
}

/** 'SettleRow' return type */
export type ISettleRowResult = void;

/** 'SettleRow' query type */
export interface ISettleRowQuery {
  params: ISettleRowParams;
  result: ISettleRowResult;
}

/** 'FinishImport' parameters type */
export interface IFinishImportParams {
  importId: string;
}

/** 'FinishImport' return type */
export type IFinishImportResult = void;

/** 'FinishImport' query type */
export interface IFinishImportQuery {
  params: IFinishImportParams;
  result: IFinishImportResult;
}
