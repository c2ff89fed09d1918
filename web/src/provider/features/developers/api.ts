import type { WebhookDeliveryStatus } from '@tourly/contracts';
import { api } from '../../../api/client';
import type { Answer } from '../../../api/types';

const SUBSCRIPTION = '/provider/developers/webhooks_subscription';

/**
 * GET /provider/developers/webhooks_subscription: the provider's subscription (null until set up) with its
 * endpoints, and the event types one can subscribe to.
 */
export type WebhooksState = Answer<'/provider/developers/webhooks_subscription', 'get'>;
export type WebhookEndpoint = NonNullable<WebhooksState['subscription']>['endpoints'][number];
/** An endpoint as created or after its secret was rotated: with the secret, shown this once. */
export type EndpointWithSecret = Answer<'/provider/developers/webhooks_subscription/endpoints', 'post'>;
export type WebhookDelivery = Answer<
  '/provider/developers/webhooks_subscription/endpoints/{id}/deliveries',
  'get'
>['items'][number];
export type DeliveryDetail = Answer<
  '/provider/developers/webhooks_subscription/endpoints/{id}/deliveries/{deliveryId}',
  'get'
>;
export type DeliveryAttempt = DeliveryDetail['attemptLog'][number];

/** What the endpoint form sends (every field on creation; the changed ones on an edit). */
export interface EndpointChanges {
  url?: string;
  description?: string;
  eventTypes?: string[];
  enabled?: boolean;
}

export interface DeliveriesQuery {
  page: number;
  pageSize: number;
  status?: WebhookDeliveryStatus;
}

export const fetchWebhooks = (signal?: AbortSignal) => api.get(SUBSCRIPTION, { signal });

/** Sets webhooks up (201, or 200 when they already were): the same shape as the read. */
export const setUpWebhooks = () => api.post(SUBSCRIPTION);

export const createEndpoint = (endpoint: EndpointChanges) =>
  api.post(`${SUBSCRIPTION}/endpoints`, { endpoint });

/** `enabled: true` turns a disabled endpoint back on (and clears why it was turned off). */
export const updateEndpoint = (id: string, endpoint: EndpointChanges) =>
  api.patch(`${SUBSCRIPTION}/endpoints/{id}`, { endpoint }, { params: { id } });

export const deleteEndpoint = (id: string) =>
  api.delete(`${SUBSCRIPTION}/endpoints/{id}`, { params: { id } });

/** A new secret, shown once; the old one keeps verifying for 24 hours (deliveries carry both signatures). */
export const rotateSecret = (id: string) =>
  api.post(`${SUBSCRIPTION}/endpoints/{id}/rotate_secret`, undefined, { params: { id } });

/** A `webhook.test` event to this endpoint alone (409 while the endpoint is disabled): the pending delivery. */
export const sendTestEvent = (id: string) =>
  api.post(`${SUBSCRIPTION}/endpoints/{id}/test`, undefined, { params: { id } });

/** The endpoint's deliveries, newest first, a page at a time. */
export const fetchDeliveries = (
  id: string,
  { page, pageSize, status }: DeliveriesQuery,
  signal?: AbortSignal,
) =>
  api.page(
    `${SUBSCRIPTION}/endpoints/{id}/deliveries`,
    { page, pageSize, status },
    { params: { id }, signal },
  );

/** One delivery with its attempts and its body as sent (text: the receiver's bytes, not the API's own keys). */
export const fetchDelivery = (id: string, deliveryId: string, signal?: AbortSignal) =>
  api.get(`${SUBSCRIPTION}/endpoints/{id}/deliveries/{deliveryId}`, { params: { id, deliveryId }, signal });

/**
 * Sends the delivery with the same message id: a finished one again, a pending one now (409 while an attempt is
 * on its way).
 */
export const replayDelivery = (id: string, deliveryId: string) =>
  api.post(`${SUBSCRIPTION}/endpoints/{id}/deliveries/{deliveryId}/replay`, undefined, {
    params: { id, deliveryId },
  });

/** Every failed delivery of the endpoint, again: how many went back to pending. */
export const replayFailed = (id: string) =>
  api.post(`${SUBSCRIPTION}/endpoints/{id}/replay_failed`, undefined, { params: { id } });
