/** Types generated for queries found in "services/billing/src/credits/credit-purchases.repository.ts" */
export type NumberOrString = number | string;

/** 'InsertPurchase' parameters type */
export interface IInsertPurchaseParams {
  amountInCents: number;
  bundle?: string | null | void;
  createdBy?: string | null | void;
  creditsQty: number;
  currency: string;
  discountPercent: number;
  paymentIntentId: string;
  providerId: string;
  status: string;
  unitPriceInCents: number;
  voucherCode?: string | null | void;
  voucherDiscountPercent?: number | null | void;
}

/** 'InsertPurchase' return type */
export type IInsertPurchaseResult = void;

/** 'InsertPurchase' query type */
export interface IInsertPurchaseQuery {
  params: IInsertPurchaseParams;
  result: IInsertPurchaseResult;
}

/** 'WaitingDiscount' parameters type */
export interface IWaitingDiscountParams {
  providerId: string;
}

/** 'WaitingDiscount' return type */
export interface IWaitingDiscountResult {
  code: string;
  discountPercent: number;
  paymentIntentId: string | null;
  providerId: string;
  voucherId: string;
}

/** 'WaitingDiscount' query type */
export interface IWaitingDiscountQuery {
  params: IWaitingDiscountParams;
  result: IWaitingDiscountResult;
}

/** 'LockWaitingDiscount' parameters type */
export interface ILockWaitingDiscountParams {
  providerId: string;
}

/** 'LockWaitingDiscount' return type */
export interface ILockWaitingDiscountResult {
  code: string;
  discountPercent: number;
  paymentIntentId: string | null;
  providerId: string;
  voucherId: string;
}

/** 'LockWaitingDiscount' query type */
export interface ILockWaitingDiscountQuery {
  params: ILockWaitingDiscountParams;
  result: ILockWaitingDiscountResult;
}

/** 'ClaimDiscount' parameters type */
export interface IClaimDiscountParams {
  paymentIntentId: string;
  providerId: string;
  voucherId: string;
}

/** 'ClaimDiscount' return type */
export type IClaimDiscountResult = void;

/** 'ClaimDiscount' query type */
export interface IClaimDiscountQuery {
  params: IClaimDiscountParams;
  result: IClaimDiscountResult;
}

/** 'DiscountUsed' parameters type */
export interface IDiscountUsedParams {
  paymentIntentId: string;
}

/** 'DiscountUsed' return type */
export type IDiscountUsedResult = void;

/** 'DiscountUsed' query type */
export interface IDiscountUsedQuery {
  params: IDiscountUsedParams;
  result: IDiscountUsedResult;
}

/** 'FindPurchase' parameters type */
export interface IFindPurchaseParams {
  paymentIntentId: string;
}

/** 'FindPurchase' return type */
export interface IFindPurchaseResult {
  amountInCents: number;
  bundle: string | null;
  createdAt: Date;
  createdBy: string | null;
  creditsQty: number;
  currency: string;
  discountPercent: number;
  grantedAt: Date | null;
  paymentIntentId: string;
  providerId: string;
  status: string;
  unitPriceInCents: number;
  voucherCode: string | null;
  voucherDiscountPercent: number | null;
}

/** 'FindPurchase' query type */
export interface IFindPurchaseQuery {
  params: IFindPurchaseParams;
  result: IFindPurchaseResult;
}

/** 'SetPurchaseStatus' parameters type */
export interface ISetPurchaseStatusParams {
  granted: boolean;
  paymentIntentId: string;
  status: string;
}

/** 'SetPurchaseStatus' return type */
export type ISetPurchaseStatusResult = void;

/** 'SetPurchaseStatus' query type */
export interface ISetPurchaseStatusQuery {
  params: ISetPurchaseStatusParams;
  result: ISetPurchaseStatusResult;
}

/** 'PurchasePage' parameters type */
export interface IPurchasePageParams {
  limit: NumberOrString;
  offset: NumberOrString;
  providerId: string;
}

/** 'PurchasePage' return type */
export interface IPurchasePageResult {
  amountInCents: number;
  bundle: string | null;
  createdAt: Date;
  createdBy: string | null;
  creditsQty: number;
  currency: string;
  discountPercent: number;
  grantedAt: Date | null;
  paymentIntentId: string;
  providerId: string;
  status: string;
  total: number;
  unitPriceInCents: number;
  voucherCode: string | null;
  voucherDiscountPercent: number | null;
}

/** 'PurchasePage' query type */
export interface IPurchasePageQuery {
  params: IPurchasePageParams;
  result: IPurchasePageResult;
}

/** 'PurchaseCount' parameters type */
export interface IPurchaseCountParams {
  providerId: string;
}

/** 'PurchaseCount' return type */
export interface IPurchaseCountResult {
  total: number;
}

/** 'PurchaseCount' query type */
export interface IPurchaseCountQuery {
  params: IPurchaseCountParams;
  result: IPurchaseCountResult;
}
