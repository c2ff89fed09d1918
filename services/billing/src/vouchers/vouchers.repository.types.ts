/** Types generated for queries found in "services/billing/src/vouchers/vouchers.repository.ts" */
export type DateOrString = Date | string;

export type NumberOrString = number | string;

/** 'FindVoucher' parameters type */
export interface IFindVoucherParams {
  id: string;
}

/** 'FindVoucher' return type */
export interface IFindVoucherResult {
  archivedAt: Date | null;
  category: string;
  code: string;
  createdAt: Date;
  credits: number | null;
  description: string | null;
  discountPercent: number | null;
  expiresAt: Date | null;
  id: string;
  redemptionLimit: number | null;
  redemptionsCount: number;
  updatedAt: Date;
}

/** 'FindVoucher' query type */
export interface IFindVoucherQuery {
  params: IFindVoucherParams;
  result: IFindVoucherResult;
}

/** 'LockVoucher' parameters type */
export interface ILockVoucherParams {
  id: string;
}

/** 'LockVoucher' return type */
export interface ILockVoucherResult {
  id: string;
}

/** 'LockVoucher' query type */
export interface ILockVoucherQuery {
  params: ILockVoucherParams;
  result: ILockVoucherResult;
}

/** 'LockVoucherByCode' parameters type */
export interface ILockVoucherByCodeParams {
  code: string;
}

/** 'LockVoucherByCode' return type */
export interface ILockVoucherByCodeResult {
  id: string;
}

/** 'LockVoucherByCode' query type */
export interface ILockVoucherByCodeQuery {
  params: ILockVoucherByCodeParams;
  result: ILockVoucherByCodeResult;
}

/** 'CodeTaken' parameters type */
export interface ICodeTakenParams {
  code: string;
  exceptId?: string | null | void;
}

/** 'CodeTaken' return type */
export interface ICodeTakenResult {
  id: string;
}

/** 'CodeTaken' query type */
export interface ICodeTakenQuery {
  params: ICodeTakenParams;
  result: ICodeTakenResult;
}

/** 'VoucherPage' parameters type */
export type IVoucherPageParams = void;

/** 'VoucherPage' return type */
export interface IVoucherPageResult {
  archivedAt: Date | null;
  category: string;
  code: string;
  createdAt: Date;
  credits: number | null;
  description: string | null;
  discountPercent: number | null;
  expiresAt: Date | null;
  id: string;
  redemptionLimit: number | null;
  redemptionsCount: number;
  total: number;
  updatedAt: Date;
}

/** 'VoucherPage' query type */
export interface IVoucherPageQuery {
  params: IVoucherPageParams;
  result: IVoucherPageResult;
}

/** 'VoucherCount' parameters type */
export type IVoucherCountParams = void;

/** 'VoucherCount' return type */
export interface IVoucherCountResult {
  total: number;
}

/** 'VoucherCount' query type */
export interface IVoucherCountQuery {
  params: IVoucherCountParams;
  result: IVoucherCountResult;
}

/** 'InsertVoucher' parameters type */
export interface IInsertVoucherParams {
  category: string;
  code: string;
  createdBy: string;
  credits?: number | null | void;
  description?: string | null | void;
  discountPercent?: number | null | void;
  expiresAt?: DateOrString | null | void;
  id: string;
  redemptionLimit?: number | null | void;
}

/** 'InsertVoucher' return type */
export interface IInsertVoucherResult {
  id: string;
}

/** 'InsertVoucher' query type */
export interface IInsertVoucherQuery {
  params: IInsertVoucherParams;
  result: IInsertVoucherResult;
}

/** 'UpdateVoucher' parameters type */
export interface IUpdateVoucherParams {
  category: string;
  code: string;
  credits?: number | null | void;
  description?: string | null | void;
  discountPercent?: number | null | void;
  expiresAt?: DateOrString | null | void;
  id: string;
  redemptionLimit?: number | null | void;
}

/** 'UpdateVoucher' return type */
export type IUpdateVoucherResult = void;

/** 'UpdateVoucher' query type */
export interface IUpdateVoucherQuery {
  params: IUpdateVoucherParams;
  result: IUpdateVoucherResult;
}

/** 'ArchiveVoucher' parameters type */
export interface IArchiveVoucherParams {
  id: string;
}

/** 'ArchiveVoucher' return type */
export type IArchiveVoucherResult = void;

/** 'ArchiveVoucher' query type */
export interface IArchiveVoucherQuery {
  params: IArchiveVoucherParams;
  result: IArchiveVoucherResult;
}

/** 'RedeemedBy' parameters type */
export interface IRedeemedByParams {
  providerId: string;
  voucherId: string;
}

/** 'RedeemedBy' return type */
export interface IRedeemedByResult {
  found: number | null;
}

/** 'RedeemedBy' query type */
export interface IRedeemedByQuery {
  params: IRedeemedByParams;
  result: IRedeemedByResult;
}

/** 'DiscountWaiting' parameters type */
export interface IDiscountWaitingParams {
  providerId: string;
}

/** 'DiscountWaiting' return type */
export interface IDiscountWaitingResult {
  found: number | null;
}

/** 'DiscountWaiting' query type */
export interface IDiscountWaitingQuery {
  params: IDiscountWaitingParams;
  result: IDiscountWaitingResult;
}

/** 'RedeemVoucher' parameters type */
export interface IRedeemVoucherParams {
  credits?: number | null | void;
  discountPercent?: number | null | void;
  providerId: string;
  redeemedBy?: string | null | void;
  voucherId: string;
}

/** 'RedeemVoucher' return type */
export interface IRedeemVoucherResult {
  found: number | null;
}

/** 'RedeemVoucher' query type */
export interface IRedeemVoucherQuery {
  params: IRedeemVoucherParams;
  result: IRedeemVoucherResult;
}

/** 'ProviderRedemptionPage' parameters type */
export interface IProviderRedemptionPageParams {
  limit: NumberOrString;
  offset: NumberOrString;
  providerId: string;
}

/** 'ProviderRedemptionPage' return type */
export interface IProviderRedemptionPageResult {
  code: string;
  credits: number | null;
  description: string | null;
  discountPercent: number | null;
  redeemedAt: Date;
  total: number;
  usedAt: Date | null;
}

/** 'ProviderRedemptionPage' query type */
export interface IProviderRedemptionPageQuery {
  params: IProviderRedemptionPageParams;
  result: IProviderRedemptionPageResult;
}

/** 'ProviderRedemptionCount' parameters type */
export interface IProviderRedemptionCountParams {
  providerId: string;
}

/** 'ProviderRedemptionCount' return type */
export interface IProviderRedemptionCountResult {
  total: number;
}

/** 'ProviderRedemptionCount' query type */
export interface IProviderRedemptionCountQuery {
  params: IProviderRedemptionCountParams;
  result: IProviderRedemptionCountResult;
}

/** 'RedemptionExport' parameters type */
export interface IRedemptionExportParams {
  afterProviderId?: string | null | void;
  afterRedeemedAt?: DateOrString | null | void;
  limit: NumberOrString;
  voucherId: string;
}

/** 'RedemptionExport' return type */
export interface IRedemptionExportResult {
  billingEmail: string | null;
  billingName: string | null;
  credits: number | null;
  discountPercent: number | null;
  paymentIntentId: string | null;
  providerId: string;
  redeemedAt: Date;
  redeemedAtKey: string;
  redeemedBy: string | null;
  usedAt: Date | null;
}

/** 'RedemptionExport' query type */
export interface IRedemptionExportQuery {
  params: IRedemptionExportParams;
  result: IRedemptionExportResult;
}
