/** Types generated for queries found in "services/orders/src/comments/comments.repository.ts" */

/** 'ListComments' parameters type */
export interface IListCommentsParams {
  orderId: string;
}

/** 'ListComments' return type */
export interface IListCommentsResult {
  authorId: string;
  authorRole: string;
  body: string;
  createdAt: Date;
  id: string;
  orderId: string;
}

/** 'ListComments' query type */
export interface IListCommentsQuery {
  params: IListCommentsParams;
  result: IListCommentsResult;
}

/** 'FindComment' parameters type */
export interface IFindCommentParams {
  id: string;
  orderId: string;
}

/** 'FindComment' return type */
export interface IFindCommentResult {
  authorId: string;
  authorRole: string;
  body: string;
  createdAt: Date;
  id: string;
  orderId: string;
}

/** 'FindComment' query type */
export interface IFindCommentQuery {
  params: IFindCommentParams;
  result: IFindCommentResult;
}

/** 'InsertComment' parameters type */
export interface IInsertCommentParams {
  authorId: string;
  authorRole: string;
  body: string;
  id: string;
  orderId: string;
}

/** 'InsertComment' return type */
export type IInsertCommentResult = void;

/** 'InsertComment' query type */
export interface IInsertCommentQuery {
  params: IInsertCommentParams;
  result: IInsertCommentResult;
}

/** 'RemoveCommentAttachments' parameters type */
export interface IRemoveCommentAttachmentsParams {
  commentId: string;
}

/** 'RemoveCommentAttachments' return type */
export interface IRemoveCommentAttachmentsResult {
  storageKey: string;
}

/** 'RemoveCommentAttachments' query type */
export interface IRemoveCommentAttachmentsQuery {
  params: IRemoveCommentAttachmentsParams;
  result: IRemoveCommentAttachmentsResult;
}

/** 'RemoveComment' parameters type */
export interface IRemoveCommentParams {
  id: string;
}

/** 'RemoveComment' return type */
export type IRemoveCommentResult = void;

/** 'RemoveComment' query type */
export interface IRemoveCommentQuery {
  params: IRemoveCommentParams;
  result: IRemoveCommentResult;
}
