/** Types generated for queries found in "services/billing/src/credits/credit-refunds.repository.ts" */

/** 'RefundedBefore' parameters type */
export interface IRefundedBeforeParams {
  paymentIntentId: string;
}

/** 'RefundedBefore' return type */
export interface IRefundedBeforeResult {
  amountInCents: number;
  creditsRefunded: number;
}

/** 'RefundedBefore' query type */
export interface IRefundedBeforeQuery {
  params: IRefundedBeforeParams;
  result: IRefundedBeforeResult;
}

/** 'HasCreditRefund' parameters type */
export interface IHasCreditRefundParams {
  refundId: string;
}

/** 'HasCreditRefund' return type */
export interface IHasCreditRefundResult {
  found: number | null;
}

/** 'HasCreditRefund' query type */
export interface IHasCreditRefundQuery {
  params: IHasCreditRefundParams;
  result: IHasCreditRefundResult;
}

/** 'InsertCreditRefund' parameters type */
export interface IInsertCreditRefundParams {
  amountInCents: number;
  creditsRefunded: number;
  creditsTaken: number;
  paymentIntentId: string;
  providerId: string;
  refundId: string;
}

/** 'InsertCreditRefund' return type */
export type IInsertCreditRefundResult = void;

/** 'InsertCreditRefund' query type */
export interface IInsertCreditRefundQuery {
  params: IInsertCreditRefundParams;
  result: IInsertCreditRefundResult;
}
