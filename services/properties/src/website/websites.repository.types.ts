/** Types generated for queries found in "services/properties/src/website/websites.repository.ts" */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export type stringArray = string[];

/** 'FindWebsite' parameters type */
export interface IFindWebsiteParams {
  propertyId: string;
}

/** 'FindWebsite' return type */
export interface IFindWebsiteResult {
  documentIds: stringArray | null;
  mediaLinkIds: stringArray | null;
  photoIds: stringArray | null;
  propertyFeatures: Json;
  publishedFloorplanId: string | null;
  publishedVideoIds: stringArray | null;
  settings: Json;
  updatedAt: Date;
}

/** 'FindWebsite' query type */
export interface IFindWebsiteQuery {
  params: IFindWebsiteParams;
  result: IFindWebsiteResult;
}

/** 'EnsureWebsite' parameters type */
export interface IEnsureWebsiteParams {
  propertyId: string;
  providerId: string;
}

/** 'EnsureWebsite' return type */
export type IEnsureWebsiteResult = void;

/** 'EnsureWebsite' query type */
export interface IEnsureWebsiteQuery {
  params: IEnsureWebsiteParams;
  result: IEnsureWebsiteResult;
}

/** 'TouchWebsite' parameters type */
export interface ITouchWebsiteParams {
  propertyId: string;
}

/** 'TouchWebsite' return type */
export type ITouchWebsiteResult = void;

/** 'TouchWebsite' query type */
export interface ITouchWebsiteQuery {
  params: ITouchWebsiteParams;
  result: ITouchWebsiteResult;
}

/** 'MergeWebsiteSettings' parameters type */
export interface IMergeWebsiteSettingsParams {
  given: Json;
  propertyId: string;
}

/** 'MergeWebsiteSettings' return type */
export type IMergeWebsiteSettingsResult = void;

/** 'MergeWebsiteSettings' query type */
export interface IMergeWebsiteSettingsQuery {
  params: IMergeWebsiteSettingsParams;
  result: IMergeWebsiteSettingsResult;
}

/** 'MergeWebsiteFeatures' parameters type */
export interface IMergeWebsiteFeaturesParams {
  given: Json;
  propertyId: string;
}

/** 'MergeWebsiteFeatures' return type */
export type IMergeWebsiteFeaturesResult = void;

/** 'MergeWebsiteFeatures' query type */
export interface IMergeWebsiteFeaturesQuery {
  params: IMergeWebsiteFeaturesParams;
  result: IMergeWebsiteFeaturesResult;
}

/** 'SelectPhotoIds' parameters type */
export interface ISelectPhotoIdsParams {
  photoIds?: stringArray | null | void;
  propertyId: string;
}

/** 'SelectPhotoIds' return type */
export type ISelectPhotoIdsResult = void;

/** 'SelectPhotoIds' query type */
export interface ISelectPhotoIdsQuery {
  params: ISelectPhotoIdsParams;
  result: ISelectPhotoIdsResult;
}

/** 'SelectPublishedFloorplanId' parameters type */
export interface ISelectPublishedFloorplanIdParams {
  propertyId: string;
  publishedFloorplanId?: string | null | void;
}

/** 'SelectPublishedFloorplanId' return type */
export type ISelectPublishedFloorplanIdResult = void;

/** 'SelectPublishedFloorplanId' query type */
export interface ISelectPublishedFloorplanIdQuery {
  params: ISelectPublishedFloorplanIdParams;
  result: ISelectPublishedFloorplanIdResult;
}

/** 'SelectPublishedVideoIds' parameters type */
export interface ISelectPublishedVideoIdsParams {
  propertyId: string;
  publishedVideoIds?: stringArray | null | void;
}

/** 'SelectPublishedVideoIds' return type */
export type ISelectPublishedVideoIdsResult = void;

/** 'SelectPublishedVideoIds' query type */
export interface ISelectPublishedVideoIdsQuery {
  params: ISelectPublishedVideoIdsParams;
  result: ISelectPublishedVideoIdsResult;
}

/** 'SelectDocumentIds' parameters type */
export interface ISelectDocumentIdsParams {
  documentIds?: stringArray | null | void;
  propertyId: string;
}

/** 'SelectDocumentIds' return type */
export type ISelectDocumentIdsResult = void;

/** 'SelectDocumentIds' query type */
export interface ISelectDocumentIdsQuery {
  params: ISelectDocumentIdsParams;
  result: ISelectDocumentIdsResult;
}

/** 'SelectMediaLinkIds' parameters type */
export interface ISelectMediaLinkIdsParams {
  mediaLinkIds?: stringArray | null | void;
  propertyId: string;
}

/** 'SelectMediaLinkIds' return type */
export type ISelectMediaLinkIdsResult = void;

/** 'SelectMediaLinkIds' query type */
export interface ISelectMediaLinkIdsQuery {
  params: ISelectMediaLinkIdsParams;
  result: ISelectMediaLinkIdsResult;
}
