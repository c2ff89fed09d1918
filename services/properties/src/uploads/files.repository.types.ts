/** Types generated for queries found in "services/properties/src/uploads/files.repository.ts" */
export type NumberOrString = number | string;

export type stringArray = string[];

/** 'InsertFile' parameters type */
export interface IInsertFileParams {
  contentType?: string | null | void;
  direct: boolean;
  filename: string;
  height?: number | null | void;
  id: string;
  providerId: string;
  size?: NumberOrString | null | void;
  square?: boolean | null | void;
  storageKey: string;
  thumbnailKey?: string | null | void;
  width?: number | null | void;
}

/** 'InsertFile' return type */
export type IInsertFileResult = void;

/** 'InsertFile' query type */
export interface IInsertFileQuery {
  params: IInsertFileParams;
  result: IInsertFileResult;
}

/** 'InsertAttachedFile' parameters type */
export interface IInsertAttachedFileParams {
  contentType?: string | null | void;
  direct: boolean;
  filename: string;
  height?: number | null | void;
  id: string;
  providerId: string;
  size?: NumberOrString | null | void;
  square?: boolean | null | void;
  storageKey: string;
  thumbnailKey?: string | null | void;
  width?: number | null | void;
}

/** 'InsertAttachedFile' return type */
export type IInsertAttachedFileResult = void;

/** 'InsertAttachedFile' query type */
export interface IInsertAttachedFileQuery {
  params: IInsertAttachedFileParams;
  result: IInsertAttachedFileResult;
}

/** 'InsertDirectFile' parameters type */
export interface IInsertDirectFileParams {
  filename: string;
  id: string;
  providerId: string;
  storageKey: string;
}

/** 'InsertDirectFile' return type */
export type IInsertDirectFileResult = void;

/** 'InsertDirectFile' query type */
export interface IInsertDirectFileQuery {
  params: IInsertDirectFileParams;
  result: IInsertDirectFileResult;
}

/** 'LockWaitingFiles' parameters type */
export interface ILockWaitingFilesParams {
  ids: stringArray;
  providerId: string;
}

/** 'LockWaitingFiles' return type */
export interface ILockWaitingFilesResult {
  contentType: string | null;
  createdAt: Date;
  direct: boolean;
  filename: string;
  height: number | null;
  id: string;
  providerId: string;
  size: number | null;
  square: boolean | null;
  storageKey: string;
  thumbnailKey: string | null;
  width: number | null;
}

/** 'LockWaitingFiles' query type */
export interface ILockWaitingFilesQuery {
  params: ILockWaitingFilesParams;
  result: ILockWaitingFilesResult;
}

/** 'MarkFilesAttached' parameters type */
export interface IMarkFilesAttachedParams {
  ids: stringArray;
}

/** 'MarkFilesAttached' return type */
export type IMarkFilesAttachedResult = void;

/** 'MarkFilesAttached' query type */
export interface IMarkFilesAttachedQuery {
  params: IMarkFilesAttachedParams;
  result: IMarkFilesAttachedResult;
}

/** 'DirectUncheckedFiles' parameters type */
export interface IDirectUncheckedFilesParams {
  ids: stringArray;
  providerId: string;
}

/** 'DirectUncheckedFiles' return type */
export interface IDirectUncheckedFilesResult {
  contentType: string | null;
  createdAt: Date;
  direct: boolean;
  filename: string;
  height: number | null;
  id: string;
  providerId: string;
  size: number | null;
  square: boolean | null;
  storageKey: string;
  thumbnailKey: string | null;
  width: number | null;
}

/** 'DirectUncheckedFiles' query type */
export interface IDirectUncheckedFilesQuery {
  params: IDirectUncheckedFilesParams;
  result: IDirectUncheckedFilesResult;
}

/** 'DescribeDirectFile' parameters type */
export interface IDescribeDirectFileParams {
  contentType?: string | null | void;
  height?: number | null | void;
  id: string;
  size?: NumberOrString | null | void;
  square?: boolean | null | void;
  storageKey: string;
  thumbnailKey?: string | null | void;
  width?: number | null | void;
}

/** 'DescribeDirectFile' return type */
export type IDescribeDirectFileResult = void;

/** 'DescribeDirectFile' query type */
export interface IDescribeDirectFileQuery {
  params: IDescribeDirectFileParams;
  result: IDescribeDirectFileResult;
}

/** 'DiscardUndescribedFile' parameters type */
export interface IDiscardUndescribedFileParams {
  id: string;
}

/** 'DiscardUndescribedFile' return type */
export type IDiscardUndescribedFileResult = void;

/** 'DiscardUndescribedFile' query type */
export interface IDiscardUndescribedFileQuery {
  params: IDiscardUndescribedFileParams;
  result: IDiscardUndescribedFileResult;
}

/** 'DiscardFiles' parameters type */
export interface IDiscardFilesParams {
  ids: stringArray;
}

/** 'DiscardFiles' return type */
export type IDiscardFilesResult = void;

/** 'DiscardFiles' query type */
export interface IDiscardFilesQuery {
  params: IDiscardFilesParams;
  result: IDiscardFilesResult;
}

/** 'ClaimUnusedFiles' parameters type */
export interface IClaimUnusedFilesParams {
  batch: NumberOrString;
  hours: number;
}

/** 'ClaimUnusedFiles' return type */
export interface IClaimUnusedFilesResult {
  id: string;
  storageKey: string;
  thumbnailKey: string | null;
}

/** 'ClaimUnusedFiles' query type */
export interface IClaimUnusedFilesQuery {
  params: IClaimUnusedFilesParams;
  result: IClaimUnusedFilesResult;
}

/** 'DeleteFiles' parameters type */
export interface IDeleteFilesParams {
  ids: stringArray;
}

/** 'DeleteFiles' return type */
export type IDeleteFilesResult = void;

/** 'DeleteFiles' query type */
export interface IDeleteFilesQuery {
  params: IDeleteFilesParams;
  result: IDeleteFilesResult;
}
