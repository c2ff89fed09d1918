/** Types generated for queries found in "services/orders/src/orders/order-files.repository.ts" */
export type NumberOrString = number | string;

export type stringArray = string[];

/** 'InsertOrderFile' parameters type */
export interface IInsertOrderFileParams {
  contentType: string;
  filename: string;
  id: string;
  orderId: string;
  photoId?: string | null | void;
  role: string;
  size: NumberOrString;
  storageKey: string;
  uploadedBy?: string | null | void;
}

/** 'InsertOrderFile' return type */
export type IInsertOrderFileResult = void;

/** 'InsertOrderFile' query type */
export interface IInsertOrderFileQuery {
  params: IInsertOrderFileParams;
  result: IInsertOrderFileResult;
}

/** 'FindOrderFile' parameters type */
export interface IFindOrderFileParams {
  id: string;
  orderId: string;
}

/** 'FindOrderFile' return type */
export interface IFindOrderFileResult {
  commentId: string | null;
  contentType: string;
  createdAt: Date;
  filename: string;
  id: string;
  orderId: string;
  photoId: string | null;
  role: string;
  size: number;
  storageKey: string;
  uploadedBy: string | null;
}

/** 'FindOrderFile' query type */
export interface IFindOrderFileQuery {
  params: IFindOrderFileParams;
  result: IFindOrderFileResult;
}

/** 'ListOrderFiles' parameters type */
export interface IListOrderFilesParams {
  orderId: string;
  roles?: stringArray | null | void;
}

/** 'ListOrderFiles' return type */
export interface IListOrderFilesResult {
  commentId: string | null;
  contentType: string;
  createdAt: Date;
  filename: string;
  id: string;
  orderId: string;
  photoId: string | null;
  role: string;
  size: number;
  storageKey: string;
  uploadedBy: string | null;
}

/** 'ListOrderFiles' query type */
export interface IListOrderFilesQuery {
  params: IListOrderFilesParams;
  result: IListOrderFilesResult;
}

/** 'FilesOfComments' parameters type */
export interface IFilesOfCommentsParams {
  commentIds: stringArray;
}

/** 'FilesOfComments' return type */
export interface IFilesOfCommentsResult {
  commentId: string | null;
  contentType: string;
  createdAt: Date;
  filename: string;
  id: string;
  orderId: string;
  photoId: string | null;
  role: string;
  size: number;
  storageKey: string;
  uploadedBy: string | null;
}

/** 'FilesOfComments' query type */
export interface IFilesOfCommentsQuery {
  params: IFilesOfCommentsParams;
  result: IFilesOfCommentsResult;
}

/** 'RemoveOrderFile' parameters type */
export interface IRemoveOrderFileParams {
  id: string;
}

/** 'RemoveOrderFile' return type */
export type IRemoveOrderFileResult = void;

/** 'RemoveOrderFile' query type */
export interface IRemoveOrderFileQuery {
  params: IRemoveOrderFileParams;
  result: IRemoveOrderFileResult;
}

/** 'HandOverOrderFiles' parameters type */
export interface IHandOverOrderFilesParams {
  fromOrderId: string;
  ids: stringArray;
  toCommentId?: string | null | void;
  toOrderId: string;
  toRole: string;
  uploadedBy: string;
}

/** 'HandOverOrderFiles' return type */
export type IHandOverOrderFilesResult = void;

/** 'HandOverOrderFiles' query type */
export interface IHandOverOrderFilesQuery {
  params: IHandOverOrderFilesParams;
  result: IHandOverOrderFilesResult;
}
