import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { APP_KEY } from '../../../shared/queryClient';
import { useMutationAction } from '../../../shared/useMutationAction';
import {
  createEndpoint,
  deleteEndpoint,
  fetchDeliveries,
  fetchDelivery,
  fetchWebhooks,
  replayDelivery,
  replayFailed,
  rotateSecret,
  sendTestEvent,
  setUpWebhooks,
  updateEndpoint,
  type DeliveriesQuery,
  type WebhookEndpoint,
  type WebhooksState,
} from './api';
import { anyEndpointPending, pollDelay } from './rules';

/**
 * While an endpoint has deliveries pending, its counts are asked again this often; a deliveries list on screen asks
 * for them sooner, whenever one of its deliveries ends (`useRefreshCountsOnChange`).
 */
export const COUNTS_POLL_MS = 15_000;

export const developerKeys = {
  all: [APP_KEY, 'developers'] as const,
  webhooks: () => [...developerKeys.all, 'webhooks'] as const,
  /** Everything about one endpoint's deliveries: its pages and each delivery. */
  deliveriesOf: (endpointId: string) => [...developerKeys.all, 'deliveries', endpointId] as const,
  deliveries: (endpointId: string, query: DeliveriesQuery) =>
    [...developerKeys.deliveriesOf(endpointId), 'list', query] as const,
  delivery: (endpointId: string, deliveryId: string) =>
    [...developerKeys.deliveriesOf(endpointId), 'one', deliveryId] as const,
};

/**
 * The subscription, its endpoints (with their delivery counts) and the event types. Asked again now and then while
 * an endpoint has deliveries pending, so the counts and an endpoint's failure show without a reload.
 */
export const useWebhooksQuery = (enabled = true) =>
  useQuery({
    queryKey: developerKeys.webhooks(),
    queryFn: ({ signal }) => fetchWebhooks(signal),
    enabled,
    refetchInterval: (query) =>
      anyEndpointPending(query.state.data?.subscription?.endpoints) ? COUNTS_POLL_MS : false,
  });

/** A page of an endpoint's deliveries, asked again while one of them is pending: soon after its next attempt. */
export const useDeliveriesQuery = (endpointId: string, query: DeliveriesQuery) =>
  useQuery({
    queryKey: developerKeys.deliveries(endpointId, query),
    queryFn: ({ signal }) => fetchDeliveries(endpointId, query, signal),
    refetchInterval: (current) => pollDelay(current.state.data?.items, Date.now()),
  });

/** One delivery with its attempt log, asked again while it is pending, soon after its next attempt. */
export const useDeliveryQuery = (endpointId: string, deliveryId: string) =>
  useQuery({
    queryKey: developerKeys.delivery(endpointId, deliveryId),
    queryFn: ({ signal }) => fetchDelivery(endpointId, deliveryId, signal),
    refetchInterval: (current) => {
      const delivery = current.state.data;
      return pollDelay(delivery ? [delivery] : undefined, Date.now());
    },
    placeholderData: undefined,
  });

/** "Refresh": the endpoints' counts and states and every list of this endpoint's deliveries, at once. */
export function useRefreshDeliveries(endpointId: string) {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: developerKeys.deliveriesOf(endpointId) }),
      client.invalidateQueries({ queryKey: developerKeys.webhooks() }),
    ]);
}

/**
 * The endpoints' counts and states asked again whenever `key` (the pending deliveries a list shows) changes after
 * its first value: a delivery ended or started, so a count moved, and the endpoint may now be failing or disabled.
 */
export function useRefreshCountsOnChange(key: string | undefined) {
  const client = useQueryClient();
  const previous = useRef(key);
  useEffect(() => {
    if (key === undefined) return;
    if (previous.current !== undefined && previous.current !== key)
      void client.invalidateQueries({ queryKey: developerKeys.webhooks() });
    previous.current = key;
  }, [key, client]);
}

function setEndpoint(client: QueryClient, endpoint: WebhookEndpoint) {
  client.setQueryData<WebhooksState>(developerKeys.webhooks(), (state) =>
    state?.subscription
      ? {
          ...state,
          subscription: {
            ...state.subscription,
            endpoints: state.subscription.endpoints.map((each) =>
              each.id === endpoint.id ? endpoint : each,
            ),
          },
        }
      : state,
  );
}

/** The answer holds the secret: it is kept by the page that shows it once, never in the cache. */
function withoutSecret<T extends { secret?: string }>(endpoint: T): Omit<T, 'secret'> {
  const { secret: _secret, ...rest } = endpoint;
  return rest;
}

/** A delivery started (a test, a replay): its endpoint's lists and counts are asked again. */
function deliveriesMoved(client: QueryClient, endpointId: string) {
  return Promise.all([
    client.invalidateQueries({ queryKey: developerKeys.deliveriesOf(endpointId) }),
    client.invalidateQueries({ queryKey: developerKeys.webhooks() }),
  ]);
}

export const useSetUpWebhooksMutation = () =>
  useMutationAction(setUpWebhooks, (state, _, client) =>
    client.setQueryData(developerKeys.webhooks(), state),
  );

export const useCreateEndpointMutation = () =>
  useMutationAction(createEndpoint, (_, __, client) =>
    client.invalidateQueries({ queryKey: developerKeys.webhooks() }),
  );

export const useUpdateEndpointMutation = () =>
  useMutationAction(updateEndpoint, (endpoint, _, client) => {
    setEndpoint(client, endpoint);
    return client.invalidateQueries({ queryKey: developerKeys.webhooks() });
  });

export const useDeleteEndpointMutation = () =>
  useMutationAction(deleteEndpoint, (_, [endpointId], client) => {
    client.removeQueries({ queryKey: developerKeys.deliveriesOf(endpointId) });
    return client.invalidateQueries({ queryKey: developerKeys.webhooks() });
  });

export const useRotateSecretMutation = () =>
  useMutationAction(rotateSecret, (endpoint, _, client) => setEndpoint(client, withoutSecret(endpoint)));

export const useSendTestEventMutation = () =>
  useMutationAction(sendTestEvent, (_, [endpointId], client) => deliveriesMoved(client, endpointId));

export const useReplayDeliveryMutation = () =>
  useMutationAction(replayDelivery, (_, [endpointId], client) => deliveriesMoved(client, endpointId));

export const useReplayFailedMutation = () =>
  useMutationAction(replayFailed, (_, [endpointId], client) => deliveriesMoved(client, endpointId));
