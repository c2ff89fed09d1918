/** Types generated for queries found in "services/properties/src/wayfinding/wayfinding.repository.ts" */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** 'FindWayfindingLayer' parameters type */
export interface IFindWayfindingLayerParams {
  propertyId: string;
}

/** 'FindWayfindingLayer' return type */
export interface IFindWayfindingLayerResult {
  journeys: Json;
  points: Json;
}

/** 'FindWayfindingLayer' query type */
export interface IFindWayfindingLayerQuery {
  params: IFindWayfindingLayerParams;
  result: IFindWayfindingLayerResult;
}

/** 'ShownWayfindingLayer' parameters type */
export interface IShownWayfindingLayerParams {
  propertyId: string;
}

/** 'ShownWayfindingLayer' return type */
export interface IShownWayfindingLayerResult {
  journeys: Json;
  points: Json;
  premium: boolean;
}

/** 'ShownWayfindingLayer' query type */
export interface IShownWayfindingLayerQuery {
  params: IShownWayfindingLayerParams;
  result: IShownWayfindingLayerResult;
}

/** 'SaveWayfindingLayer' parameters type */
export interface ISaveWayfindingLayerParams {
  journeys: Json;
  points: Json;
  propertyId: string;
  providerId: string;
}

/** 'SaveWayfindingLayer' return type */
export type ISaveWayfindingLayerResult = void;

/** 'SaveWayfindingLayer' query type */
export interface ISaveWayfindingLayerQuery {
  params: ISaveWayfindingLayerParams;
  result: ISaveWayfindingLayerResult;
}
