/** Types generated for queries found in "services/properties/src/audio-tours/audio-files.repository.ts" */
export type stringArray = string[];

/** 'AudioFilePage' parameters type */
export type IAudioFilePageParams = void;

/** 'AudioFilePage' return type */
export interface IAudioFilePageResult {
  contentType: string | null;
  createdAt: Date;
  filename: string;
  id: string;
  name: string;
  size: string | null;
  storageKey: string;
  total: number;
  updatedAt: Date;
}

/** 'AudioFilePage' query type */
export interface IAudioFilePageQuery {
  params: IAudioFilePageParams;
  result: IAudioFilePageResult;
}

/** 'AudioFileCount' parameters type */
export type IAudioFileCountParams = void;

/** 'AudioFileCount' return type */
export interface IAudioFileCountResult {
  total: number;
}

/** 'AudioFileCount' query type */
export interface IAudioFileCountQuery {
  params: IAudioFileCountParams;
  result: IAudioFileCountResult;
}

/** 'FindAudioFile' parameters type */
export interface IFindAudioFileParams {
  id: string;
  providerId: string;
}

/** 'FindAudioFile' return type */
export interface IFindAudioFileResult {
  contentType: string | null;
  createdAt: Date;
  filename: string;
  id: string;
  name: string;
  size: string | null;
  storageKey: string;
  updatedAt: Date;
}

/** 'FindAudioFile' query type */
export interface IFindAudioFileQuery {
  params: IFindAudioFileParams;
  result: IFindAudioFileResult;
}

/** 'OwnedAudioFiles' parameters type */
export interface IOwnedAudioFilesParams {
  ids: stringArray;
  providerId: string;
}

/** 'OwnedAudioFiles' return type */
export interface IOwnedAudioFilesResult {
  id: string;
}

/** 'OwnedAudioFiles' query type */
export interface IOwnedAudioFilesQuery {
  params: IOwnedAudioFilesParams;
  result: IOwnedAudioFilesResult;
}

/** 'LockAudioFile' parameters type */
export interface ILockAudioFileParams {
  id: string;
  providerId: string;
}

/** 'LockAudioFile' return type */
export interface ILockAudioFileResult {
  id: string;
}

/** 'LockAudioFile' query type */
export interface ILockAudioFileQuery {
  params: ILockAudioFileParams;
  result: ILockAudioFileResult;
}

/** 'ReleaseAudioFile' parameters type */
export interface IReleaseAudioFileParams {
  id: string;
  providerId: string;
}

/** 'ReleaseAudioFile' return type */
export type IReleaseAudioFileResult = void;

/** 'ReleaseAudioFile' query type */
export interface IReleaseAudioFileQuery {
  params: IReleaseAudioFileParams;
  result: IReleaseAudioFileResult;
}

/** 'InsertAudioFile' parameters type */
export interface IInsertAudioFileParams {
  fileId: string;
  id: string;
  name: string;
  providerId: string;
}

/** 'InsertAudioFile' return type */
export type IInsertAudioFileResult = void;

/** 'InsertAudioFile' query type */
export interface IInsertAudioFileQuery {
  params: IInsertAudioFileParams;
  result: IInsertAudioFileResult;
}

/** 'RenameAudioFile' parameters type */
export interface IRenameAudioFileParams {
  id: string;
  name: string;
  providerId: string;
}

/** 'RenameAudioFile' return type */
export type IRenameAudioFileResult = void;

/** 'RenameAudioFile' query type */
export interface IRenameAudioFileQuery {
  params: IRenameAudioFileParams;
  result: IRenameAudioFileResult;
}

/** 'ToursPlayingAudioFile' parameters type */
export interface IToursPlayingAudioFileParams {
  id: string;
  providerId: string;
}

/** 'ToursPlayingAudioFile' return type */
export interface IToursPlayingAudioFileResult {
  title: string;
}

/** 'ToursPlayingAudioFile' query type */
export interface IToursPlayingAudioFileQuery {
  params: IToursPlayingAudioFileParams;
  result: IToursPlayingAudioFileResult;
}

/** 'DeleteAudioFile' parameters type */
export interface IDeleteAudioFileParams {
  id: string;
  providerId: string;
}

/** 'DeleteAudioFile' return type */
export interface IDeleteAudioFileResult {
  fileId: string;
}

/** 'DeleteAudioFile' query type */
export interface IDeleteAudioFileQuery {
  params: IDeleteAudioFileParams;
  result: IDeleteAudioFileResult;
}
