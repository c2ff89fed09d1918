/** Types generated for queries found in "services/properties/src/tour-assets/overlay-templates.repository.ts" */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** 'TemplatePage' parameters type */
export type ITemplatePageParams = void;

/** 'TemplatePage' return type */
export interface ITemplatePageResult {
  contentType: string | null;
  createdAt: Date;
  filename: string | null;
  id: string;
  name: string;
  overlay: Json;
  storageKey: string | null;
  thumbnailFileId: string | null;
  thumbnailKey: string | null;
  total: number;
  updatedAt: Date;
}

/** 'TemplatePage' query type */
export interface ITemplatePageQuery {
  params: ITemplatePageParams;
  result: ITemplatePageResult;
}

/** 'TemplateCount' parameters type */
export type ITemplateCountParams = void;

/** 'TemplateCount' return type */
export interface ITemplateCountResult {
  total: number;
}

/** 'TemplateCount' query type */
export interface ITemplateCountQuery {
  params: ITemplateCountParams;
  result: ITemplateCountResult;
}

/** 'FindTemplate' parameters type */
export interface IFindTemplateParams {
  id: string;
  providerId: string;
}

/** 'FindTemplate' return type */
export interface IFindTemplateResult {
  contentType: string | null;
  createdAt: Date;
  filename: string | null;
  id: string;
  name: string;
  overlay: Json;
  storageKey: string | null;
  thumbnailFileId: string | null;
  thumbnailKey: string | null;
  updatedAt: Date;
}

/** 'FindTemplate' query type */
export interface IFindTemplateQuery {
  params: IFindTemplateParams;
  result: IFindTemplateResult;
}

/** 'LockTemplate' parameters type */
export interface ILockTemplateParams {
  id: string;
  providerId: string;
}

/** 'LockTemplate' return type */
export interface ILockTemplateResult {
  contentType: string | null;
  createdAt: Date;
  filename: string | null;
  id: string;
  name: string;
  overlay: Json;
  storageKey: string | null;
  thumbnailFileId: string | null;
  thumbnailKey: string | null;
  updatedAt: Date;
}

/** 'LockTemplate' query type */
export interface ILockTemplateQuery {
  params: ILockTemplateParams;
  result: ILockTemplateResult;
}

/** 'LockTemplates' parameters type */
export interface ILockTemplatesParams {
  key: string;
}

/** 'LockTemplates' return type */
export interface ILockTemplatesResult {
  pg_advisory_xact_lock: undefined | null;
}

/** 'LockTemplates' query type */
export interface ILockTemplatesQuery {
  params: ILockTemplatesParams;
  result: ILockTemplatesResult;
}

/** 'CountTemplates' parameters type */
export interface ICountTemplatesParams {
  providerId: string;
}

/** 'CountTemplates' return type */
export interface ICountTemplatesResult {
  total: number;
}

/** 'CountTemplates' query type */
export interface ICountTemplatesQuery {
  params: ICountTemplatesParams;
  result: ICountTemplatesResult;
}

/** 'InsertTemplate' parameters type */
export interface IInsertTemplateParams {
  id: string;
  name: string;
  overlay: Json;
  providerId: string;
  thumbnailFileId?: string | null | void;
}

/** 'InsertTemplate' return type */
export type IInsertTemplateResult = void;

/** 'InsertTemplate' query type */
export interface IInsertTemplateQuery {
  params: IInsertTemplateParams;
  result: IInsertTemplateResult;
}

/** 'UpdateTemplate' parameters type */
export interface IUpdateTemplateParams {
  id: string;
  name?: string | null | void;
  overlay?: Json | null | void;
  providerId: string;
  thumbnailChanged: boolean;
  thumbnailFileId?: string | null | void;
}

/** 'UpdateTemplate' return type */
export type IUpdateTemplateResult = void;

/** 'UpdateTemplate' query type */
export interface IUpdateTemplateQuery {
  params: IUpdateTemplateParams;
  result: IUpdateTemplateResult;
}

/** 'DeleteTemplate' parameters type */
export interface IDeleteTemplateParams {
  id: string;
  providerId: string;
}

/** 'DeleteTemplate' return type */
export interface IDeleteTemplateResult {
  thumbnailFileId: string | null;
}

/** 'DeleteTemplate' query type */
export interface IDeleteTemplateQuery {
  params: IDeleteTemplateParams;
  result: IDeleteTemplateResult;
}
