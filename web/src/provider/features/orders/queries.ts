import { useQuery, type QueryClient } from '@tanstack/react-query';
import { APP_KEY } from '../../../shared/queryClient';
import { useMutationAction } from '../../../shared/useMutationAction';
import { billingKeys } from '../billing/queries';
import { isNotEnoughCredits } from '../billing/rules';
import {
  addComment,
  amendOrder,
  cancelOrder,
  deleteComment,
  fetchComments,
  fetchOrder,
  fetchOrders,
  placeOrder,
  type OrderComment,
  type OrderDetail,
  type OrdersQuery,
} from './api';

export const orderKeys = {
  all: [APP_KEY, 'orders'] as const,
  lists: () => [...orderKeys.all, 'list'] as const,
  list: (query: OrdersQuery) => [...orderKeys.lists(), query] as const,
  /** Everything about one order: its details and its comments. */
  one: (id: string) => [...orderKeys.all, 'one', id] as const,
  detail: (id: string) => [...orderKeys.one(id), 'detail'] as const,
  comments: (id: string) => [...orderKeys.one(id), 'comments'] as const,
};

/** A page of the provider's orders, newest first. */
export const useOrdersQuery = (query: OrdersQuery) =>
  useQuery({ queryKey: orderKeys.list(query), queryFn: ({ signal }) => fetchOrders(query, signal) });

/**
 * One order. Its files' links live an hour and others move it along (the team, the drafter): asked again when
 * the person comes back to the tab.
 */
export const useOrderQuery = (id: string) =>
  useQuery({
    queryKey: orderKeys.detail(id),
    queryFn: ({ signal }) => fetchOrder(id, signal),
    refetchOnWindowFocus: true,
    placeholderData: undefined,
  });

/** The order's comments, oldest first; asked again when the person comes back to the tab, like the order. */
export const useCommentsQuery = (id: string) =>
  useQuery({
    queryKey: orderKeys.comments(id),
    queryFn: ({ signal }) => fetchComments(id, signal),
    refetchOnWindowFocus: true,
    placeholderData: undefined,
  });

/** What placing or cancelling an order moves in billing: the balance, the credit history, the billing page's orders. */
function creditsMoved(client: QueryClient) {
  return Promise.all([
    client.invalidateQueries({ queryKey: billingKeys.creditBalance() }),
    client.invalidateQueries({ queryKey: billingKeys.creditHistoryAll() }),
    client.invalidateQueries({ queryKey: billingKeys.ordersAll() }),
  ]);
}

/** An order answered by a change: its page shows it at once, and the lists it is in are asked again. */
function orderChanged(client: QueryClient, order: OrderDetail) {
  client.setQueryData(orderKeys.detail(order.id), order);
  return client.invalidateQueries({ queryKey: orderKeys.lists() });
}

/**
 * Placing an order: the new order, the lists, and the credits it holds. Refused for credits, the balance is asked
 * again, so the insufficient-credits modal says what is available now.
 */
export const usePlaceOrderMutation = () =>
  useMutationAction(
    placeOrder,
    (order, _, client) => Promise.all([orderChanged(client, order), creditsMoved(client)]),
    (error, _, client) =>
      isNotEnoughCredits(error)
        ? client.invalidateQueries({ queryKey: billingKeys.creditBalance() })
        : undefined,
  );

/** Cancelling: the order as it is now; its credits come back (billing releases them a moment later). */
export const useCancelOrderMutation = () =>
  useMutationAction(cancelOrder, (order, _, client) =>
    Promise.all([orderChanged(client, order), creditsMoved(client)]),
  );

/** An amendment: the new order, and the amended one asked again (it records the step `amendment`). */
export const useAmendOrderMutation = () =>
  useMutationAction(amendOrder, (amendment, [amendedId], client) =>
    Promise.all([
      orderChanged(client, amendment),
      client.invalidateQueries({ queryKey: orderKeys.detail(amendedId) }),
    ]),
  );

/** A comment sent: shown at once at the end of the list, which is then asked again. */
export const useAddCommentMutation = () =>
  useMutationAction(addComment, (comment, [orderId], client) => {
    client.setQueryData<OrderComment[]>(orderKeys.comments(orderId), (list) => [...(list ?? []), comment]);
    return client.invalidateQueries({ queryKey: orderKeys.comments(orderId) });
  });

export const useDeleteCommentMutation = () =>
  useMutationAction(deleteComment, (_, [orderId, commentId], client) => {
    client.setQueryData<OrderComment[]>(orderKeys.comments(orderId), (list) =>
      list?.filter((comment) => comment.id !== commentId),
    );
    return client.invalidateQueries({ queryKey: orderKeys.comments(orderId) });
  });
