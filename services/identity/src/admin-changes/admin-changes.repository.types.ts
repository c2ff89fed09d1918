/** Types generated for queries found in "services/identity/src/admin-changes/admin-changes.repository.ts" */
export type DateOrString = Date | string;

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export type NumberOrString = number | string;

/** 'RecordAdminChange' parameters type */
export interface IRecordAdminChangeParams {
  action: string;
  adminId: string;
  after?: Json | null | void;
  before?: Json | null | void;
  changedAt?: DateOrString | null | void;
  id: string;
  providerId: string;
  record?: string | null | void;
  source: string;
}

/** 'RecordAdminChange' return type */
export interface IRecordAdminChangeResult {
  id: string;
}

/** 'RecordAdminChange' query type */
export interface IRecordAdminChangeQuery {
  params: IRecordAdminChangeParams;
  result: IRecordAdminChangeResult;
}

/** 'AdminChangesOfProvider' parameters type */
export interface IAdminChangesOfProviderParams {
  limit: NumberOrString;
  offset: NumberOrString;
  providerId: string;
}

/** 'AdminChangesOfProvider' return type */
export interface IAdminChangesOfProviderResult {
  action: string;
  adminEmail: string;
  adminId: string;
  adminName: string;
  after: Json | null;
  before: Json | null;
  changedAt: Date;
  id: string;
  record: string | null;
  total: number;
}

/** 'AdminChangesOfProvider' query type */
export interface IAdminChangesOfProviderQuery {
  params: IAdminChangesOfProviderParams;
  result: IAdminChangesOfProviderResult;
}

/** 'CountAdminChangesOfProvider' parameters type */
export interface ICountAdminChangesOfProviderParams {
  providerId: string;
}

/** 'CountAdminChangesOfProvider' return type */
export interface ICountAdminChangesOfProviderResult {
  total: number;
}

/** 'CountAdminChangesOfProvider' query type */
export interface ICountAdminChangesOfProviderQuery {
  params: ICountAdminChangesOfProviderParams;
  result: ICountAdminChangesOfProviderResult;
}
