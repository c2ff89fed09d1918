/** Types generated for queries found in "services/billing/src/immersive-extensions/immersive-extensions.repository.ts" */
export type DateOrString = Date | string;

export type NumberOrString = number | string;

/** 'ExtensionPage' parameters type */
export type IExtensionPageParams = void;

/** 'ExtensionPage' return type */
export interface IExtensionPageResult {
  amount: number;
  createdAt: Date;
  currency: string;
  currentPeriodEnd: Date | null;
  endedAt: Date | null;
  id: string;
  propertyId: string;
  propertyTitle: string;
  providerId: string;
  status: string;
  total: number;
}

/** 'ExtensionPage' query type */
export interface IExtensionPageQuery {
  params: IExtensionPageParams;
  result: IExtensionPageResult;
}

/** 'ExtensionCount' parameters type */
export type IExtensionCountParams = void;

/** 'ExtensionCount' return type */
export interface IExtensionCountResult {
  total: number;
}

/** 'ExtensionCount' query type */
export interface IExtensionCountQuery {
  params: IExtensionCountParams;
  result: IExtensionCountResult;
}

/** 'LockExtensionSubscription' parameters type */
export interface ILockExtensionSubscriptionParams {
  key: string;
}

/** 'LockExtensionSubscription' return type */
export interface ILockExtensionSubscriptionResult {
  locked: undefined | null;
}

/** 'LockExtensionSubscription' query type */
export interface ILockExtensionSubscriptionQuery {
  params: ILockExtensionSubscriptionParams;
  result: ILockExtensionSubscriptionResult;
}

/** 'FindExtension' parameters type */
export interface IFindExtensionParams {
  subscriptionId: string;
}

/** 'FindExtension' return type */
export interface IFindExtensionResult {
  amount: number;
  createdAt: Date;
  currency: string;
  currentPeriodEnd: Date | null;
  endedAt: Date | null;
  id: string;
  propertyId: string;
  propertyTitle: string;
  providerId: string;
  status: string;
}

/** 'FindExtension' query type */
export interface IFindExtensionQuery {
  params: IFindExtensionParams;
  result: IFindExtensionResult;
}

/** 'ExtensionExists' parameters type */
export interface IExtensionExistsParams {
  subscriptionId: string;
}

/** 'ExtensionExists' return type */
export interface IExtensionExistsResult {
  found: number | null;
}

/** 'ExtensionExists' query type */
export interface IExtensionExistsQuery {
  params: IExtensionExistsParams;
  result: IExtensionExistsResult;
}

/** 'RunningExtensionOfTour' parameters type */
export interface IRunningExtensionOfTourParams {
  propertyId: string;
  providerId: string;
}

/** 'RunningExtensionOfTour' return type */
export interface IRunningExtensionOfTourResult {
  amount: number;
  createdAt: Date;
  currency: string;
  currentPeriodEnd: Date | null;
  endedAt: Date | null;
  id: string;
  propertyId: string;
  propertyTitle: string;
  providerId: string;
  status: string;
}

/** 'RunningExtensionOfTour' query type */
export interface IRunningExtensionOfTourQuery {
  params: IRunningExtensionOfTourParams;
  result: IRunningExtensionOfTourResult;
}

/** 'WriteExtension' parameters type */
export interface IWriteExtensionParams {
  amount: number;
  currency: string;
  currentPeriodEnd?: DateOrString | null | void;
  ended: boolean;
  id: string;
  propertyId: string;
  propertyTitle: string;
  providerId: string;
  status: string;
}

/** 'WriteExtension' return type */
export interface IWriteExtensionResult {
  amount: number;
  createdAt: Date;
  currency: string;
  currentPeriodEnd: Date | null;
  endedAt: Date | null;
  id: string;
  propertyId: string;
  propertyTitle: string;
  providerId: string;
  status: string;
}

/** 'WriteExtension' query type */
export interface IWriteExtensionQuery {
  params: IWriteExtensionParams;
  result: IWriteExtensionResult;
}

/** 'ExtensionsOnTestClock' parameters type */
export interface IExtensionsOnTestClockParams {
  testClockId: string;
}

/** 'ExtensionsOnTestClock' return type */
export interface IExtensionsOnTestClockResult {
  id: string;
}

/** 'ExtensionsOnTestClock' query type */
export interface IExtensionsOnTestClockQuery {
  params: IExtensionsOnTestClockParams;
  result: IExtensionsOnTestClockResult;
}

/** 'RunningExtensions' parameters type */
export interface IRunningExtensionsParams {
  after: string;
  limit: NumberOrString;
}

/** 'RunningExtensions' return type */
export interface IRunningExtensionsResult {
  providerId: string;
  subscriptionId: string;
}

/** 'RunningExtensions' query type */
export interface IRunningExtensionsQuery {
  params: IRunningExtensionsParams;
  result: IRunningExtensionsResult;
}

/** 'ExtensionSnapshot' parameters type */
export interface IExtensionSnapshotParams {
  subscriptionId: string;
}

/** 'ExtensionSnapshot' return type */
export interface IExtensionSnapshotResult {
  amount: number;
  currency: string;
  currentPeriodEnd: Date | null;
  endedAt: Date | null;
  status: string;
}

/** 'ExtensionSnapshot' query type */
export interface IExtensionSnapshotQuery {
  params: IExtensionSnapshotParams;
  result: IExtensionSnapshotResult;
}
