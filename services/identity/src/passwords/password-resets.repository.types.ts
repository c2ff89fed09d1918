/** Types generated for queries found in "services/identity/src/passwords/password-resets.repository.ts" */
export type DateOrString = Date | string;

export type NumberOrString = number | string;

/** 'CreatePasswordReset' parameters type */
export interface ICreatePasswordResetParams {
  email: string;
  id: string;
  lifetime: DateOrString;
  maxPerHour: NumberOrString;
  tokenHash: Buffer;
}

/** 'CreatePasswordReset' return type */
export interface ICreatePasswordResetResult {
  user_id: string;
}

/** 'CreatePasswordReset' query type */
export interface ICreatePasswordResetQuery {
  params: ICreatePasswordResetParams;
  result: ICreatePasswordResetResult;
}

/** 'PasswordResetLiveUntil' parameters type */
export interface IPasswordResetLiveUntilParams {
  tokenHash: Buffer;
}

/** 'PasswordResetLiveUntil' return type */
export interface IPasswordResetLiveUntilResult {
  expiresAt: Date;
}

/** 'PasswordResetLiveUntil' query type */
export interface IPasswordResetLiveUntilQuery {
  params: IPasswordResetLiveUntilParams;
  result: IPasswordResetLiveUntilResult;
}

/** 'UsePasswordReset' parameters type */
export interface IUsePasswordResetParams {
  tokenHash: Buffer;
}

/** 'UsePasswordReset' return type */
export interface IUsePasswordResetResult {
  userId: string;
}

/** 'UsePasswordReset' query type */
export interface IUsePasswordResetQuery {
  params: IUsePasswordResetParams;
  result: IUsePasswordResetResult;
}

/** 'SpendPasswordResetsOf' parameters type */
export interface ISpendPasswordResetsOfParams {
  userId: string;
}

/** 'SpendPasswordResetsOf' return type */
export type ISpendPasswordResetsOfResult = void;

/** 'SpendPasswordResetsOf' query type */
export interface ISpendPasswordResetsOfQuery {
  params: ISpendPasswordResetsOfParams;
  result: ISpendPasswordResetsOfResult;
}
