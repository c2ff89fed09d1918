/** Types generated for queries found in "services/properties/src/media/media-links.repository.ts" */
export type stringArray = string[];

/** 'ListMediaLinks' parameters type */
export interface IListMediaLinksParams {
  propertyId: string;
  providerId: string;
}

/** 'ListMediaLinks' return type */
export interface IListMediaLinksResult {
  createdAt: Date;
  id: string;
  position: number;
  title: string | null;
  url: string;
}

/** 'ListMediaLinks' query type */
export interface IListMediaLinksQuery {
  params: IListMediaLinksParams;
  result: IListMediaLinksResult;
}

/** 'InsertMediaLinks' parameters type */
export interface IInsertMediaLinksParams {
  ids: stringArray;
  propertyId: string;
  providerId: string;
  titles: stringArray;
  urls: stringArray;
}

/** 'InsertMediaLinks' return type */
export type IInsertMediaLinksResult = void;

/** 'InsertMediaLinks' query type */
export interface IInsertMediaLinksQuery {
  params: IInsertMediaLinksParams;
  result: IInsertMediaLinksResult;
}

/** 'DeleteMediaLinks' parameters type */
export interface IDeleteMediaLinksParams {
  ids: stringArray;
  propertyId: string;
  providerId: string;
}

/** 'DeleteMediaLinks' return type */
export interface IDeleteMediaLinksResult {
  id: string;
}

/** 'DeleteMediaLinks' query type */
export interface IDeleteMediaLinksQuery {
  params: IDeleteMediaLinksParams;
  result: IDeleteMediaLinksResult;
}

/** 'CountOwnMediaLinks' parameters type */
export interface ICountOwnMediaLinksParams {
  ids: stringArray;
  propertyId: string;
}

/** 'CountOwnMediaLinks' return type */
export interface ICountOwnMediaLinksResult {
  count: number;
}

/** 'CountOwnMediaLinks' query type */
export interface ICountOwnMediaLinksQuery {
  params: ICountOwnMediaLinksParams;
  result: ICountOwnMediaLinksResult;
}
