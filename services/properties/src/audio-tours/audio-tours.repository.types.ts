/** Types generated for queries found in "services/properties/src/audio-tours/audio-tours.repository.ts" */
export type numberArray = number[];

export type stringArray = string[];

/** 'PropertyBySlug' parameters type */
export interface IPropertyBySlugParams {
  providerId: string;
  slug: string;
}

/** 'PropertyBySlug' return type */
export interface IPropertyBySlugResult {
  id: string;
}

/** 'PropertyBySlug' query type */
export interface IPropertyBySlugQuery {
  params: IPropertyBySlugParams;
  result: IPropertyBySlugResult;
}

/** 'PremiumProperty' parameters type */
export interface IPremiumPropertyParams {
  propertyId: string;
}

/** 'PremiumProperty' return type */
export interface IPremiumPropertyResult {
  premium: boolean;
}

/** 'PremiumProperty' query type */
export interface IPremiumPropertyQuery {
  params: IPremiumPropertyParams;
  result: IPremiumPropertyResult;
}

/** 'EnsureAudioTour' parameters type */
export interface IEnsureAudioTourParams {
  id: string;
  propertyId: string;
  providerId: string;
}

/** 'EnsureAudioTour' return type */
export type IEnsureAudioTourResult = void;

/** 'EnsureAudioTour' query type */
export interface IEnsureAudioTourQuery {
  params: IEnsureAudioTourParams;
  result: IEnsureAudioTourResult;
}

/** 'FindAudioTour' parameters type */
export interface IFindAudioTourParams {
  id?: string | null | void;
  propertyId?: string | null | void;
  providerId: string;
}

/** 'FindAudioTour' return type */
export interface IFindAudioTourResult {
  backgroundMusicId: string | null;
  id: string;
  musicContentType: string | null;
  musicFilename: string | null;
  musicKey: string | null;
  musicName: string | null;
  propertyId: string;
  updatedAt: Date;
  volume: number;
}

/** 'FindAudioTour' query type */
export interface IFindAudioTourQuery {
  params: IFindAudioTourParams;
  result: IFindAudioTourResult;
}

/** 'LockAudioTour' parameters type */
export interface ILockAudioTourParams {
  id: string;
  providerId: string;
}

/** 'LockAudioTour' return type */
export interface ILockAudioTourResult {
  id: string;
}

/** 'LockAudioTour' query type */
export interface ILockAudioTourQuery {
  params: ILockAudioTourParams;
  result: ILockAudioTourResult;
}

/** 'UpdateAudioTour' parameters type */
export interface IUpdateAudioTourParams {
  backgroundMusicId?: string | null | void;
  id: string;
  musicChanged: boolean;
  volume?: number | null | void;
}

/** 'UpdateAudioTour' return type */
export type IUpdateAudioTourResult = void;

/** 'UpdateAudioTour' query type */
export interface IUpdateAudioTourQuery {
  params: IUpdateAudioTourParams;
  result: IUpdateAudioTourResult;
}

/** 'Narrations' parameters type */
export interface INarrationsParams {
  tourId: string;
}

/** 'Narrations' return type */
export interface INarrationsResult {
  audioFileId: string;
  contentType: string | null;
  filename: string;
  name: string;
  room: string;
  storageKey: string;
}

/** 'Narrations' query type */
export interface INarrationsQuery {
  params: INarrationsParams;
  result: INarrationsResult;
}

/** 'RemoveNarrations' parameters type */
export interface IRemoveNarrationsParams {
  tourId: string;
}

/** 'RemoveNarrations' return type */
export type IRemoveNarrationsResult = void;

/** 'RemoveNarrations' query type */
export interface IRemoveNarrationsQuery {
  params: IRemoveNarrationsParams;
  result: IRemoveNarrationsResult;
}

/** 'InsertNarrations' parameters type */
export interface IInsertNarrationsParams {
  fileIds: stringArray;
  rooms: stringArray;
  tourId: string;
}

/** 'InsertNarrations' return type */
export type IInsertNarrationsResult = void;

/** 'InsertNarrations' query type */
export interface IInsertNarrationsQuery {
  params: IInsertNarrationsParams;
  result: IInsertNarrationsResult;
}

/** 'Sources' parameters type */
export interface ISourcesParams {
  tourId: string;
}

/** 'Sources' return type */
export interface ISourcesResult {
  audioFileId: string;
  contentType: string | null;
  filename: string;
  name: string;
  radius: number;
  storageKey: string;
  volume: number;
  x: number;
  y: number;
  z: number;
}

/** 'Sources' query type */
export interface ISourcesQuery {
  params: ISourcesParams;
  result: ISourcesResult;
}

/** 'RemoveSources' parameters type */
export interface IRemoveSourcesParams {
  tourId: string;
}

/** 'RemoveSources' return type */
export type IRemoveSourcesResult = void;

/** 'RemoveSources' query type */
export interface IRemoveSourcesQuery {
  params: IRemoveSourcesParams;
  result: IRemoveSourcesResult;
}

/** 'InsertSources' parameters type */
export interface IInsertSourcesParams {
  fileIds: stringArray;
  radii: numberArray;
  tourId: string;
  volumes: numberArray;
  xs: numberArray;
  ys: numberArray;
  zs: numberArray;
}

/** 'InsertSources' return type */
export type IInsertSourcesResult = void;

/** 'InsertSources' query type */
export interface IInsertSourcesQuery {
  params: IInsertSourcesParams;
  result: IInsertSourcesResult;
}
