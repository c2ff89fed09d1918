/** Types generated for queries found in "services/properties/src/player/player.repository.ts" */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** 'VisitorTour' parameters type */
export interface IVisitorTourParams {
  clientSlug: string;
  modelSlug: string;
}

/** 'VisitorTour' return type */
export interface IVisitorTourResult {
  hostingPausedAt: Date | null;
  leadGateSweeps: number | null;
  passwordHash: string | null;
  premium: boolean;
  propertyId: string;
  providerId: string;
  tourPublished: boolean;
  username: string | null;
}

/** 'VisitorTour' query type */
export interface IVisitorTourQuery {
  params: IVisitorTourParams;
  result: IVisitorTourResult;
}

/** 'TourOfProperty' parameters type */
export interface ITourOfPropertyParams {
  propertyId: string;
}

/** 'TourOfProperty' return type */
export interface ITourOfPropertyResult {
  clientSlug: string;
  hostingPausedAt: Date | null;
  leadGateSweeps: number | null;
  modelSlug: string;
  passwordHash: string | null;
  premium: boolean;
  propertyId: string;
  providerId: string;
  tourPublished: boolean;
  username: string | null;
}

/** 'TourOfProperty' query type */
export interface ITourOfPropertyQuery {
  params: ITourOfPropertyParams;
  result: ITourOfPropertyResult;
}

/** 'ProvidersShowing' parameters type */
export interface IProvidersShowingParams {
  matterportKey: string;
}

/** 'ProvidersShowing' return type */
export interface IProvidersShowingResult {
  providerId: string;
}

/** 'ProvidersShowing' query type */
export interface IProvidersShowingQuery {
  params: IProvidersShowingParams;
  result: IProvidersShowingResult;
}

/** 'FindScene' parameters type */
export interface IFindSceneParams {
  matterportKey: string;
  mpModelId: string;
}

/** 'FindScene' return type */
export interface IFindSceneResult {
  id: string;
  matterportKey: string;
  mpModelId: string;
  panos: Json;
  status: string;
  updatedAt: Date;
}

/** 'FindScene' query type */
export interface IFindSceneQuery {
  params: IFindSceneParams;
  result: IFindSceneResult;
}

/** 'EnsureScene' parameters type */
export interface IEnsureSceneParams {
  id: string;
  matterportKey: string;
  mpModelId: string;
}

/** 'EnsureScene' return type */
export type IEnsureSceneResult = void;

/** 'EnsureScene' query type */
export interface IEnsureSceneQuery {
  params: IEnsureSceneParams;
  result: IEnsureSceneResult;
}
