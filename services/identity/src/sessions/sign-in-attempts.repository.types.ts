/** Types generated for queries found in "services/identity/src/sessions/sign-in-attempts.repository.ts" */
export type DateOrString = Date | string;

/** 'CountSignInAttempt' parameters type */
export interface ICountSignInAttemptParams {
  address: string;
  email: string;
  window: DateOrString;
}

/** 'CountSignInAttempt' return type */
export interface ICountSignInAttemptResult {
  attempts: number;
  retryAfter: number;
}

/** 'CountSignInAttempt' query type */
export interface ICountSignInAttemptQuery {
  params: ICountSignInAttemptParams;
  result: ICountSignInAttemptResult;
}

/** 'ClearSignInAttempts' parameters type */
export interface IClearSignInAttemptsParams {
  address: string;
  email: string;
}

/** 'ClearSignInAttempts' return type */
export type IClearSignInAttemptsResult = void;

/** 'ClearSignInAttempts' query type */
export interface IClearSignInAttemptsQuery {
  params: IClearSignInAttemptsParams;
  result: IClearSignInAttemptsResult;
}

/** 'ClearSignInAttemptsOf' parameters type */
export interface IClearSignInAttemptsOfParams {
  userId: string;
}

/** 'ClearSignInAttemptsOf' return type */
export type IClearSignInAttemptsOfResult = void;

/** 'ClearSignInAttemptsOf' query type */
export interface IClearSignInAttemptsOfQuery {
  params: IClearSignInAttemptsOfParams;
  result: IClearSignInAttemptsOfResult;
}

/** 'DeleteEndedSignInAttempts' parameters type */
export type IDeleteEndedSignInAttemptsParams = void;

/** 'DeleteEndedSignInAttempts' return type */
export type IDeleteEndedSignInAttemptsResult = void;

/** 'DeleteEndedSignInAttempts' query type */
export interface IDeleteEndedSignInAttemptsQuery {
  params: IDeleteEndedSignInAttemptsParams;
  result: IDeleteEndedSignInAttemptsResult;
}
