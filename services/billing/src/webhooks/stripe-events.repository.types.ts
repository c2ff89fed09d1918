/** Types generated for queries found in "services/billing/src/webhooks/stripe-events.repository.ts" */
export type DateOrString = Date | string;

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export type NumberOrString = number | string;

export type stringArray = string[];

/** 'InsertStripeEvent' parameters type */
export interface IInsertStripeEventParams {
  created: number;
  id: string;
  payload: Json;
  type: string;
}

/** 'InsertStripeEvent' return type */
export interface IInsertStripeEventResult {
  id: string;
}

/** 'InsertStripeEvent' query type */
export interface IInsertStripeEventQuery {
  params: IInsertStripeEventParams;
  result: IInsertStripeEventResult;
}

/** 'FindStripeEvent' parameters type */
export interface IFindStripeEventParams {
  id: string;
}

/** 'FindStripeEvent' return type */
export interface IFindStripeEventResult {
  payload: Json;
  type: string;
}

/** 'FindStripeEvent' query type */
export interface IFindStripeEventQuery {
  params: IFindStripeEventParams;
  result: IFindStripeEventResult;
}

/** 'MarkStripeEventProcessed' parameters type */
export interface IMarkStripeEventProcessedParams {
  id: string;
}

/** 'MarkStripeEventProcessed' return type */
export type IMarkStripeEventProcessedResult = void;

/** 'MarkStripeEventProcessed' query type */
export interface IMarkStripeEventProcessedQuery {
  params: IMarkStripeEventProcessedParams;
  result: IMarkStripeEventProcessedResult;
}

/** 'KnownStripeEvents' parameters type */
export interface IKnownStripeEventsParams {
  ids: stringArray;
}

/** 'KnownStripeEvents' return type */
export interface IKnownStripeEventsResult {
  id: string;
}

/** 'KnownStripeEvents' query type */
export interface IKnownStripeEventsQuery {
  params: IKnownStripeEventsParams;
  result: IKnownStripeEventsResult;
}

/** 'UnprocessedStripeEvents' parameters type */
export interface IUnprocessedStripeEventsParams {
  afterId?: string | null | void;
  afterReceivedAt?: DateOrString | null | void;
  limit: NumberOrString;
  olderThanSeconds: number;
}

/** 'UnprocessedStripeEvents' return type */
export interface IUnprocessedStripeEventsResult {
  id: string;
  receivedAt: Date;
  type: string;
}

/** 'UnprocessedStripeEvents' query type */
export interface IUnprocessedStripeEventsQuery {
  params: IUnprocessedStripeEventsParams;
  result: IUnprocessedStripeEventsResult;
}
