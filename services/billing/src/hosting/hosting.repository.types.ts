/** Types generated for queries found in "services/billing/src/hosting/hosting.repository.ts" */
export type DateOrString = Date | string;

export type NumberOrString = number | string;

export type stringArray = string[];

/** 'AdvisoryLock' parameters type */
export interface IAdvisoryLockParams {
  key: string;
}

/** 'AdvisoryLock' return type */
export interface IAdvisoryLockResult {
  pg_advisory_xact_lock: undefined | null;
}

/** 'AdvisoryLock' query type */
export interface IAdvisoryLockQuery {
  params: IAdvisoryLockParams;
  result: IAdvisoryLockResult;
}

/** 'CustomerPage' parameters type */
export type ICustomerPageParams = void;

/** 'CustomerPage' return type */
export interface ICustomerPageResult {
  clientId: string | null;
  createdAt: Date;
  email: string;
  id: string;
  name: string;
  subscriptionsCount: number;
  total: number;
}

/** 'CustomerPage' query type */
export interface ICustomerPageQuery {
  params: ICustomerPageParams;
  result: ICustomerPageResult;
}

/** 'CustomerCount' parameters type */
export type ICustomerCountParams = void;

/** 'CustomerCount' return type */
export interface ICustomerCountResult {
  total: number;
}

/** 'CustomerCount' query type */
export interface ICustomerCountQuery {
  params: ICustomerCountParams;
  result: ICustomerCountResult;
}

/** 'FindCustomer' parameters type */
export interface IFindCustomerParams {
  id: string;
  providerId: string;
}

/** 'FindCustomer' return type */
export interface IFindCustomerResult {
  clientId: string | null;
  createdAt: Date;
  email: string;
  id: string;
  name: string;
  stripeAccountId: string;
  stripeCustomerId: string;
  subscriptionsCount: number;
  testClockId: string | null;
}

/** 'FindCustomer' query type */
export interface IFindCustomerQuery {
  params: IFindCustomerParams;
  result: IFindCustomerResult;
}

/** 'LockCustomer' parameters type */
export interface ILockCustomerParams {
  id: string;
  providerId: string;
}

/** 'LockCustomer' return type */
export interface ILockCustomerResult {
  id: string;
}

/** 'LockCustomer' query type */
export interface ILockCustomerQuery {
  params: ILockCustomerParams;
  result: ILockCustomerResult;
}

/** 'InsertCustomer' parameters type */
export interface IInsertCustomerParams {
  clientId?: string | null | void;
  email: string;
  id: string;
  name: string;
  providerId: string;
  stripeAccountId: string;
  stripeCustomerId: string;
  testClockId?: string | null | void;
}

/** 'InsertCustomer' return type */
export type IInsertCustomerResult = void;

/** 'InsertCustomer' query type */
export interface IInsertCustomerQuery {
  params: IInsertCustomerParams;
  result: IInsertCustomerResult;
}

/** 'SoftDeleteCustomer' parameters type */
export interface ISoftDeleteCustomerParams {
  id: string;
}

/** 'SoftDeleteCustomer' return type */
export type ISoftDeleteCustomerResult = void;

/** 'SoftDeleteCustomer' query type */
export interface ISoftDeleteCustomerQuery {
  params: ISoftDeleteCustomerParams;
  result: ISoftDeleteCustomerResult;
}

/** 'CustomerSubscriptionStatuses' parameters type */
export interface ICustomerSubscriptionStatusesParams {
  customerId: string;
}

/** 'CustomerSubscriptionStatuses' return type */
export interface ICustomerSubscriptionStatusesResult {
  status: string;
}

/** 'CustomerSubscriptionStatuses' query type */
export interface ICustomerSubscriptionStatusesQuery {
  params: ICustomerSubscriptionStatusesParams;
  result: ICustomerSubscriptionStatusesResult;
}

/** 'CustomerByStripeId' parameters type */
export interface ICustomerByStripeIdParams {
  stripeAccountId: string;
  stripeCustomerId: string;
}

/** 'CustomerByStripeId' return type */
export interface ICustomerByStripeIdResult {
  id: string;
  providerId: string;
}

/** 'CustomerByStripeId' query type */
export interface ICustomerByStripeIdQuery {
  params: ICustomerByStripeIdParams;
  result: ICustomerByStripeIdResult;
}

/** 'SubscriptionPage' parameters type */
export type ISubscriptionPageParams = void;

/** 'SubscriptionPage' return type */
export interface ISubscriptionPageResult {
  amount: number;
  applicationFeePercent: number | null;
  cancelAtPeriodEnd: boolean;
  canceledAt: Date | null;
  createdAt: Date;
  currency: string;
  currentPeriodEnd: Date | null;
  customerId: string;
  customerName: string;
  description: string | null;
  id: string;
  interval: string;
  propertyIds: stringArray;
  status: string;
  taxRateIds: stringArray;
  total: number;
}

/** 'SubscriptionPage' query type */
export interface ISubscriptionPageQuery {
  params: ISubscriptionPageParams;
  result: ISubscriptionPageResult;
}

/** 'SubscriptionCount' parameters type */
export type ISubscriptionCountParams = void;

/** 'SubscriptionCount' return type */
export interface ISubscriptionCountResult {
  total: number;
}

/** 'SubscriptionCount' query type */
export interface ISubscriptionCountQuery {
  params: ISubscriptionCountParams;
  result: ISubscriptionCountResult;
}

/** 'FindSubscription' parameters type */
export interface IFindSubscriptionParams {
  id: string;
  providerId: string;
}

/** 'FindSubscription' return type */
export interface IFindSubscriptionResult {
  amount: number;
  applicationFeePercent: number | null;
  cancelAtPeriodEnd: boolean;
  canceledAt: Date | null;
  createdAt: Date;
  currency: string;
  currentPeriodEnd: Date | null;
  customerId: string;
  customerName: string;
  description: string | null;
  id: string;
  interval: string;
  propertyIds: stringArray;
  status: string;
  stripeAccountId: string;
  stripeSubscriptionId: string | null;
  taxRateIds: stringArray;
}

/** 'FindSubscription' query type */
export interface IFindSubscriptionQuery {
  params: IFindSubscriptionParams;
  result: IFindSubscriptionResult;
}

/** 'InsertSubscription' parameters type */
export interface IInsertSubscriptionParams {
  amount: number;
  applicationFeePercent?: NumberOrString | null | void;
  currency: string;
  customerId: string;
  description?: string | null | void;
  id: string;
  interval: string;
  propertyIds: stringArray;
  providerId: string;
  stripeAccountId: string;
  taxRateIds: stringArray;
}

/** 'InsertSubscription' return type */
export type IInsertSubscriptionResult = void;

/** 'InsertSubscription' query type */
export interface IInsertSubscriptionQuery {
  params: IInsertSubscriptionParams;
  result: IInsertSubscriptionResult;
}

/** 'DeleteSubscription' parameters type */
export interface IDeleteSubscriptionParams {
  id: string;
}

/** 'DeleteSubscription' return type */
export type IDeleteSubscriptionResult = void;

/** 'DeleteSubscription' query type */
export interface IDeleteSubscriptionQuery {
  params: IDeleteSubscriptionParams;
  result: IDeleteSubscriptionResult;
}

/** 'SubscriptionForSync' parameters type */
export interface ISubscriptionForSyncParams {
  id?: string | null | void;
  stripeAccountId: string;
  stripeSubscriptionId: string;
}

/** 'SubscriptionForSync' return type */
export interface ISubscriptionForSyncResult {
  cancelAtPeriodEnd: boolean;
  customerId: string;
  id: string;
  propertyIds: stringArray;
  providerId: string;
  status: string;
}

/** 'SubscriptionForSync' query type */
export interface ISubscriptionForSyncQuery {
  params: ISubscriptionForSyncParams;
  result: ISubscriptionForSyncResult;
}

/** 'SetSubscriptionState' parameters type */
export interface ISetSubscriptionStateParams {
  cancelAtPeriodEnd: boolean;
  canceledAt?: DateOrString | null | void;
  currentPeriodEnd?: DateOrString | null | void;
  id: string;
  status: string;
  stripeSubscriptionId: string;
}

/** 'SetSubscriptionState' return type */
export type ISetSubscriptionStateResult = void;

/** 'SetSubscriptionState' query type */
export interface ISetSubscriptionStateQuery {
  params: ISetSubscriptionStateParams;
  result: ISetSubscriptionStateResult;
}

/** 'InvoicePage' parameters type */
export type IInvoicePageParams = void;

/** 'InvoicePage' return type */
export interface IInvoicePageResult {
  amountDue: number;
  amountPaid: number;
  createdAt: Date;
  currency: string;
  customerId: string;
  customerName: string;
  dueDate: Date | null;
  hostedInvoiceUrl: string | null;
  id: string;
  number: string | null;
  status: string;
  subscriptionId: string | null;
  total: number;
}

/** 'InvoicePage' query type */
export interface IInvoicePageQuery {
  params: IInvoicePageParams;
  result: IInvoicePageResult;
}

/** 'InvoiceCount' parameters type */
export type IInvoiceCountParams = void;

/** 'InvoiceCount' return type */
export interface IInvoiceCountResult {
  total: number;
}

/** 'InvoiceCount' query type */
export interface IInvoiceCountQuery {
  params: IInvoiceCountParams;
  result: IInvoiceCountResult;
}

/** 'FindInvoice' parameters type */
export interface IFindInvoiceParams {
  id: string;
  providerId: string;
}

/** 'FindInvoice' return type */
export interface IFindInvoiceResult {
  amountDue: number;
  amountPaid: number;
  createdAt: Date;
  currency: string;
  customerId: string;
  customerName: string;
  dueDate: Date | null;
  hostedInvoiceUrl: string | null;
  id: string;
  invoicePdf: string | null;
  number: string | null;
  status: string;
  stripeAccountId: string;
  stripeInvoiceId: string;
  subscriptionId: string | null;
}

/** 'FindInvoice' query type */
export interface IFindInvoiceQuery {
  params: IFindInvoiceParams;
  result: IFindInvoiceResult;
}

/** 'InvoiceStatus' parameters type */
export interface IInvoiceStatusParams {
  stripeInvoiceId: string;
}

/** 'InvoiceStatus' return type */
export interface IInvoiceStatusResult {
  status: string;
}

/** 'InvoiceStatus' query type */
export interface IInvoiceStatusQuery {
  params: IInvoiceStatusParams;
  result: IInvoiceStatusResult;
}

/** 'UpsertInvoice' parameters type */
export interface IUpsertInvoiceParams {
  amountDue: number;
  amountPaid: number;
  createdAt: DateOrString;
  currency: string;
  customerId: string;
  dueDate?: DateOrString | null | void;
  hostedInvoiceUrl?: string | null | void;
  id: string;
  invoicePdf?: string | null | void;
  number?: string | null | void;
  providerId: string;
  status: string;
  stripeAccountId: string;
  stripeInvoiceId: string;
  subscriptionId?: string | null | void;
}

/** 'UpsertInvoice' return type */
export interface IUpsertInvoiceResult {
  id: string;
}

/** 'UpsertInvoice' query type */
export interface IUpsertInvoiceQuery {
  params: IUpsertInvoiceParams;
  result: IUpsertInvoiceResult;
}

/** 'DueInvoices' parameters type */
export interface IDueInvoicesParams {
  limit: NumberOrString;
}

/** 'DueInvoices' return type */
export interface IDueInvoicesResult {
  id: string;
}

/** 'DueInvoices' query type */
export interface IDueInvoicesQuery {
  params: IDueInvoicesParams;
  result: IDueInvoicesResult;
}

/** 'MarkOverdue' parameters type */
export interface IMarkOverdueParams {
  id: string;
}

/** 'MarkOverdue' return type */
export interface IMarkOverdueResult {
  amountDue: number;
  currency: string;
  customerEmail: string;
  customerId: string;
  customerName: string;
  dueDate: Date | null;
  hostedInvoiceUrl: string | null;
  id: string;
  number: string | null;
  propertyIds: stringArray;
  providerId: string;
  subscriptionId: string | null;
}

/** 'MarkOverdue' query type */
export interface IMarkOverdueQuery {
  params: IMarkOverdueParams;
  result: IMarkOverdueResult;
}

/** 'ClientInvoicePage' parameters type */
export interface IClientInvoicePageParams {
  clientId: string;
  limit: NumberOrString;
  offset: NumberOrString;
  providerId: string;
}

/** 'ClientInvoicePage' return type */
export interface IClientInvoicePageResult {
  amountDue: number;
  amountPaid: number;
  createdAt: Date;
  currency: string;
  dueDate: Date | null;
  hostedInvoiceUrl: string | null;
  id: string;
  number: string | null;
  overdue: boolean;
  status: string;
  total: number;
}

/** 'ClientInvoicePage' query type */
export interface IClientInvoicePageQuery {
  params: IClientInvoicePageParams;
  result: IClientInvoicePageResult;
}

/** 'ClientInvoiceCount' parameters type */
export interface IClientInvoiceCountParams {
  clientId: string;
  providerId: string;
}

/** 'ClientInvoiceCount' return type */
export interface IClientInvoiceCountResult {
  total: number;
}

/** 'ClientInvoiceCount' query type */
export interface IClientInvoiceCountQuery {
  params: IClientInvoiceCountParams;
  result: IClientInvoiceCountResult;
}

/** 'SubscriptionsToReconcile' parameters type */
export interface ISubscriptionsToReconcileParams {
  after: string;
  limit: NumberOrString;
}

/** 'SubscriptionsToReconcile' return type */
export interface ISubscriptionsToReconcileResult {
  id: string;
  stripeAccountId: string;
  stripeSubscriptionId: string;
}

/** 'SubscriptionsToReconcile' query type */
export interface ISubscriptionsToReconcileQuery {
  params: ISubscriptionsToReconcileParams;
  result: ISubscriptionsToReconcileResult;
}

/** 'SubscriptionSnapshot' parameters type */
export interface ISubscriptionSnapshotParams {
  id: string;
}

/** 'SubscriptionSnapshot' return type */
export interface ISubscriptionSnapshotResult {
  cancelAtPeriodEnd: boolean;
  canceledAt: Date | null;
  currentPeriodEnd: Date | null;
  status: string;
}

/** 'SubscriptionSnapshot' query type */
export interface ISubscriptionSnapshotQuery {
  params: ISubscriptionSnapshotParams;
  result: ISubscriptionSnapshotResult;
}

/** 'InvoicesToReconcile' parameters type */
export interface IInvoicesToReconcileParams {
  after: string;
  limit: NumberOrString;
}

/** 'InvoicesToReconcile' return type */
export interface IInvoicesToReconcileResult {
  id: string;
  stripeAccountId: string;
  stripeInvoiceId: string;
}

/** 'InvoicesToReconcile' query type */
export interface IInvoicesToReconcileQuery {
  params: IInvoicesToReconcileParams;
  result: IInvoicesToReconcileResult;
}

/** 'InvoiceSnapshot' parameters type */
export interface IInvoiceSnapshotParams {
  id: string;
}

/** 'InvoiceSnapshot' return type */
export interface IInvoiceSnapshotResult {
  amountDue: number;
  amountPaid: number;
  dueDate: Date | null;
  status: string;
}

/** 'InvoiceSnapshot' query type */
export interface IInvoiceSnapshotQuery {
  params: IInvoiceSnapshotParams;
  result: IInvoiceSnapshotResult;
}
