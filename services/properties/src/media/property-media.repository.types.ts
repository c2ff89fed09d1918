/** Types generated for queries found in "services/properties/src/media/property-media.repository.ts" */
export type NumberOrString = number | string;

export type stringArray = string[];

/** 'ListMedia' parameters type */
export interface IListMediaParams {
  kind: string;
  propertyId: string;
  providerId: string;
  source?: string | null | void;
}

/** 'ListMedia' return type */
export interface IListMediaResult {
  contentType: string | null;
  createdAt: Date;
  externalUrl: string | null;
  fileId: string | null;
  filename: string | null;
  height: number | null;
  id: string;
  kind: string;
  name: string | null;
  position: number;
  retouched: boolean;
  size: number | null;
  source: string;
  square: boolean | null;
  storageKey: string | null;
  thumbnailKey: string | null;
  width: number | null;
}

/** 'ListMedia' query type */
export interface IListMediaQuery {
  params: IListMediaParams;
  result: IListMediaResult;
}

/** 'NewestMedia' parameters type */
export interface INewestMediaParams {
  kind: string;
  limit: NumberOrString;
  offset: NumberOrString;
  propertyId: string;
  providerId: string;
}

/** 'NewestMedia' return type */
export interface INewestMediaResult {
  contentType: string | null;
  createdAt: Date;
  externalUrl: string | null;
  fileId: string | null;
  filename: string | null;
  height: number | null;
  id: string;
  kind: string;
  name: string | null;
  position: number;
  retouched: boolean;
  size: number | null;
  source: string;
  square: boolean | null;
  storageKey: string | null;
  thumbnailKey: string | null;
  width: number | null;
}

/** 'NewestMedia' query type */
export interface INewestMediaQuery {
  params: INewestMediaParams;
  result: INewestMediaResult;
}

/** 'CountMedia' parameters type */
export interface ICountMediaParams {
  kind: string;
  propertyId: string;
  providerId: string;
}

/** 'CountMedia' return type */
export interface ICountMediaResult {
  total: number;
}

/** 'CountMedia' query type */
export interface ICountMediaQuery {
  params: ICountMediaParams;
  result: ICountMediaResult;
}

/** 'FindMedium' parameters type */
export interface IFindMediumParams {
  id: string;
  kind: string;
  propertyId: string;
  providerId: string;
}

/** 'FindMedium' return type */
export interface IFindMediumResult {
  contentType: string | null;
  createdAt: Date;
  externalUrl: string | null;
  fileId: string | null;
  filename: string | null;
  height: number | null;
  id: string;
  kind: string;
  name: string | null;
  position: number;
  retouched: boolean;
  size: number | null;
  source: string;
  square: boolean | null;
  storageKey: string | null;
  thumbnailKey: string | null;
  width: number | null;
}

/** 'FindMedium' query type */
export interface IFindMediumQuery {
  params: IFindMediumParams;
  result: IFindMediumResult;
}

/** 'MediaByIds' parameters type */
export interface IMediaByIdsParams {
  ids: stringArray;
  propertyId: string;
  providerId: string;
}

/** 'MediaByIds' return type */
export interface IMediaByIdsResult {
  contentType: string | null;
  createdAt: Date;
  externalUrl: string | null;
  fileId: string | null;
  filename: string | null;
  height: number | null;
  id: string;
  kind: string;
  name: string | null;
  position: number;
  retouched: boolean;
  size: number | null;
  source: string;
  square: boolean | null;
  storageKey: string | null;
  thumbnailKey: string | null;
  width: number | null;
}

/** 'MediaByIds' query type */
export interface IMediaByIdsQuery {
  params: IMediaByIdsParams;
  result: IMediaByIdsResult;
}

/** 'InsertUploadedMedia' parameters type */
export interface IInsertUploadedMediaParams {
  fileIds: stringArray;
  ids: stringArray;
  kind: string;
  names: stringArray;
  propertyId: string;
  providerId: string;
}

/** 'InsertUploadedMedia' return type */
export type IInsertUploadedMediaResult = void;

/** 'InsertUploadedMedia' query type */
export interface IInsertUploadedMediaQuery {
  params: IInsertUploadedMediaParams;
  result: IInsertUploadedMediaResult;
}

/** 'MediaFromOrderFiles' parameters type */
export interface IMediaFromOrderFilesParams {
  orderFileIds: stringArray;
}

/** 'MediaFromOrderFiles' return type */
export interface IMediaFromOrderFilesResult {
  orderFileId: string;
}

/** 'MediaFromOrderFiles' query type */
export interface IMediaFromOrderFilesQuery {
  params: IMediaFromOrderFilesParams;
  result: IMediaFromOrderFilesResult;
}

/** 'InsertMediaFromOrder' parameters type */
export interface IInsertMediaFromOrderParams {
  fileIds: stringArray;
  firstOrderId?: string | null | void;
  ids: stringArray;
  kind: string;
  names: stringArray;
  orderFileIds: stringArray;
  propertyId: string;
  providerId: string;
  retouchedPhotoIds: stringArray;
}

/** 'InsertMediaFromOrder' return type */
export interface IInsertMediaFromOrderResult {
  fileId: string;
  id: string;
}

/** 'InsertMediaFromOrder' query type */
export interface IInsertMediaFromOrderQuery {
  params: IInsertMediaFromOrderParams;
  result: IInsertMediaFromOrderResult;
}

/** 'ReplaceRetouchedCopy' parameters type */
export interface IReplaceRetouchedCopyParams {
  fileId: string;
  firstOrderId: string;
  orderFileId: string;
  photoId: string;
  propertyId: string;
  providerId: string;
}

/** 'ReplaceRetouchedCopy' return type */
export interface IReplaceRetouchedCopyResult {
  id: string;
  supersededFileId: string;
}

/** 'ReplaceRetouchedCopy' query type */
export interface IReplaceRetouchedCopyQuery {
  params: IReplaceRetouchedCopyParams;
  result: IReplaceRetouchedCopyResult;
}

/** 'ReplaceLinePlan' parameters type */
export interface IReplaceLinePlanParams {
  fileId: string;
  filename: string;
  firstOrderId: string;
  orderFileId: string;
  propertyId: string;
  providerId: string;
}

/** 'ReplaceLinePlan' return type */
export interface IReplaceLinePlanResult {
  id: string;
  supersededFileId: string;
}

/** 'ReplaceLinePlan' query type */
export interface IReplaceLinePlanQuery {
  params: IReplaceLinePlanParams;
  result: IReplaceLinePlanResult;
}

/** 'ReplacePhotoFile' parameters type */
export interface IReplacePhotoFileParams {
  fileId: string;
  id: string;
  orderFileId: string;
  propertyId: string;
  providerId: string;
}

/** 'ReplacePhotoFile' return type */
export interface IReplacePhotoFileResult {
  id: string;
  supersededFileId: string | null;
}

/** 'ReplacePhotoFile' query type */
export interface IReplacePhotoFileQuery {
  params: IReplacePhotoFileParams;
  result: IReplacePhotoFileResult;
}

/** 'RestoreOriginalPhoto' parameters type */
export interface IRestoreOriginalPhotoParams {
  id: string;
  propertyId: string;
  providerId: string;
}

/** 'RestoreOriginalPhoto' return type */
export interface IRestoreOriginalPhotoResult {
  retouchedFileId: string;
}

/** 'RestoreOriginalPhoto' query type */
export interface IRestoreOriginalPhotoQuery {
  params: IRestoreOriginalPhotoParams;
  result: IRestoreOriginalPhotoResult;
}

/** 'InsertExternalVideo' parameters type */
export interface IInsertExternalVideoParams {
  id: string;
  propertyId: string;
  providerId: string;
  title?: string | null | void;
  url: string;
}

/** 'InsertExternalVideo' return type */
export type IInsertExternalVideoResult = void;

/** 'InsertExternalVideo' query type */
export interface IInsertExternalVideoQuery {
  params: IInsertExternalVideoParams;
  result: IInsertExternalVideoResult;
}

/** 'UpdateMedium' parameters type */
export interface IUpdateMediumParams {
  id: string;
  name?: string | null | void;
  position?: number | null | void;
  propertyId: string;
  providerId: string;
  renamed: boolean;
}

/** 'UpdateMedium' return type */
export type IUpdateMediumResult = void;

/** 'UpdateMedium' query type */
export interface IUpdateMediumQuery {
  params: IUpdateMediumParams;
  result: IUpdateMediumResult;
}

/** 'DeleteMedia' parameters type */
export interface IDeleteMediaParams {
  ids: stringArray;
  kind: string;
  propertyId: string;
  providerId: string;
}

/** 'DeleteMedia' return type */
export interface IDeleteMediaResult {
  fileId: string | null;
  id: string;
  originalFileId: string | null;
}

/** 'DeleteMedia' query type */
export interface IDeleteMediaQuery {
  params: IDeleteMediaParams;
  result: IDeleteMediaResult;
}

/** 'CountOwnMedia' parameters type */
export interface ICountOwnMediaParams {
  ids: stringArray;
  kind: string;
  propertyId: string;
}

/** 'CountOwnMedia' return type */
export interface ICountOwnMediaResult {
  count: number;
}

/** 'CountOwnMedia' query type */
export interface ICountOwnMediaQuery {
  params: ICountOwnMediaParams;
  result: ICountOwnMediaResult;
}
