/** Types generated for queries found in "services/identity/src/sign-up/sign-up.repository.ts" */

/** 'RecentSignUpRequests' parameters type */
export interface IRecentSignUpRequestsParams {
  email: string;
}

/** 'RecentSignUpRequests' return type */
export interface IRecentSignUpRequestsResult {
  recent: number;
  registered: boolean;
}

/** 'RecentSignUpRequests' query type */
export interface IRecentSignUpRequestsQuery {
  params: IRecentSignUpRequestsParams;
  result: IRecentSignUpRequestsResult;
}

/** 'SpendOpenSignUpRequests' parameters type */
export interface ISpendOpenSignUpRequestsParams {
  email: string;
}

/** 'SpendOpenSignUpRequests' return type */
export type ISpendOpenSignUpRequestsResult = void;

/** 'SpendOpenSignUpRequests' query type */
export interface ISpendOpenSignUpRequestsQuery {
  params: ISpendOpenSignUpRequestsParams;
  result: ISpendOpenSignUpRequestsResult;
}

/** 'CreateSignUpRequest' parameters type */
export interface ICreateSignUpRequestParams {
  codeHash?: Buffer | null | void;
  email: string;
  firstName: string;
  id: string;
  lastName: string;
  minutes: number;
  passwordHash?: string | null | void;
  referralCode?: string | null | void;
}

/** 'CreateSignUpRequest' return type */
export type ICreateSignUpRequestResult = void;

/** 'CreateSignUpRequest' query type */
export interface ICreateSignUpRequestQuery {
  params: ICreateSignUpRequestParams;
  result: ICreateSignUpRequestResult;
}

/** 'LockLatestSignUpRequest' parameters type */
export interface ILockLatestSignUpRequestParams {
  email: string;
}

/** 'LockLatestSignUpRequest' return type */
export interface ILockLatestSignUpRequestResult {
  attempts: number;
  codeHash: Buffer | null;
  email: string;
  firstName: string;
  id: string;
  lastName: string;
  passwordHash: string | null;
  referralCode: string | null;
}

/** 'LockLatestSignUpRequest' query type */
export interface ILockLatestSignUpRequestQuery {
  params: ILockLatestSignUpRequestParams;
  result: ILockLatestSignUpRequestResult;
}

/** 'CountWrongSignUpGuess' parameters type */
export interface ICountWrongSignUpGuessParams {
  id: string;
  maxAttempts: number;
}

/** 'CountWrongSignUpGuess' return type */
export type ICountWrongSignUpGuessResult = void;

/** 'CountWrongSignUpGuess' query type */
export interface ICountWrongSignUpGuessQuery {
  params: ICountWrongSignUpGuessParams;
  result: ICountWrongSignUpGuessResult;
}

/** 'SpendSignUpRequest' parameters type */
export interface ISpendSignUpRequestParams {
  id: string;
}

/** 'SpendSignUpRequest' return type */
export type ISpendSignUpRequestResult = void;

/** 'SpendSignUpRequest' query type */
export interface ISpendSignUpRequestQuery {
  params: ISpendSignUpRequestParams;
  result: ISpendSignUpRequestResult;
}

/** 'DeleteExpiredSignUpRequests' parameters type */
export type IDeleteExpiredSignUpRequestsParams = void;

/** 'DeleteExpiredSignUpRequests' return type */
export type IDeleteExpiredSignUpRequestsResult = void;

/** 'DeleteExpiredSignUpRequests' query type */
export interface IDeleteExpiredSignUpRequestsQuery {
  params: IDeleteExpiredSignUpRequestsParams;
  result: IDeleteExpiredSignUpRequestsResult;
}
