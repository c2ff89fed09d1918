/** Types generated for queries found in "services/properties/src/guided-tours/guided-stops.repository.ts" */
export type numberArray = number[];

export type stringArray = string[];

/** 'Stops' parameters type */
export interface IStopsParams {
  propertyId: string;
}

/** 'Stops' return type */
export interface IStopsResult {
  audioContentType: string | null;
  audioFileId: string | null;
  audioFilename: string | null;
  audioKey: string | null;
  audioName: string | null;
  id: string;
  rotationX: number;
  rotationY: number;
  sweepId: string;
  text: string;
  title: string;
}

/** 'Stops' query type */
export interface IStopsQuery {
  params: IStopsParams;
  result: IStopsResult;
}

/** 'RemoveStops' parameters type */
export interface IRemoveStopsParams {
  propertyId: string;
}

/** 'RemoveStops' return type */
export type IRemoveStopsResult = void;

/** 'RemoveStops' query type */
export interface IRemoveStopsQuery {
  params: IRemoveStopsParams;
  result: IRemoveStopsResult;
}

/** 'InsertStops' parameters type */
export interface IInsertStopsParams {
  audioFileIds: stringArray;
  ids: stringArray;
  propertyId: string;
  providerId: string;
  rotationXs: numberArray;
  rotationYs: numberArray;
  sweepIds: stringArray;
  texts: stringArray;
  titles: stringArray;
}

/** 'InsertStops' return type */
export type IInsertStopsResult = void;

/** 'InsertStops' query type */
export interface IInsertStopsQuery {
  params: IInsertStopsParams;
  result: IInsertStopsResult;
}
