/** Types generated for queries found in "services/identity/src/referrals/referrals.repository.ts" */
export type DateOrString = Date | string;

export type NumberOrString = number | string;

/** 'RecordReferral' parameters type */
export interface IRecordReferralParams {
  code: string;
  userId: string;
}

/** 'RecordReferral' return type */
export type IRecordReferralResult = void;

/** 'RecordReferral' query type */
export interface IRecordReferralQuery {
  params: IRecordReferralParams;
  result: IRecordReferralResult;
}

/** 'ReferralProviderSetUp' parameters type */
export interface IReferralProviderSetUpParams {
  providerId: string;
  userId: string;
}

/** 'ReferralProviderSetUp' return type */
export type IReferralProviderSetUpResult = void;

/** 'ReferralProviderSetUp' query type */
export interface IReferralProviderSetUpQuery {
  params: IReferralProviderSetUpParams;
  result: IReferralProviderSetUpResult;
}

/** 'ReferralLink' parameters type */
export interface IReferralLinkParams {
  providerId: string;
}

/** 'ReferralLink' return type */
export interface IReferralLinkResult {
  code: string;
  referred: number;
}

/** 'ReferralLink' query type */
export interface IReferralLinkQuery {
  params: IReferralLinkParams;
  result: IReferralLinkResult;
}

/** 'ReferralsAfter' parameters type */
export interface IReferralsAfterParams {
  afterAt?: DateOrString | null | void;
  afterUserId?: string | null | void;
  before?: DateOrString | null | void;
  email?: string | null | void;
  from?: DateOrString | null | void;
  limit: NumberOrString;
}

/** 'ReferralsAfter' return type */
export interface IReferralsAfterResult {
  keyAt: string;
  providerSetUpAt: Date | null;
  referredAt: Date;
  referredEmail: string;
  referredName: string;
  referredProvider: string | null;
  referredUserId: string;
  referrerCode: string;
  referrerProvider: string;
}

/** 'ReferralsAfter' query type */
export interface IReferralsAfterQuery {
  params: IReferralsAfterParams;
  result: IReferralsAfterResult;
}

/** 'Referrers' parameters type */
export interface IReferrersParams {
  before?: DateOrString | null | void;
  email?: string | null | void;
  from?: DateOrString | null | void;
}

/** 'Referrers' return type */
export interface IReferrersResult {
  adminEmails: string | null;
  providersSetUp: number;
  referrals: number;
  referrerCode: string;
  referrerProvider: string;
}

/** 'Referrers' query type */
export interface IReferrersQuery {
  params: IReferrersParams;
  result: IReferrersResult;
}
