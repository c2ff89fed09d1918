/** Types generated for queries found in "services/properties/src/custom-tags/custom-tags.repository.ts" */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export type NumberOrString = number | string;

export type stringArray = string[];

/** 'TagsOf' parameters type */
export interface ITagsOfParams {
  propertyId: string;
  providerId: string;
}

/** 'TagsOf' return type */
export interface ITagsOfResult {
  anchor: Json | null;
  color: string;
  description: string;
  icon: string | null;
  iconContentType: string | null;
  iconStorageKey: string | null;
  id: string;
  label: string;
  media: Json;
  photoContentType: string | null;
  photoFilename: string | null;
  photoStorageKey: string | null;
  stemNormal: Json | null;
  sweepId: string | null;
  uploadedIconId: string | null;
}

/** 'TagsOf' query type */
export interface ITagsOfQuery {
  params: ITagsOfParams;
  result: ITagsOfResult;
}

/** 'LayerOf' parameters type */
export interface ILayerOfParams {
  propertyId: string;
  providerId: string;
}

/** 'LayerOf' return type */
export interface ILayerOfResult {
  tagsEnabled: boolean;
  updatedAt: Date;
}

/** 'LayerOf' query type */
export interface ILayerOfQuery {
  params: ILayerOfParams;
  result: ILayerOfResult;
}

/** 'LockLayer' parameters type */
export interface ILockLayerParams {
  propertyId: string;
  providerId: string;
}

/** 'LockLayer' return type */
export interface ILockLayerResult {
  tagsEnabled: boolean;
}

/** 'LockLayer' query type */
export interface ILockLayerQuery {
  params: ILockLayerParams;
  result: ILockLayerResult;
}

/** 'TouchLayer' parameters type */
export interface ITouchLayerParams {
  propertyId: string;
}

/** 'TouchLayer' return type */
export type ITouchLayerResult = void;

/** 'TouchLayer' query type */
export interface ITouchLayerQuery {
  params: ITouchLayerParams;
  result: ITouchLayerResult;
}

/** 'SetTagsEnabled' parameters type */
export interface ISetTagsEnabledParams {
  enabled: boolean;
  propertyId: string;
}

/** 'SetTagsEnabled' return type */
export type ISetTagsEnabledResult = void;

/** 'SetTagsEnabled' query type */
export interface ISetTagsEnabledQuery {
  params: ISetTagsEnabledParams;
  result: ISetTagsEnabledResult;
}

/** 'DeleteTags' parameters type */
export interface IDeleteTagsParams {
  propertyId: string;
}

/** 'DeleteTags' return type */
export type IDeleteTagsResult = void;

/** 'DeleteTags' query type */
export interface IDeleteTagsQuery {
  params: IDeleteTagsParams;
  result: IDeleteTagsResult;
}

/** 'InsertTags' parameters type */
export interface IInsertTagsParams {
  propertyId: string;
  providerId: string;
  tags: Json;
}

/** 'InsertTags' return type */
export type IInsertTagsResult = void;

/** 'InsertTags' query type */
export interface IInsertTagsQuery {
  params: IInsertTagsParams;
  result: IInsertTagsResult;
}

/** 'PropertyPhotos' parameters type */
export interface IPropertyPhotosParams {
  ids: stringArray;
  propertyId: string;
}

/** 'PropertyPhotos' return type */
export interface IPropertyPhotosResult {
  id: string;
}

/** 'PropertyPhotos' query type */
export interface IPropertyPhotosQuery {
  params: IPropertyPhotosParams;
  result: IPropertyPhotosResult;
}

/** 'PublicTagPage' parameters type */
export interface IPublicTagPageParams {
  billboards?: boolean | null | void;
  icon?: string | null | void;
  limit: NumberOrString;
  mediaType?: string | null | void;
  offset: NumberOrString;
  propertyId: string;
  search?: string | null | void;
}

/** 'PublicTagPage' return type */
export interface IPublicTagPageResult {
  anchor: Json | null;
  color: string;
  description: string;
  icon: string | null;
  iconContentType: string | null;
  iconStorageKey: string | null;
  id: string;
  label: string;
  media: Json;
  photoContentType: string | null;
  photoFilename: string | null;
  photoStorageKey: string | null;
  stemNormal: Json | null;
  sweepId: string | null;
  total: number;
  uploadedIconId: string | null;
}

/** 'PublicTagPage' query type */
export interface IPublicTagPageQuery {
  params: IPublicTagPageParams;
  result: IPublicTagPageResult;
}
