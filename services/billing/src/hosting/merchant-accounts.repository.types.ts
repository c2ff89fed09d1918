/** Types generated for queries found in "services/billing/src/hosting/merchant-accounts.repository.ts" */
export type NumberOrString = number | string;

export type stringArray = string[];

/** 'FindMerchantAccount' parameters type */
export interface IFindMerchantAccountParams {
  providerId: string;
}

/** 'FindMerchantAccount' return type */
export interface IFindMerchantAccountResult {
  chargesEnabled: boolean;
  country: string | null;
  defaultCurrency: string | null;
  detailsSubmitted: boolean;
  payoutsEnabled: boolean;
  providerId: string;
  requirementsDue: stringArray;
  stripeAccountId: string;
  updatedAt: Date;
}

/** 'FindMerchantAccount' query type */
export interface IFindMerchantAccountQuery {
  params: IFindMerchantAccountParams;
  result: IFindMerchantAccountResult;
}

/** 'FindMerchantAccountByStripeId' parameters type */
export interface IFindMerchantAccountByStripeIdParams {
  stripeAccountId: string;
}

/** 'FindMerchantAccountByStripeId' return type */
export interface IFindMerchantAccountByStripeIdResult {
  providerId: string;
}

/** 'FindMerchantAccountByStripeId' query type */
export interface IFindMerchantAccountByStripeIdQuery {
  params: IFindMerchantAccountByStripeIdParams;
  result: IFindMerchantAccountByStripeIdResult;
}

/** 'AccountPage' parameters type */
export interface IAccountPageParams {
  after: string;
  limit: NumberOrString;
}

/** 'AccountPage' return type */
export interface IAccountPageResult {
  stripeAccountId: string;
}

/** 'AccountPage' query type */
export interface IAccountPageQuery {
  params: IAccountPageParams;
  result: IAccountPageResult;
}

/** 'InsertMerchantAccount' parameters type */
export interface IInsertMerchantAccountParams {
  chargesEnabled: boolean;
  country?: string | null | void;
  defaultCurrency?: string | null | void;
  detailsSubmitted: boolean;
  payoutsEnabled: boolean;
  providerId: string;
  requirementsDue: stringArray;
  stripeAccountId: string;
}

/** 'InsertMerchantAccount' return type */
export type IInsertMerchantAccountResult = void;

/** 'InsertMerchantAccount' query type */
export interface IInsertMerchantAccountQuery {
  params: IInsertMerchantAccountParams;
  result: IInsertMerchantAccountResult;
}

/** 'UpdateMerchantAccount' parameters type */
export interface IUpdateMerchantAccountParams {
  chargesEnabled: boolean;
  country?: string | null | void;
  defaultCurrency?: string | null | void;
  detailsSubmitted: boolean;
  payoutsEnabled: boolean;
  requirementsDue: stringArray;
  stripeAccountId: string;
}

/** 'UpdateMerchantAccount' return type */
export type IUpdateMerchantAccountResult = void;

/** 'UpdateMerchantAccount' query type */
export interface IUpdateMerchantAccountQuery {
  params: IUpdateMerchantAccountParams;
  result: IUpdateMerchantAccountResult;
}
