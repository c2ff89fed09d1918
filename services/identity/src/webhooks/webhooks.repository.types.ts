/** Types generated for queries found in "services/identity/src/webhooks/webhooks.repository.ts" */
export type DateOrString = Date | string;

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export type NumberOrString = number | string;

export type stringArray = string[];

/** 'SubscriptionOfProvider' parameters type */
export interface ISubscriptionOfProviderParams {
  providerId: string;
}

/** 'SubscriptionOfProvider' return type */
export interface ISubscriptionOfProviderResult {
  createdAt: Date;
  id: string;
  providerId: string;
}

/** 'SubscriptionOfProvider' query type */
export interface ISubscriptionOfProviderQuery {
  params: ISubscriptionOfProviderParams;
  result: ISubscriptionOfProviderResult;
}

/** 'InsertSubscription' parameters type */
export interface IInsertSubscriptionParams {
  id: string;
  providerId: string;
}

/** 'InsertSubscription' return type */
export interface IInsertSubscriptionResult {
  createdAt: Date;
  id: string;
  providerId: string;
}

/** 'InsertSubscription' query type */
export interface IInsertSubscriptionQuery {
  params: IInsertSubscriptionParams;
  result: IInsertSubscriptionResult;
}

/** 'EndpointsOfProvider' parameters type */
export interface IEndpointsOfProviderParams {
  providerId: string;
}

/** 'EndpointsOfProvider' return type */
export interface IEndpointsOfProviderResult {
  counts: Json;
  createdAt: Date;
  description: string;
  disabledAt: Date | null;
  disabledReason: string | null;
  enabled: boolean;
  eventTypes: stringArray;
  failingSince: Date | null;
  id: string;
  previousSecret: string | null;
  previousSecretExpiresAt: Date | null;
  providerId: string;
  secret: string;
  subscriptionId: string;
  updatedAt: Date;
  url: string;
}

/** 'EndpointsOfProvider' query type */
export interface IEndpointsOfProviderQuery {
  params: IEndpointsOfProviderParams;
  result: IEndpointsOfProviderResult;
}

/** 'EndpointOfProvider' parameters type */
export interface IEndpointOfProviderParams {
  id: string;
  providerId: string;
}

/** 'EndpointOfProvider' return type */
export interface IEndpointOfProviderResult {
  counts: Json;
  createdAt: Date;
  description: string;
  disabledAt: Date | null;
  disabledReason: string | null;
  enabled: boolean;
  eventTypes: stringArray;
  failingSince: Date | null;
  id: string;
  previousSecret: string | null;
  previousSecretExpiresAt: Date | null;
  providerId: string;
  secret: string;
  subscriptionId: string;
  updatedAt: Date;
  url: string;
}

/** 'EndpointOfProvider' query type */
export interface IEndpointOfProviderQuery {
  params: IEndpointOfProviderParams;
  result: IEndpointOfProviderResult;
}

/** 'LockSubscription' parameters type */
export interface ILockSubscriptionParams {
  subscriptionId: string;
}

/** 'LockSubscription' return type */
export interface ILockSubscriptionResult {
  found: number;
}

/** 'LockSubscription' query type */
export interface ILockSubscriptionQuery {
  params: ILockSubscriptionParams;
  result: ILockSubscriptionResult;
}

/** 'CountEndpoints' parameters type */
export interface ICountEndpointsParams {
  subscriptionId: string;
}

/** 'CountEndpoints' return type */
export interface ICountEndpointsResult {
  count: number;
}

/** 'CountEndpoints' query type */
export interface ICountEndpointsQuery {
  params: ICountEndpointsParams;
  result: ICountEndpointsResult;
}

/** 'InsertEndpoint' parameters type */
export interface IInsertEndpointParams {
  description: string;
  enabled: boolean;
  eventTypes: stringArray;
  id: string;
  providerId: string;
  secret: string;
  subscriptionId: string;
  url: string;
}

/** 'InsertEndpoint' return type */
export type IInsertEndpointResult = void;

/** 'InsertEndpoint' query type */
export interface IInsertEndpointQuery {
  params: IInsertEndpointParams;
  result: IInsertEndpointResult;
}

/** 'UpdateEndpoint' parameters type */
export interface IUpdateEndpointParams {
  channel: string;
  description?: string | null | void;
  enabled?: boolean | null | void;
  eventTypes?: stringArray | null | void;
  id: string;
  providerId: string;
  url?: string | null | void;
}

/** 'UpdateEndpoint' return type */
export interface IUpdateEndpointResult {
  id: string;
}

/** 'UpdateEndpoint' query type */
export interface IUpdateEndpointQuery {
  params: IUpdateEndpointParams;
  result: IUpdateEndpointResult;
}

/** 'DeleteEndpoint' parameters type */
export interface IDeleteEndpointParams {
  id: string;
  providerId: string;
}

/** 'DeleteEndpoint' return type */
export type IDeleteEndpointResult = void;

/** 'DeleteEndpoint' query type */
export interface IDeleteEndpointQuery {
  params: IDeleteEndpointParams;
  result: IDeleteEndpointResult;
}

/** 'RotateEndpointSecret' parameters type */
export interface IRotateEndpointSecretParams {
  id: string;
  keepPreviousHours: number;
  providerId: string;
  secret: string;
}

/** 'RotateEndpointSecret' return type */
export type IRotateEndpointSecretResult = void;

/** 'RotateEndpointSecret' query type */
export interface IRotateEndpointSecretQuery {
  params: IRotateEndpointSecretParams;
  result: IRotateEndpointSecretResult;
}

/** 'RecordMessage' parameters type */
export interface IRecordMessageParams {
  body: string;
  channel: string;
  createdAt: DateOrString;
  eventType: string;
  id: string;
  providerId: string;
}

/** 'RecordMessage' return type */
export interface IRecordMessageResult {
  id: string;
}

/** 'RecordMessage' query type */
export interface IRecordMessageQuery {
  params: IRecordMessageParams;
  result: IRecordMessageResult;
}

/** 'InsertMessageForEndpoint' parameters type */
export interface IInsertMessageForEndpointParams {
  body: string;
  eventType: string;
  id: string;
  providerId: string;
}

/** 'InsertMessageForEndpoint' return type */
export type IInsertMessageForEndpointResult = void;

/** 'InsertMessageForEndpoint' query type */
export interface IInsertMessageForEndpointQuery {
  params: IInsertMessageForEndpointParams;
  result: IInsertMessageForEndpointResult;
}

/** 'QueueDeliveryForEndpoint' parameters type */
export interface IQueueDeliveryForEndpointParams {
  channel: string;
  endpointId: string;
  eventType: string;
  id: string;
  messageId: string;
  providerId: string;
}

/** 'QueueDeliveryForEndpoint' return type */
export interface IQueueDeliveryForEndpointResult {
  id: string;
}

/** 'QueueDeliveryForEndpoint' query type */
export interface IQueueDeliveryForEndpointQuery {
  params: IQueueDeliveryForEndpointParams;
  result: IQueueDeliveryForEndpointResult;
}

/** 'DeliveriesPage' parameters type */
export interface IDeliveriesPageParams {
  endpointId: string;
  limit: NumberOrString;
  offset: NumberOrString;
  providerId: string;
  status?: string | null | void;
}

/** 'DeliveriesPage' return type */
export interface IDeliveriesPageResult {
  attempts: number;
  createdAt: Date;
  deliveredAt: Date | null;
  endpointId: string;
  eventType: string;
  id: string;
  lastAttemptAt: Date | null;
  lastError: string | null;
  lastLatencyMs: number | null;
  lastResponseSnippet: string | null;
  lastStatusCode: number | null;
  messageId: string;
  nextAttemptAt: Date | null;
  status: string;
  total: number;
}

/** 'DeliveriesPage' query type */
export interface IDeliveriesPageQuery {
  params: IDeliveriesPageParams;
  result: IDeliveriesPageResult;
}

/** 'CountDeliveries' parameters type */
export interface ICountDeliveriesParams {
  endpointId: string;
  providerId: string;
  status?: string | null | void;
}

/** 'CountDeliveries' return type */
export interface ICountDeliveriesResult {
  count: number;
}

/** 'CountDeliveries' query type */
export interface ICountDeliveriesQuery {
  params: ICountDeliveriesParams;
  result: ICountDeliveriesResult;
}

/** 'FindDelivery' parameters type */
export interface IFindDeliveryParams {
  endpointId: string;
  id: string;
  providerId: string;
}

/** 'FindDelivery' return type */
export interface IFindDeliveryResult {
  attempts: number;
  body: string;
  createdAt: Date;
  deliveredAt: Date | null;
  endpointId: string;
  eventType: string;
  id: string;
  lastAttemptAt: Date | null;
  lastError: string | null;
  lastLatencyMs: number | null;
  lastResponseSnippet: string | null;
  lastStatusCode: number | null;
  messageId: string;
  nextAttemptAt: Date | null;
  status: string;
}

/** 'FindDelivery' query type */
export interface IFindDeliveryQuery {
  params: IFindDeliveryParams;
  result: IFindDeliveryResult;
}

/** 'DeliveryAttempts' parameters type */
export interface IDeliveryAttemptsParams {
  deliveryId: string;
}

/** 'DeliveryAttempts' return type */
export interface IDeliveryAttemptsResult {
  error: string | null;
  latencyMs: number | null;
  number: number;
  responseSnippet: string | null;
  startedAt: Date;
  statusCode: number | null;
}

/** 'DeliveryAttempts' query type */
export interface IDeliveryAttemptsQuery {
  params: IDeliveryAttemptsParams;
  result: IDeliveryAttemptsResult;
}

/** 'ReplayDeliveries' parameters type */
export interface IReplayDeliveriesParams {
  channel: string;
  endpointId: string;
  ids?: stringArray | null | void;
  providerId: string;
}

/** 'ReplayDeliveries' return type */
export interface IReplayDeliveriesResult {
  id: string;
}

/** 'ReplayDeliveries' query type */
export interface IReplayDeliveriesQuery {
  params: IReplayDeliveriesParams;
  result: IReplayDeliveriesResult;
}

/** 'AnyDeliveryDue' parameters type */
export type IAnyDeliveryDueParams = void;

/** 'AnyDeliveryDue' return type */
export interface IAnyDeliveryDueResult {
  due: boolean;
}

/** 'AnyDeliveryDue' query type */
export interface IAnyDeliveryDueQuery {
  params: IAnyDeliveryDueParams;
  result: IAnyDeliveryDueResult;
}

/** 'TakeClaimLock' parameters type */
export interface ITakeClaimLockParams {
  lock: string;
}

/** 'TakeClaimLock' return type */
export interface ITakeClaimLockResult {
  pg_advisory_xact_lock: undefined | null;
}

/** 'TakeClaimLock' query type */
export interface ITakeClaimLockQuery {
  params: ITakeClaimLockParams;
  result: ITakeClaimLockResult;
}

/** 'ClaimDeliveries' parameters type */
export interface IClaimDeliveriesParams {
  leaseMs: number;
  leaseToken: string;
  limit: NumberOrString;
  perEndpoint: number;
}

/** 'ClaimDeliveries' return type */
export interface IClaimDeliveriesResult {
  attempts: number;
  body: string;
  endpointId: string;
  id: string;
  leaseToken: string;
  messageId: string;
  previousSecret: string | null;
  previousSecretExpiresAt: Date | null;
  providerId: string;
  secret: string;
  url: string;
}

/** 'ClaimDeliveries' query type */
export interface IClaimDeliveriesQuery {
  params: IClaimDeliveriesParams;
  result: IClaimDeliveriesResult;
}

/** 'RecordAttempt' parameters type */
export interface IRecordAttemptParams {
  error?: string | null | void;
  id: string;
  latencyMs?: number | null | void;
  leaseToken: string;
  nextAttemptAt?: DateOrString | null | void;
  responseSnippet?: string | null | void;
  startedAt: DateOrString;
  status: string;
  statusCode?: number | null | void;
}

/** 'RecordAttempt' return type */
export interface IRecordAttemptResult {
  failingSince: Date | null;
}

/** 'RecordAttempt' query type */
export interface IRecordAttemptQuery {
  params: IRecordAttemptParams;
  result: IRecordAttemptResult;
}

/** 'DisableEndpoint' parameters type */
export interface IDisableEndpointParams {
  id: string;
  reason: string;
}

/** 'DisableEndpoint' return type */
export interface IDisableEndpointResult {
  createdAt: Date;
  description: string;
  disabledAt: Date | null;
  disabledReason: string | null;
  enabled: boolean;
  eventTypes: stringArray;
  failingSince: Date | null;
  id: string;
  previousSecret: string | null;
  previousSecretExpiresAt: Date | null;
  providerId: string;
  secret: string;
  subscriptionId: string;
  updatedAt: Date;
  url: string;
}

/** 'DisableEndpoint' query type */
export interface IDisableEndpointQuery {
  params: IDisableEndpointParams;
  result: IDisableEndpointResult;
}

/** 'DeleteMessagesOlderThan' parameters type */
export interface IDeleteMessagesOlderThanParams {
  days: number;
}

/** 'DeleteMessagesOlderThan' return type */
export type IDeleteMessagesOlderThanResult = void;

/** 'DeleteMessagesOlderThan' query type */
export interface IDeleteMessagesOlderThanQuery {
  params: IDeleteMessagesOlderThanParams;
  result: IDeleteMessagesOlderThanResult;
}
