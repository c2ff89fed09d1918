/** Types generated for queries found in "services/identity/src/sessions/sign-in-failures.repository.ts" */
export type DateOrString = Date | string;

export type numberArray = number[];

/** 'ClaimSignIn' parameters type */
export interface IClaimSignInParams {
  email: string;
  keptFor: DateOrString;
  waits: numberArray;
}

/** 'ClaimSignIn' return type */
export interface IClaimSignInResult {
  claimed: boolean;
  retryAfter: number;
}

/** 'ClaimSignIn' query type */
export interface IClaimSignInQuery {
  params: IClaimSignInParams;
  result: IClaimSignInResult;
}

/** 'ClearSignInFailures' parameters type */
export interface IClearSignInFailuresParams {
  email: string;
}

/** 'ClearSignInFailures' return type */
export type IClearSignInFailuresResult = void;

/** 'ClearSignInFailures' query type */
export interface IClearSignInFailuresQuery {
  params: IClearSignInFailuresParams;
  result: IClearSignInFailuresResult;
}

/** 'ClearSignInFailuresOf' parameters type */
export interface IClearSignInFailuresOfParams {
  userId: string;
}

/** 'ClearSignInFailuresOf' return type */
export type IClearSignInFailuresOfResult = void;

/** 'ClearSignInFailuresOf' query type */
export interface IClearSignInFailuresOfQuery {
  params: IClearSignInFailuresOfParams;
  result: IClearSignInFailuresOfResult;
}

/** 'DeleteForgottenSignInFailures' parameters type */
export interface IDeleteForgottenSignInFailuresParams {
  keptFor: DateOrString;
}

/** 'DeleteForgottenSignInFailures' return type */
export type IDeleteForgottenSignInFailuresResult = void;

/** 'DeleteForgottenSignInFailures' query type */
export interface IDeleteForgottenSignInFailuresQuery {
  params: IDeleteForgottenSignInFailuresParams;
  result: IDeleteForgottenSignInFailuresResult;
}
