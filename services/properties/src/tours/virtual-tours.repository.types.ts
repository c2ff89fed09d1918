/** Types generated for queries found in "services/properties/src/tours/virtual-tours.repository.ts" */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export type stringArray = string[];

/** 'FindVirtualTour' parameters type */
export interface IFindVirtualTourParams {
  id: string;
  providerId: string;
}

/** 'FindVirtualTour' return type */
export interface IFindVirtualTourResult {
  draft: Json | null;
  draftSavedAt: Date | null;
  id: string;
  propertyId: string;
  published: Json | null;
  publishedAt: Date | null;
}

/** 'FindVirtualTour' query type */
export interface IFindVirtualTourQuery {
  params: IFindVirtualTourParams;
  result: IFindVirtualTourResult;
}

/** 'VirtualTourByProperty' parameters type */
export interface IVirtualTourByPropertyParams {
  propertyId: string;
}

/** 'VirtualTourByProperty' return type */
export interface IVirtualTourByPropertyResult {
  draft: Json | null;
  draftSavedAt: Date | null;
  id: string;
  propertyId: string;
  published: Json | null;
  publishedAt: Date | null;
}

/** 'VirtualTourByProperty' query type */
export interface IVirtualTourByPropertyQuery {
  params: IVirtualTourByPropertyParams;
  result: IVirtualTourByPropertyResult;
}

/** 'DraftSavedAt' parameters type */
export interface IDraftSavedAtParams {
  propertyId: string;
  providerId: string;
}

/** 'DraftSavedAt' return type */
export interface IDraftSavedAtResult {
  draftSavedAt: Date | null;
}

/** 'DraftSavedAt' query type */
export interface IDraftSavedAtQuery {
  params: IDraftSavedAtParams;
  result: IDraftSavedAtResult;
}

/** 'SaveDraft' parameters type */
export interface ISaveDraftParams {
  id: string;
  layers: Json;
}

/** 'SaveDraft' return type */
export type ISaveDraftResult = void;

/** 'SaveDraft' query type */
export interface ISaveDraftQuery {
  params: ISaveDraftParams;
  result: ISaveDraftResult;
}

/** 'SaveDraftPart' parameters type */
export interface ISaveDraftPartParams {
  defaults: Json;
  id: string;
  path: stringArray;
  value: Json;
}

/** 'SaveDraftPart' return type */
export type ISaveDraftPartResult = void;

/** 'SaveDraftPart' query type */
export interface ISaveDraftPartQuery {
  params: ISaveDraftPartParams;
  result: ISaveDraftPartResult;
}

/** 'MergeDraftPart' parameters type */
export interface IMergeDraftPartParams {
  defaults: Json;
  given: Json;
  id: string;
  part: string;
  path: stringArray;
}

/** 'MergeDraftPart' return type */
export type IMergeDraftPartResult = void;

/** 'MergeDraftPart' query type */
export interface IMergeDraftPartQuery {
  params: IMergeDraftPartParams;
  result: IMergeDraftPartResult;
}

/** 'DropDraft' parameters type */
export interface IDropDraftParams {
  id: string;
}

/** 'DropDraft' return type */
export type IDropDraftResult = void;

/** 'DropDraft' query type */
export interface IDropDraftQuery {
  params: IDropDraftParams;
  result: IDropDraftResult;
}

/** 'PublishVirtualTour' parameters type */
export interface IPublishVirtualTourParams {
  id: string;
}

/** 'PublishVirtualTour' return type */
export type IPublishVirtualTourResult = void;

/** 'PublishVirtualTour' query type */
export interface IPublishVirtualTourQuery {
  params: IPublishVirtualTourParams;
  result: IPublishVirtualTourResult;
}

/** 'UnpublishVirtualTour' parameters type */
export interface IUnpublishVirtualTourParams {
  id: string;
}

/** 'UnpublishVirtualTour' return type */
export type IUnpublishVirtualTourResult = void;

/** 'UnpublishVirtualTour' query type */
export interface IUnpublishVirtualTourQuery {
  params: IUnpublishVirtualTourParams;
  result: IUnpublishVirtualTourResult;
}

/** 'LocationImageFile' parameters type */
export interface ILocationImageFileParams {
  id: string;
  providerId: string;
}

/** 'LocationImageFile' return type */
export interface ILocationImageFileResult {
  contentType: string | null;
  filename: string;
  storageKey: string;
}

/** 'LocationImageFile' query type */
export interface ILocationImageFileQuery {
  params: ILocationImageFileParams;
  result: ILocationImageFileResult;
}

/** 'IsLocationImage' parameters type */
export interface IIsLocationImageParams {
  id: string;
  providerId: string;
}

/** 'IsLocationImage' return type */
export interface IIsLocationImageResult {
  found: number;
}

/** 'IsLocationImage' query type */
export interface IIsLocationImageQuery {
  params: IIsLocationImageParams;
  result: IIsLocationImageResult;
}
