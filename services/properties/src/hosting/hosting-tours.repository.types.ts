/** Types generated for queries found in "services/properties/src/hosting/hosting-tours.repository.ts" */
export type stringArray = string[];

/** 'LockHostedTours' parameters type */
export interface ILockHostedToursParams {
  ids: stringArray;
  providerId: string;
}

/** 'LockHostedTours' return type */
export interface ILockHostedToursResult {
  hostingExempt: boolean;
  hostingPausedAt: Date | null;
  id: string;
  overdueInvoiceId: string | null;
  title: string;
}

/** 'LockHostedTours' query type */
export interface ILockHostedToursQuery {
  params: ILockHostedToursParams;
  result: ILockHostedToursResult;
}

/** 'RecordOverdue' parameters type */
export interface IRecordOverdueParams {
  invoiceId: string;
  propertyIds: stringArray;
  providerId: string;
}

/** 'RecordOverdue' return type */
export interface IRecordOverdueResult {
  invoiceId: string;
}

/** 'RecordOverdue' query type */
export interface IRecordOverdueQuery {
  params: IRecordOverdueParams;
  result: IRecordOverdueResult;
}

/** 'SettleInvoice' parameters type */
export interface ISettleInvoiceParams {
  invoiceId: string;
  providerId: string;
}

/** 'SettleInvoice' return type */
export type ISettleInvoiceResult = void;

/** 'SettleInvoice' query type */
export interface ISettleInvoiceQuery {
  params: ISettleInvoiceParams;
  result: ISettleInvoiceResult;
}

/** 'InvoicePropertyIds' parameters type */
export interface IInvoicePropertyIdsParams {
  invoiceId: string;
  providerId: string;
}

/** 'InvoicePropertyIds' return type */
export interface IInvoicePropertyIdsResult {
  propertyIds: stringArray;
}

/** 'InvoicePropertyIds' query type */
export interface IInvoicePropertyIdsQuery {
  params: IInvoicePropertyIdsParams;
  result: IInvoicePropertyIdsResult;
}

/** 'PauseTour' parameters type */
export interface IPauseTourParams {
  id: string;
}

/** 'PauseTour' return type */
export type IPauseTourResult = void;

/** 'PauseTour' query type */
export interface IPauseTourQuery {
  params: IPauseTourParams;
  result: IPauseTourResult;
}

/** 'ResumeTour' parameters type */
export interface IResumeTourParams {
  id: string;
}

/** 'ResumeTour' return type */
export type IResumeTourResult = void;

/** 'ResumeTour' query type */
export interface IResumeTourQuery {
  params: IResumeTourParams;
  result: IResumeTourResult;
}

/** 'SetExempt' parameters type */
export interface ISetExemptParams {
  exempt: boolean;
  id: string;
}

/** 'SetExempt' return type */
export type ISetExemptResult = void;

/** 'SetExempt' query type */
export interface ISetExemptQuery {
  params: ISetExemptParams;
  result: ISetExemptResult;
}
