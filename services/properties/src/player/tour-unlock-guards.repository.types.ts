/** Types generated for queries found in "services/properties/src/player/tour-unlock-guards.repository.ts" */
export type DateOrString = Date | string;

/** 'EnsureUnlockGuard' parameters type */
export interface IEnsureUnlockGuardParams {
  propertyId: string;
}

/** 'EnsureUnlockGuard' return type */
export type IEnsureUnlockGuardResult = void;

/** 'EnsureUnlockGuard' query type */
export interface IEnsureUnlockGuardQuery {
  params: IEnsureUnlockGuardParams;
  result: IEnsureUnlockGuardResult;
}

/** 'LockUnlockGuard' parameters type */
export interface ILockUnlockGuardParams {
  propertyId: string;
}

/** 'LockUnlockGuard' return type */
export interface ILockUnlockGuardResult {
  previousWrongAt: Date;
  waitSeconds: number;
  wrongGuesses: number;
}

/** 'LockUnlockGuard' query type */
export interface ILockUnlockGuardQuery {
  params: ILockUnlockGuardParams;
  result: ILockUnlockGuardResult;
}

/** 'ClaimGuess' parameters type */
export interface IClaimGuessParams {
  propertyId: string;
  waitSeconds: number;
  wrongGuesses: number;
}

/** 'ClaimGuess' return type */
export interface IClaimGuessResult {
  claimedAt: Date;
}

/** 'ClaimGuess' query type */
export interface IClaimGuessQuery {
  params: IClaimGuessParams;
  result: IClaimGuessResult;
}

/** 'TakeBackGuess' parameters type */
export interface ITakeBackGuessParams {
  claimedAt: DateOrString;
  previousWrongAt: DateOrString;
  propertyId: string;
}

/** 'TakeBackGuess' return type */
export type ITakeBackGuessResult = void;

/** 'TakeBackGuess' query type */
export interface ITakeBackGuessQuery {
  params: ITakeBackGuessParams;
  result: ITakeBackGuessResult;
}

/** 'ForgetWrongAddresses' parameters type */
export interface IForgetWrongAddressesParams {
  propertyId: string;
}

/** 'ForgetWrongAddresses' return type */
export type IForgetWrongAddressesResult = void;

/** 'ForgetWrongAddresses' query type */
export interface IForgetWrongAddressesQuery {
  params: IForgetWrongAddressesParams;
  result: IForgetWrongAddressesResult;
}

/** 'RecordWrongAddress' parameters type */
export interface IRecordWrongAddressParams {
  addressKey: string;
  propertyId: string;
}

/** 'RecordWrongAddress' return type */
export type IRecordWrongAddressResult = void;

/** 'RecordWrongAddress' query type */
export interface IRecordWrongAddressQuery {
  params: IRecordWrongAddressParams;
  result: IRecordWrongAddressResult;
}

/** 'HasGuessedWrong' parameters type */
export interface IHasGuessedWrongParams {
  addressKey: string;
  propertyId: string;
}

/** 'HasGuessedWrong' return type */
export interface IHasGuessedWrongResult {
  found: boolean;
}

/** 'HasGuessedWrong' query type */
export interface IHasGuessedWrongQuery {
  params: IHasGuessedWrongParams;
  result: IHasGuessedWrongResult;
}
