/** Types generated for queries found in "services/properties/src/staging/staging-assets.repository.ts" */
export type DateOrString = Date | string;

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export type NumberOrString = number | string;

/** 'Categories' parameters type */
export type ICategoriesParams = void;

/** 'Categories' return type */
export interface ICategoriesResult {
  id: string;
  name: string;
  position: number;
}

/** 'Categories' query type */
export interface ICategoriesQuery {
  params: ICategoriesParams;
  result: ICategoriesResult;
}

/** 'Category' parameters type */
export interface ICategoryParams {
  id: string;
}

/** 'Category' return type */
export interface ICategoryResult {
  id: string;
  name: string;
}

/** 'Category' query type */
export interface ICategoryQuery {
  params: ICategoryParams;
  result: ICategoryResult;
}

/** 'AssetPage' parameters type */
export type IAssetPageParams = void;

/** 'AssetPage' return type */
export interface IAssetPageResult {
  archivedAt: Date | null;
  categoryId: string;
  categoryName: string;
  createdAt: Date;
  credit: Json | null;
  depthM: number;
  filename: string;
  heightM: number;
  id: string;
  name: string;
  providerId: string | null;
  sizeBytes: number;
  storageKey: string;
  thumbnailKey: string | null;
  total: number;
  triangleCount: number;
  updatedAt: Date;
  widthM: number;
}

/** 'AssetPage' query type */
export interface IAssetPageQuery {
  params: IAssetPageParams;
  result: IAssetPageResult;
}

/** 'AssetCount' parameters type */
export type IAssetCountParams = void;

/** 'AssetCount' return type */
export interface IAssetCountResult {
  total: number;
}

/** 'AssetCount' query type */
export interface IAssetCountQuery {
  params: IAssetCountParams;
  result: IAssetCountResult;
}

/** 'FindAsset' parameters type */
export interface IFindAssetParams {
  id: string;
}

/** 'FindAsset' return type */
export interface IFindAssetResult {
  archivedAt: Date | null;
  categoryId: string;
  categoryName: string;
  createdAt: Date;
  credit: Json | null;
  depthM: number;
  filename: string;
  heightM: number;
  id: string;
  name: string;
  providerId: string | null;
  sizeBytes: number;
  storageKey: string;
  thumbnailKey: string | null;
  triangleCount: number;
  updatedAt: Date;
  widthM: number;
}

/** 'FindAsset' query type */
export interface IFindAssetQuery {
  params: IFindAssetParams;
  result: IFindAssetResult;
}

/** 'LockAsset' parameters type */
export interface ILockAssetParams {
  id: string;
}

/** 'LockAsset' return type */
export interface ILockAssetResult {
  id: string;
}

/** 'LockAsset' query type */
export interface ILockAssetQuery {
  params: ILockAssetParams;
  result: ILockAssetResult;
}

/** 'InsertAsset' parameters type */
export interface IInsertAssetParams {
  categoryId: string;
  credit?: Json | null | void;
  depthM: number;
  filename: string;
  heightM: number;
  id: string;
  name: string;
  providerId?: string | null | void;
  sizeBytes: NumberOrString;
  storageKey: string;
  thumbnailKey?: string | null | void;
  triangleCount: number;
  widthM: number;
}

/** 'InsertAsset' return type */
export type IInsertAssetResult = void;

/** 'InsertAsset' query type */
export interface IInsertAssetQuery {
  params: IInsertAssetParams;
  result: IInsertAssetResult;
}

/** 'UpdateAsset' parameters type */
export interface IUpdateAssetParams {
  archivedAt?: DateOrString | null | void;
  categoryId: string;
  credit?: Json | null | void;
  id: string;
  name: string;
}

/** 'UpdateAsset' return type */
export type IUpdateAssetResult = void;

/** 'UpdateAsset' query type */
export interface IUpdateAssetQuery {
  params: IUpdateAssetParams;
  result: IUpdateAssetResult;
}

/** 'DeleteAsset' parameters type */
export interface IDeleteAssetParams {
  id: string;
}

/** 'DeleteAsset' return type */
export type IDeleteAssetResult = void;

/** 'DeleteAsset' query type */
export interface IDeleteAssetQuery {
  params: IDeleteAssetParams;
  result: IDeleteAssetResult;
}

/** 'InsertLog' parameters type */
export interface IInsertLogParams {
  action: string;
  actorUserId: string;
  assetId: string;
  assetName: string;
  changes?: Json | null | void;
  id: string;
  impersonatorId?: string | null | void;
  providerId?: string | null | void;
}

/** 'InsertLog' return type */
export type IInsertLogResult = void;

/** 'InsertLog' query type */
export interface IInsertLogQuery {
  params: IInsertLogParams;
  result: IInsertLogResult;
}

/** 'LogPage' parameters type */
export type ILogPageParams = void;

/** 'LogPage' return type */
export interface ILogPageResult {
  action: string;
  actorUserId: string;
  assetId: string;
  assetName: string;
  changes: Json | null;
  createdAt: Date;
  id: string;
  impersonatorId: string | null;
  providerId: string | null;
  total: number;
}

/** 'LogPage' query type */
export interface ILogPageQuery {
  params: ILogPageParams;
  result: ILogPageResult;
}

/** 'LogCount' parameters type */
export type ILogCountParams = void;

/** 'LogCount' return type */
export interface ILogCountResult {
  total: number;
}

/** 'LogCount' query type */
export interface ILogCountQuery {
  params: ILogCountParams;
  result: ILogCountResult;
}
