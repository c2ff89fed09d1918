/** Types generated for queries found in "services/properties/src/segmentation/segmentation.repository.ts" */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export type NumberOrString = number | string;

export type stringArray = string[];

/** 'ModelOf' parameters type */
export interface IModelOfParams {
  propertyId: string;
}

/** 'ModelOf' return type */
export interface IModelOfResult {
  matterportKey: string;
}

/** 'ModelOf' query type */
export interface IModelOfQuery {
  params: IModelOfParams;
  result: IModelOfResult;
}

/** 'SceneFor' parameters type */
export interface ISceneForParams {
  id: string;
  matterportKey: string;
  mpModelId: string;
}

/** 'SceneFor' return type */
export interface ISceneForResult {
  id: string;
}

/** 'SceneFor' query type */
export interface ISceneForQuery {
  params: ISceneForParams;
  result: ISceneForResult;
}

/** 'InsertJob' parameters type */
export interface IInsertJobParams {
  id: string;
  propertyId: string;
  providerId: string;
  sceneId: string;
  total: number;
}

/** 'InsertJob' return type */
export interface IInsertJobResult {
  id: string;
}

/** 'InsertJob' query type */
export interface IInsertJobQuery {
  params: IInsertJobParams;
  result: IInsertJobResult;
}

/** 'AddSteps' parameters type */
export interface IAddStepsParams {
  imageUrls: stringArray;
  jobId: string;
  panoIds: stringArray;
  rooms: stringArray;
}

/** 'AddSteps' return type */
export type IAddStepsResult = void;

/** 'AddSteps' query type */
export interface IAddStepsQuery {
  params: IAddStepsParams;
  result: IAddStepsResult;
}

/** 'LatestJob' parameters type */
export interface ILatestJobParams {
  propertyId: string;
}

/** 'LatestJob' return type */
export interface ILatestJobResult {
  createdAt: Date;
  failed: number;
  finishedAt: Date | null;
  id: string;
  sceneId: string;
  segmented: number;
  status: string;
  total: number;
  updatedAt: Date;
}

/** 'LatestJob' query type */
export interface ILatestJobQuery {
  params: ILatestJobParams;
  result: ILatestJobResult;
}

/** 'StepFailures' parameters type */
export interface IStepFailuresParams {
  jobId: string;
  limit: NumberOrString;
}

/** 'StepFailures' return type */
export interface IStepFailuresResult {
  error: string;
  panoId: string;
  room: string | null;
}

/** 'StepFailures' query type */
export interface IStepFailuresQuery {
  params: IStepFailuresParams;
  result: IStepFailuresResult;
}

/** 'LockStep' parameters type */
export interface ILockStepParams {
  jobId: string;
  panoId: string;
}

/** 'LockStep' return type */
export interface ILockStepResult {
  imageUrl: string;
  room: string | null;
  status: string;
}

/** 'LockStep' query type */
export interface ILockStepQuery {
  params: ILockStepParams;
  result: ILockStepResult;
}

/** 'SettleStep' parameters type */
export interface ISettleStepParams {
  attempts: number;
  error?: string | null | void;
  jobId: string;
  panoId: string;
  result?: Json | null | void;
  status: string;
}

/** 'SettleStep' return type */
export interface ISettleStepResult {
  pano_id: string;
}

/** 'SettleStep' query type */
export interface ISettleStepQuery {
  params: ISettleStepParams;
  result: ISettleStepResult;
}

/** 'CountStep' parameters type */
export interface ICountStepParams {
  failed: number;
  jobId: string;
  segmented: number;
}

/** 'CountStep' return type */
export interface ICountStepResult {
  failed: number;
  propertyId: string;
  providerId: string;
  sceneId: string;
  segmented: number;
  total: number;
}

/** 'CountStep' query type */
export interface ICountStepQuery {
  params: ICountStepParams;
  result: ICountStepResult;
}

/** 'FinishJob' parameters type */
export interface IFinishJobParams {
  jobId: string;
  status: string;
}

/** 'FinishJob' return type */
export interface IFinishJobResult {
  finishedAt: Date | null;
}

/** 'FinishJob' query type */
export interface IFinishJobQuery {
  params: IFinishJobParams;
  result: IFinishJobResult;
}

/** 'PublishScene' parameters type */
export interface IPublishSceneParams {
  jobId: string;
  sceneId: string;
}

/** 'PublishScene' return type */
export interface IPublishSceneResult {
  emptyRoomPanoIds: stringArray;
  matterportKey: string;
}

/** 'PublishScene' query type */
export interface IPublishSceneQuery {
  params: IPublishSceneParams;
  result: IPublishSceneResult;
}
