/** Types generated for queries found in "services/properties/src/custom-tags/uploaded-icons.repository.ts" */
export type stringArray = string[];

/** 'IconsOf' parameters type */
export interface IIconsOfParams {
  id?: string | null | void;
  providerId: string;
  search?: string | null | void;
}

/** 'IconsOf' return type */
export interface IIconsOfResult {
  contentType: string | null;
  createdAt: Date;
  filename: string;
  id: string;
  name: string;
  storageKey: string;
  thumbnailKey: string | null;
}

/** 'IconsOf' query type */
export interface IIconsOfQuery {
  params: IIconsOfParams;
  result: IIconsOfResult;
}

/** 'OwnIcons' parameters type */
export interface IOwnIconsParams {
  ids: stringArray;
  providerId: string;
}

/** 'OwnIcons' return type */
export interface IOwnIconsResult {
  id: string;
}

/** 'OwnIcons' query type */
export interface IOwnIconsQuery {
  params: IOwnIconsParams;
  result: IOwnIconsResult;
}

/** 'LockIcons' parameters type */
export interface ILockIconsParams {
  key: string;
}

/** 'LockIcons' return type */
export interface ILockIconsResult {
  pg_advisory_xact_lock: undefined | null;
}

/** 'LockIcons' query type */
export interface ILockIconsQuery {
  params: ILockIconsParams;
  result: ILockIconsResult;
}

/** 'CountIcons' parameters type */
export interface ICountIconsParams {
  providerId: string;
}

/** 'CountIcons' return type */
export interface ICountIconsResult {
  total: number;
}

/** 'CountIcons' query type */
export interface ICountIconsQuery {
  params: ICountIconsParams;
  result: ICountIconsResult;
}

/** 'InsertIcon' parameters type */
export interface IInsertIconParams {
  fileId: string;
  id: string;
  name: string;
  providerId: string;
}

/** 'InsertIcon' return type */
export type IInsertIconResult = void;

/** 'InsertIcon' query type */
export interface IInsertIconQuery {
  params: IInsertIconParams;
  result: IInsertIconResult;
}

/** 'IconsInUse' parameters type */
export interface IIconsInUseParams {
  id: string;
}

/** 'IconsInUse' return type */
export interface IIconsInUseResult {
  used: number;
}

/** 'IconsInUse' query type */
export interface IIconsInUseQuery {
  params: IIconsInUseParams;
  result: IIconsInUseResult;
}

/** 'DeleteIcon' parameters type */
export interface IDeleteIconParams {
  id: string;
  providerId: string;
}

/** 'DeleteIcon' return type */
export interface IDeleteIconResult {
  fileId: string;
}

/** 'DeleteIcon' query type */
export interface IDeleteIconQuery {
  params: IDeleteIconParams;
  result: IDeleteIconResult;
}
