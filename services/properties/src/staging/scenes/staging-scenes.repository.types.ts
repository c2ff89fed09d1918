/** Types generated for queries found in "services/properties/src/staging/scenes/staging-scenes.repository.ts" */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export type stringArray = string[];

/** 'FindScene' parameters type */
export interface IFindSceneParams {
  propertyId: string;
}

/** 'FindScene' return type */
export interface IFindSceneResult {
  draft: Json | null;
  draftSavedAt: Date | null;
  propertyId: string;
  published: Json | null;
  publishedAt: Date | null;
}

/** 'FindScene' query type */
export interface IFindSceneQuery {
  params: IFindSceneParams;
  result: IFindSceneResult;
}

/** 'SaveDraftPlacements' parameters type */
export interface ISaveDraftPlacementsParams {
  empty: Json;
  placements: Json;
  propertyId: string;
  providerId: string;
}

/** 'SaveDraftPlacements' return type */
export type ISaveDraftPlacementsResult = void;

/** 'SaveDraftPlacements' query type */
export interface ISaveDraftPlacementsQuery {
  params: ISaveDraftPlacementsParams;
  result: ISaveDraftPlacementsResult;
}

/** 'SaveDraftSettings' parameters type */
export interface ISaveDraftSettingsParams {
  empty: Json;
  given: Json;
  propertyId: string;
  providerId: string;
}

/** 'SaveDraftSettings' return type */
export type ISaveDraftSettingsResult = void;

/** 'SaveDraftSettings' query type */
export interface ISaveDraftSettingsQuery {
  params: ISaveDraftSettingsParams;
  result: ISaveDraftSettingsResult;
}

/** 'PublishScene' parameters type */
export interface IPublishSceneParams {
  propertyId: string;
}

/** 'PublishScene' return type */
export type IPublishSceneResult = void;

/** 'PublishScene' query type */
export interface IPublishSceneQuery {
  params: IPublishSceneParams;
  result: IPublishSceneResult;
}

/** 'UnpublishScene' parameters type */
export interface IUnpublishSceneParams {
  propertyId: string;
}

/** 'UnpublishScene' return type */
export type IUnpublishSceneResult = void;

/** 'UnpublishScene' query type */
export interface IUnpublishSceneQuery {
  params: IUnpublishSceneParams;
  result: IUnpublishSceneResult;
}

/** 'LockDraftAssets' parameters type */
export interface ILockDraftAssetsParams {
  propertyId: string;
}

/** 'LockDraftAssets' return type */
export interface ILockDraftAssetsResult {
  id: string;
}

/** 'LockDraftAssets' query type */
export interface ILockDraftAssetsQuery {
  params: ILockDraftAssetsParams;
  result: ILockDraftAssetsResult;
}

/** 'PlacesPublished' parameters type */
export interface IPlacesPublishedParams {
  probe: Json;
}

/** 'PlacesPublished' return type */
export interface IPlacesPublishedResult {
  placed: boolean;
}

/** 'PlacesPublished' query type */
export interface IPlacesPublishedQuery {
  params: IPlacesPublishedParams;
  result: IPlacesPublishedResult;
}

/** 'PublishedSummary' parameters type */
export interface IPublishedSummaryParams {
  propertyId: string;
}

/** 'PublishedSummary' return type */
export interface IPublishedSummaryResult {
  credits: Json;
  published: boolean;
}

/** 'PublishedSummary' query type */
export interface IPublishedSummaryQuery {
  params: IPublishedSummaryParams;
  result: IPublishedSummaryResult;
}

/** 'PlacedAssets' parameters type */
export interface IPlacedAssetsParams {
  ids: stringArray;
}

/** 'PlacedAssets' return type */
export interface IPlacedAssetsResult {
  archivedAt: Date | null;
  credit: Json | null;
  depthM: number;
  filename: string;
  heightM: number;
  id: string;
  name: string;
  providerId: string | null;
  storageKey: string;
  widthM: number;
}

/** 'PlacedAssets' query type */
export interface IPlacedAssetsQuery {
  params: IPlacedAssetsParams;
  result: IPlacedAssetsResult;
}
