/** Types generated for queries found in "services/billing/src/accounts/billing-accounts.repository.ts" */
export type NumberOrString = number | string;

/** 'FindBillingAccount' parameters type */
export interface IFindBillingAccountParams {
  providerId: string;
}

/** 'FindBillingAccount' return type */
export interface IFindBillingAccountResult {
  address: string;
  country: string;
  currency: string;
  discountPercent: number;
  email: string;
  name: string;
  providerId: string;
  stripeCustomerId: string | null;
  testClockId: string | null;
}

/** 'FindBillingAccount' query type */
export interface IFindBillingAccountQuery {
  params: IFindBillingAccountParams;
  result: IFindBillingAccountResult;
}

/** 'LockBillingAccount' parameters type */
export interface ILockBillingAccountParams {
  providerId: string;
}

/** 'LockBillingAccount' return type */
export interface ILockBillingAccountResult {
  found: number | null;
}

/** 'LockBillingAccount' query type */
export interface ILockBillingAccountQuery {
  params: ILockBillingAccountParams;
  result: ILockBillingAccountResult;
}

/** 'SaveBillingAccount' parameters type */
export interface ISaveBillingAccountParams {
  address: string;
  country: string;
  currency: string;
  email: string;
  name: string;
  providerId: string;
  stripeCustomerId?: string | null | void;
  testClockId?: string | null | void;
}

/** 'SaveBillingAccount' return type */
export type ISaveBillingAccountResult = void;

/** 'SaveBillingAccount' query type */
export interface ISaveBillingAccountQuery {
  params: ISaveBillingAccountParams;
  result: ISaveBillingAccountResult;
}

/** 'SetDiscount' parameters type */
export interface ISetDiscountParams {
  discountPercent: number;
  providerId: string;
}

/** 'SetDiscount' return type */
export type ISetDiscountResult = void;

/** 'SetDiscount' query type */
export interface ISetDiscountQuery {
  params: ISetDiscountParams;
  result: ISetDiscountResult;
}

/** 'HostingFee' parameters type */
export interface IHostingFeeParams {
  providerId: string;
}

/** 'HostingFee' return type */
export interface IHostingFeeResult {
  percent: number | null;
}

/** 'HostingFee' query type */
export interface IHostingFeeQuery {
  params: IHostingFeeParams;
  result: IHostingFeeResult;
}

/** 'SetHostingFee' parameters type */
export interface ISetHostingFeeParams {
  percent?: NumberOrString | null | void;
  providerId: string;
}

/** 'SetHostingFee' return type */
export type ISetHostingFeeResult = void;

/** 'SetHostingFee' query type */
export interface ISetHostingFeeQuery {
  params: ISetHostingFeeParams;
  result: ISetHostingFeeResult;
}

/** 'ProviderOfCustomer' parameters type */
export interface IProviderOfCustomerParams {
  customerId?: string | null | void;
}

/** 'ProviderOfCustomer' return type */
export interface IProviderOfCustomerResult {
  providerId: string;
}

/** 'ProviderOfCustomer' query type */
export interface IProviderOfCustomerQuery {
  params: IProviderOfCustomerParams;
  result: IProviderOfCustomerResult;
}

/** 'ProviderWithCustomer' parameters type */
export interface IProviderWithCustomerParams {
  customerId?: string | null | void;
  providerId?: string | null | void;
}

/** 'ProviderWithCustomer' return type */
export interface IProviderWithCustomerResult {
  providerId: string;
}

/** 'ProviderWithCustomer' query type */
export interface IProviderWithCustomerQuery {
  params: IProviderWithCustomerParams;
  result: IProviderWithCustomerResult;
}

/** 'RunningStripeSubscriptions' parameters type */
export interface IRunningStripeSubscriptionsParams {
  providerId: string;
}

/** 'RunningStripeSubscriptions' return type */
export interface IRunningStripeSubscriptionsResult {
  id: string;
}

/** 'RunningStripeSubscriptions' query type */
export interface IRunningStripeSubscriptionsQuery {
  params: IRunningStripeSubscriptionsParams;
  result: IRunningStripeSubscriptionsResult;
}
