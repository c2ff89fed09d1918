/** Types generated for queries found in "services/billing/src/credits/credits.repository.ts" */
export type NumberOrString = number | string;

/** 'LockBalance' parameters type */
export interface ILockBalanceParams {
  providerId: string;
}

/** 'LockBalance' return type */
export interface ILockBalanceResult {
  available: number;
  reserved: number;
  version: number;
}

/** 'LockBalance' query type */
export interface ILockBalanceQuery {
  params: ILockBalanceParams;
  result: ILockBalanceResult;
}

/** 'CreateBalance' parameters type */
export interface ICreateBalanceParams {
  providerId: string;
}

/** 'CreateBalance' return type */
export type ICreateBalanceResult = void;

/** 'CreateBalance' query type */
export interface ICreateBalanceQuery {
  params: ICreateBalanceParams;
  result: ICreateBalanceResult;
}

/** 'FindBalance' parameters type */
export interface IFindBalanceParams {
  providerId: string;
}

/** 'FindBalance' return type */
export interface IFindBalanceResult {
  available: number;
  reserved: number;
  version: number;
}

/** 'FindBalance' query type */
export interface IFindBalanceQuery {
  params: IFindBalanceParams;
  result: IFindBalanceResult;
}

/** 'AppendLedgerEntry' parameters type */
export interface IAppendLedgerEntryParams {
  actor: string;
  amount: number;
  category?: string | null | void;
  kind: string;
  note?: string | null | void;
  providerId: string;
  reference?: string | null | void;
}

/** 'AppendLedgerEntry' return type */
export interface IAppendLedgerEntryResult {
  actor: string;
  amount: number;
  category: string | null;
  createdAt: Date;
  id: number;
  kind: string;
  note: string | null;
  providerId: string;
  reference: string | null;
  reservationStatus: string | null;
}

/** 'AppendLedgerEntry' query type */
export interface IAppendLedgerEntryQuery {
  params: IAppendLedgerEntryParams;
  result: IAppendLedgerEntryResult;
}

/** 'ApplyBalance' parameters type */
export interface IApplyBalanceParams {
  availableDelta: number;
  providerId: string;
  reservedDelta: number;
}

/** 'ApplyBalance' return type */
export interface IApplyBalanceResult {
  available: number;
  reserved: number;
  version: number;
}

/** 'ApplyBalance' query type */
export interface IApplyBalanceQuery {
  params: IApplyBalanceParams;
  result: IApplyBalanceResult;
}

/** 'LedgerPage' parameters type */
export interface ILedgerPageParams {
  limit: NumberOrString;
  offset: NumberOrString;
  providerId?: string | null | void;
}

/** 'LedgerPage' return type */
export interface ILedgerPageResult {
  actor: string;
  amount: number;
  category: string | null;
  createdAt: Date;
  id: number;
  kind: string;
  note: string | null;
  providerId: string;
  reference: string | null;
  reservationStatus: string | null;
  total: number;
}

/** 'LedgerPage' query type */
export interface ILedgerPageQuery {
  params: ILedgerPageParams;
  result: ILedgerPageResult;
}

/** 'AdjustmentsPage' parameters type */
export interface IAdjustmentsPageParams {
  limit: NumberOrString;
  offset: NumberOrString;
  providerId?: string | null | void;
}

/** 'AdjustmentsPage' return type */
export interface IAdjustmentsPageResult {
  actor: string;
  amount: number;
  category: string | null;
  createdAt: Date;
  id: number;
  kind: string;
  note: string | null;
  providerId: string;
  reference: string | null;
  reservationStatus: string | null;
  total: number;
}

/** 'AdjustmentsPage' query type */
export interface IAdjustmentsPageQuery {
  params: IAdjustmentsPageParams;
  result: IAdjustmentsPageResult;
}

/** 'CreditsInPage' parameters type */
export interface ICreditsInPageParams {
  limit: NumberOrString;
  offset: NumberOrString;
  providerId?: string | null | void;
}

/** 'CreditsInPage' return type */
export interface ICreditsInPageResult {
  actor: string;
  amount: number;
  category: string | null;
  createdAt: Date;
  id: number;
  kind: string;
  note: string | null;
  providerId: string;
  reference: string | null;
  reservationStatus: string | null;
  total: number;
}

/** 'CreditsInPage' query type */
export interface ICreditsInPageQuery {
  params: ICreditsInPageParams;
  result: ICreditsInPageResult;
}

/** 'LedgerCount' parameters type */
export interface ILedgerCountParams {
  providerId?: string | null | void;
}

/** 'LedgerCount' return type */
export interface ILedgerCountResult {
  total: number;
}

/** 'LedgerCount' query type */
export interface ILedgerCountQuery {
  params: ILedgerCountParams;
  result: ILedgerCountResult;
}

/** 'AdjustmentsCount' parameters type */
export interface IAdjustmentsCountParams {
  providerId?: string | null | void;
}

/** 'AdjustmentsCount' return type */
export interface IAdjustmentsCountResult {
  total: number;
}

/** 'AdjustmentsCount' query type */
export interface IAdjustmentsCountQuery {
  params: IAdjustmentsCountParams;
  result: IAdjustmentsCountResult;
}

/** 'CreditsInCount' parameters type */
export interface ICreditsInCountParams {
  providerId?: string | null | void;
}

/** 'CreditsInCount' return type */
export interface ICreditsInCountResult {
  total: number;
}

/** 'CreditsInCount' query type */
export interface ICreditsInCountQuery {
  params: ICreditsInCountParams;
  result: ICreditsInCountResult;
}
