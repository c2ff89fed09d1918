/** Types generated for queries found in "services/properties/src/avatars/avatars.repository.ts" */
export type stringArray = string[];

/** 'AvatarsOf' parameters type */
export interface IAvatarsOfParams {
  userIds: stringArray;
}

/** 'AvatarsOf' return type */
export interface IAvatarsOfResult {
  contentType: string | null;
  storageKey: string;
  thumbnailKey: string | null;
  userId: string;
}

/** 'AvatarsOf' query type */
export interface IAvatarsOfQuery {
  params: IAvatarsOfParams;
  result: IAvatarsOfResult;
}

/** 'LockAvatar' parameters type */
export interface ILockAvatarParams {
  userId: string;
}

/** 'LockAvatar' return type */
export interface ILockAvatarResult {
  fileId: string;
}

/** 'LockAvatar' query type */
export interface ILockAvatarQuery {
  params: ILockAvatarParams;
  result: ILockAvatarResult;
}

/** 'UpsertAvatar' parameters type */
export interface IUpsertAvatarParams {
  fileId: string;
  userId: string;
}

/** 'UpsertAvatar' return type */
export type IUpsertAvatarResult = void;

/** 'UpsertAvatar' query type */
export interface IUpsertAvatarQuery {
  params: IUpsertAvatarParams;
  result: IUpsertAvatarResult;
}

/** 'DeleteAvatar' parameters type */
export interface IDeleteAvatarParams {
  userId: string;
}

/** 'DeleteAvatar' return type */
export interface IDeleteAvatarResult {
  fileId: string;
}

/** 'DeleteAvatar' query type */
export interface IDeleteAvatarQuery {
  params: IDeleteAvatarParams;
  result: IDeleteAvatarResult;
}
