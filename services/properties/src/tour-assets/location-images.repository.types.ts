/** Types generated for queries found in "services/properties/src/tour-assets/location-images.repository.ts" */

/** 'InsertLocationImage' parameters type */
export interface IInsertLocationImageParams {
  fileId: string;
  id: string;
  providerId: string;
}

/** 'InsertLocationImage' return type */
export type IInsertLocationImageResult = void;

/** 'InsertLocationImage' query type */
export interface IInsertLocationImageQuery {
  params: IInsertLocationImageParams;
  result: IInsertLocationImageResult;
}

/** 'FindLocationImage' parameters type */
export interface IFindLocationImageParams {
  id: string;
  providerId: string;
}

/** 'FindLocationImage' return type */
export interface IFindLocationImageResult {
  contentType: string | null;
  createdAt: Date;
  fileId: string;
  filename: string;
  height: number | null;
  id: string;
  storageKey: string;
  thumbnailKey: string | null;
  width: number | null;
}

/** 'FindLocationImage' query type */
export interface IFindLocationImageQuery {
  params: IFindLocationImageParams;
  result: IFindLocationImageResult;
}

/** 'ToursShowingLocationImage' parameters type */
export interface IToursShowingLocationImageParams {
  id: string;
  providerId: string;
}

/** 'ToursShowingLocationImage' return type */
export interface IToursShowingLocationImageResult {
  title: string;
}

/** 'ToursShowingLocationImage' query type */
export interface IToursShowingLocationImageQuery {
  params: IToursShowingLocationImageParams;
  result: IToursShowingLocationImageResult;
}

/** 'DeleteLocationImage' parameters type */
export interface IDeleteLocationImageParams {
  id: string;
  providerId: string;
}

/** 'DeleteLocationImage' return type */
export interface IDeleteLocationImageResult {
  fileId: string;
}

/** 'DeleteLocationImage' query type */
export interface IDeleteLocationImageQuery {
  params: IDeleteLocationImageParams;
  result: IDeleteLocationImageResult;
}
