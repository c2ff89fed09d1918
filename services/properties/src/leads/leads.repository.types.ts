/** Types generated for queries found in "services/properties/src/leads/leads.repository.ts" */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export type NumberOrString = number | string;

/** 'LeadWebsite' parameters type */
export interface ILeadWebsiteParams {
  propertyId: string;
}

/** 'LeadWebsite' return type */
export interface ILeadWebsiteResult {
  propertyId: string;
  providerId: string;
  published: boolean;
  title: string;
}

/** 'LeadWebsite' query type */
export interface ILeadWebsiteQuery {
  params: ILeadWebsiteParams;
  result: ILeadWebsiteResult;
}

/** 'LeadSendersHeard' parameters type */
export interface ILeadSendersHeardParams {
  propertyId: string;
  senderKey: string;
}

/** 'LeadSendersHeard' return type */
export interface ILeadSendersHeardResult {
  knownSender: boolean;
  oldestLastLeadAgeSeconds: number | null;
  senders: number;
}

/** 'LeadSendersHeard' query type */
export interface ILeadSendersHeardQuery {
  params: ILeadSendersHeardParams;
  result: ILeadSendersHeardResult;
}

/** 'LockLeadSenders' parameters type */
export interface ILockLeadSendersParams {
  propertyId: string;
}

/** 'LockLeadSenders' return type */
export interface ILockLeadSendersResult {
  pg_advisory_xact_lock: undefined | null;
}

/** 'LockLeadSenders' query type */
export interface ILockLeadSendersQuery {
  params: ILockLeadSendersParams;
  result: ILockLeadSendersResult;
}

/** 'InsertLead' parameters type */
export interface IInsertLeadParams {
  attribution?: Json | null | void;
  email: string;
  firstName: string;
  id: string;
  lastName: string;
  message: string;
  phoneNumber: string;
  propertyId: string;
  providerId: string;
  senderKey: string;
  source: string;
}

/** 'InsertLead' return type */
export type IInsertLeadResult = void;

/** 'InsertLead' query type */
export interface IInsertLeadQuery {
  params: IInsertLeadParams;
  result: IInsertLeadResult;
}

/** 'LeadPage' parameters type */
export interface ILeadPageParams {
  limit: NumberOrString;
  offset: NumberOrString;
  propertyId: string;
  providerId: string;
}

/** 'LeadPage' return type */
export interface ILeadPageResult {
  attribution: Json | null;
  createdAt: Date;
  email: string;
  firstName: string;
  id: string;
  lastName: string;
  message: string;
  phoneNumber: string;
  source: string;
  total: number;
}

/** 'LeadPage' query type */
export interface ILeadPageQuery {
  params: ILeadPageParams;
  result: ILeadPageResult;
}

/** 'CountLeads' parameters type */
export interface ICountLeadsParams {
  propertyId: string;
  providerId: string;
}

/** 'CountLeads' return type */
export interface ICountLeadsResult {
  total: number;
}

/** 'CountLeads' query type */
export interface ICountLeadsQuery {
  params: ICountLeadsParams;
  result: ICountLeadsResult;
}

/** 'LeadMailed' parameters type */
export interface ILeadMailedParams {
  id: string;
}

/** 'LeadMailed' return type */
export interface ILeadMailedResult {
  mailed: boolean;
}

/** 'LeadMailed' query type */
export interface ILeadMailedQuery {
  params: ILeadMailedParams;
  result: ILeadMailedResult;
}

/** 'MarkLeadMailed' parameters type */
export interface IMarkLeadMailedParams {
  id: string;
}

/** 'MarkLeadMailed' return type */
export type IMarkLeadMailedResult = void;

/** 'MarkLeadMailed' query type */
export interface IMarkLeadMailedQuery {
  params: IMarkLeadMailedParams;
  result: IMarkLeadMailedResult;
}

/** 'InsertTourEvent' parameters type */
export interface IInsertTourEventParams {
  agentId?: string | null | void;
  id: string;
  propertyId: string;
  providerId: string;
  type: string;
}

/** 'InsertTourEvent' return type */
export type IInsertTourEventResult = void;

/** 'InsertTourEvent' query type */
export interface IInsertTourEventQuery {
  params: IInsertTourEventParams;
  result: IInsertTourEventResult;
}
