/** Types generated for queries found in "services/billing/src/accounts/subscriptions.repository.ts" */
export type DateOrString = Date | string;

export type NumberOrString = number | string;

/** 'FindSubscription' parameters type */
export interface IFindSubscriptionParams {
  providerId: string;
}

/** 'FindSubscription' return type */
export interface IFindSubscriptionResult {
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: Date | null;
  currentPeriodStart: Date | null;
  interval: string;
  nextInterval: string | null;
  nextProductCode: string | null;
  nextStartsAt: Date | null;
  premiumTourLimit: number | null;
  productCode: string;
  providerId: string;
  scheduleId: string | null;
  status: string;
  stripeSubscriptionId: string;
  trialEnd: Date | null;
  trialUsed: boolean;
}

/** 'FindSubscription' query type */
export interface IFindSubscriptionQuery {
  params: IFindSubscriptionParams;
  result: IFindSubscriptionResult;
}

/** 'ProviderOfSubscription' parameters type */
export interface IProviderOfSubscriptionParams {
  subscriptionId: string;
}

/** 'ProviderOfSubscription' return type */
export interface IProviderOfSubscriptionResult {
  providerId: string;
}

/** 'ProviderOfSubscription' query type */
export interface IProviderOfSubscriptionQuery {
  params: IProviderOfSubscriptionParams;
  result: IProviderOfSubscriptionResult;
}

/** 'WriteSubscription' parameters type */
export interface IWriteSubscriptionParams {
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd?: DateOrString | null | void;
  currentPeriodStart?: DateOrString | null | void;
  interval: string;
  nextInterval?: string | null | void;
  nextProductCode?: string | null | void;
  nextStartsAt?: DateOrString | null | void;
  premiumTourLimit?: number | null | void;
  productCode: string;
  providerId: string;
  scheduleId?: string | null | void;
  status: string;
  stripeSubscriptionId: string;
  trialEnd?: DateOrString | null | void;
  trialUsed: boolean;
}

/** 'WriteSubscription' return type */
export type IWriteSubscriptionResult = void;

/** 'WriteSubscription' query type */
export interface IWriteSubscriptionQuery {
  params: IWriteSubscriptionParams;
  result: IWriteSubscriptionResult;
}

/** 'NextSubscriptionVersion' parameters type */
export interface INextSubscriptionVersionParams {
  providerId: string;
}

/** 'NextSubscriptionVersion' return type */
export interface INextSubscriptionVersionResult {
  version: string;
}

/** 'NextSubscriptionVersion' query type */
export interface INextSubscriptionVersionQuery {
  params: INextSubscriptionVersionParams;
  result: INextSubscriptionVersionResult;
}

/** 'SubscriptionsOnTestClock' parameters type */
export interface ISubscriptionsOnTestClockParams {
  testClockId: string;
}

/** 'SubscriptionsOnTestClock' return type */
export interface ISubscriptionsOnTestClockResult {
  id: string;
}

/** 'SubscriptionsOnTestClock' query type */
export interface ISubscriptionsOnTestClockQuery {
  params: ISubscriptionsOnTestClockParams;
  result: ISubscriptionsOnTestClockResult;
}

/** 'RunningSubscriptions' parameters type */
export interface IRunningSubscriptionsParams {
  after: string;
  limit: NumberOrString;
}

/** 'RunningSubscriptions' return type */
export interface IRunningSubscriptionsResult {
  providerId: string;
  subscriptionId: string;
}

/** 'RunningSubscriptions' query type */
export interface IRunningSubscriptionsQuery {
  params: IRunningSubscriptionsParams;
  result: IRunningSubscriptionsResult;
}
