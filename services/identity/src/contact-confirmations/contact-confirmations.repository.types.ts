/** Types generated for queries found in "services/identity/src/contact-confirmations/contact-confirmations.repository.ts" */

/** 'EmailContact' parameters type */
export interface IEmailContactParams {
  userId: string;
}

/** 'EmailContact' return type */
export interface IEmailContactResult {
  attempts: number | null;
  codeExpiresAt: Date | null;
  confirmedAt: Date | null;
  destination: string;
}

/** 'EmailContact' query type */
export interface IEmailContactQuery {
  params: IEmailContactParams;
  result: IEmailContactResult;
}

/** 'RecentConfirmationCodes' parameters type */
export interface IRecentConfirmationCodesParams {
  pauseSeconds: number;
  type: string;
  userId: string;
}

/** 'RecentConfirmationCodes' return type */
export interface IRecentConfirmationCodesResult {
  lastHour: number;
  lastPause: number;
}

/** 'RecentConfirmationCodes' query type */
export interface IRecentConfirmationCodesQuery {
  params: IRecentConfirmationCodesParams;
  result: IRecentConfirmationCodesResult;
}

/** 'SpendAllConfirmationCodes' parameters type */
export interface ISpendAllConfirmationCodesParams {
  type: string;
  userId: string;
}

/** 'SpendAllConfirmationCodes' return type */
export type ISpendAllConfirmationCodesResult = void;

/** 'SpendAllConfirmationCodes' query type */
export interface ISpendAllConfirmationCodesQuery {
  params: ISpendAllConfirmationCodesParams;
  result: ISpendAllConfirmationCodesResult;
}

/** 'CreateConfirmationCode' parameters type */
export interface ICreateConfirmationCodeParams {
  codeHash: Buffer;
  destination: string;
  id: string;
  minutes: number;
  type: string;
  userId: string;
}

/** 'CreateConfirmationCode' return type */
export type ICreateConfirmationCodeResult = void;

/** 'CreateConfirmationCode' query type */
export interface ICreateConfirmationCodeQuery {
  params: ICreateConfirmationCodeParams;
  result: ICreateConfirmationCodeResult;
}

/** 'DeleteConfirmationCode' parameters type */
export interface IDeleteConfirmationCodeParams {
  id: string;
}

/** 'DeleteConfirmationCode' return type */
export type IDeleteConfirmationCodeResult = void;

/** 'DeleteConfirmationCode' query type */
export interface IDeleteConfirmationCodeQuery {
  params: IDeleteConfirmationCodeParams;
  result: IDeleteConfirmationCodeResult;
}

/** 'LiveConfirmationCode' parameters type */
export interface ILiveConfirmationCodeParams {
  maxAttempts: number;
  type: string;
  userId: string;
}

/** 'LiveConfirmationCode' return type */
export interface ILiveConfirmationCodeResult {
  attempts: number;
  codeHash: Buffer;
  id: string;
}

/** 'LiveConfirmationCode' query type */
export interface ILiveConfirmationCodeQuery {
  params: ILiveConfirmationCodeParams;
  result: ILiveConfirmationCodeResult;
}

/** 'CountWrongCodeGuess' parameters type */
export interface ICountWrongCodeGuessParams {
  attempts: number;
  id: string;
  maxAttempts: number;
}

/** 'CountWrongCodeGuess' return type */
export type ICountWrongCodeGuessResult = void;

/** 'CountWrongCodeGuess' query type */
export interface ICountWrongCodeGuessQuery {
  params: ICountWrongCodeGuessParams;
  result: ICountWrongCodeGuessResult;
}

/** 'SpendConfirmationCode' parameters type */
export interface ISpendConfirmationCodeParams {
  id: string;
}

/** 'SpendConfirmationCode' return type */
export type ISpendConfirmationCodeResult = void;

/** 'SpendConfirmationCode' query type */
export interface ISpendConfirmationCodeQuery {
  params: ISpendConfirmationCodeParams;
  result: ISpendConfirmationCodeResult;
}
