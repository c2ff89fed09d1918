import { useInfiniteQuery, useQuery, type QueryClient } from '@tanstack/react-query';
import { APP_KEY } from '../../../shared/queryClient';
import { useMutationAction } from '../../../shared/useMutationAction';
import {
  advanceCustomerTestClock,
  cancelSubscription,
  createAccountLink,
  createCustomer,
  createSubscription,
  createTaxRate,
  deleteCustomer,
  fetchCustomers,
  fetchCustomerTestClock,
  fetchInvoices,
  fetchMerchantAccount,
  fetchSubscription,
  fetchSubscriptions,
  fetchTaxRates,
  voidInvoice,
  type CustomersQuery,
  type InvoicesQuery,
  type SubscriptionsQuery,
} from './api';

/** Tax rates asked for at a time (Stripe's cursor paging). */
export const TAX_RATES_PAGE = 10;
/** The tax rates a subscription's form offers: the most Stripe gives in one answer. */
const TAX_RATE_CHOICES = 100;

export const hostingKeys = {
  merchantAccount: [APP_KEY, 'merchant-account'] as const,
  taxRates: [APP_KEY, 'merchant-account', 'tax-rates'] as const,
  all: [APP_KEY, 'hosting-fees'] as const,
  customers: () => [...hostingKeys.all, 'customers'] as const,
  customerList: (query: CustomersQuery) => [...hostingKeys.customers(), query] as const,
  customerTestClock: (id: string) => [...hostingKeys.customers(), 'test-clock', id] as const,
  subscriptions: () => [...hostingKeys.all, 'subscriptions'] as const,
  subscriptionList: (query: SubscriptionsQuery) => [...hostingKeys.subscriptions(), 'list', query] as const,
  subscription: (id: string) => [...hostingKeys.subscriptions(), 'one', id] as const,
  invoices: () => [...hostingKeys.all, 'invoices'] as const,
  invoiceList: (query: InvoicesQuery) => [...hostingKeys.invoices(), query] as const,
};

export const merchantAccountQuery = () => ({
  queryKey: hostingKeys.merchantAccount,
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchMerchantAccount(signal),
});

export const useMerchantAccountQuery = () => useQuery(merchantAccountQuery());

/** Asks for the merchant account now (back from Stripe's setup, while its word reaches billing). */
export const fetchFreshMerchantAccount = (client: QueryClient) =>
  client.fetchQuery({ ...merchantAccountQuery(), staleTime: 0 });

/** Stripe's setup page: asked for when the person presses the button (the link lives minutes), then gone to. */
export const useAccountLinkMutation = () =>
  useMutationAction(createAccountLink, (_, __, client) =>
    client.invalidateQueries({ queryKey: hostingKeys.merchantAccount, exact: true }),
  );

/** The tax rates, newest first, a page at a time: "Load more" asks for those after the last one shown. */
export const useTaxRatesQuery = (enabled: boolean) =>
  useInfiniteQuery({
    queryKey: hostingKeys.taxRates,
    queryFn: ({ pageParam, signal }) => fetchTaxRates(pageParam, TAX_RATES_PAGE, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => (page.hasMore ? page.items.at(-1)?.id : undefined),
    enabled,
  });

/** Every tax rate a subscription may carry (one answer of Stripe's most). */
export const useTaxRateChoicesQuery = () =>
  useQuery({
    queryKey: [...hostingKeys.taxRates, 'choices'],
    queryFn: ({ signal }) => fetchTaxRates(undefined, TAX_RATE_CHOICES, signal),
  });

export const useCreateTaxRateMutation = () =>
  useMutationAction(createTaxRate, (_, __, client) =>
    client.invalidateQueries({ queryKey: hostingKeys.taxRates }),
  );

export const useCustomersQuery = (query: CustomersQuery) =>
  useQuery({
    queryKey: hostingKeys.customerList(query),
    queryFn: ({ signal }) => fetchCustomers(query, signal),
  });

export const useSubscriptionsQuery = (query: SubscriptionsQuery) =>
  useQuery({
    queryKey: hostingKeys.subscriptionList(query),
    queryFn: ({ signal }) => fetchSubscriptions(query, signal),
  });

export const useSubscriptionQuery = (id: string) =>
  useQuery({
    queryKey: hostingKeys.subscription(id),
    queryFn: ({ signal }) => fetchSubscription(id, signal),
  });

/** How often a new subscription's page asks for its first invoice, which billing learns of from Stripe's webhook. */
const FIRST_INVOICE_POLL_MS = 2000;

/** `awaitingFirst`: a subscription just made, whose first invoice is asked for until it shows. */
export const useInvoicesQuery = (query: InvoicesQuery, awaitingFirst = false) =>
  useQuery({
    queryKey: hostingKeys.invoiceList(query),
    queryFn: ({ signal }) => fetchInvoices(query, signal),
    refetchInterval: (current) =>
      awaitingFirst && current.state.data?.totalCount === 0 ? FIRST_INVOICE_POLL_MS : false,
  });

/** Customers, subscriptions and invoices show each other (counts, names, statuses): a change refreshes them all. */
const refreshed = (client: QueryClient) => client.invalidateQueries({ queryKey: hostingKeys.all });

export const useCreateCustomerMutation = () =>
  useMutationAction(createCustomer, (_, __, client) => refreshed(client));
export const useDeleteCustomerMutation = () =>
  useMutationAction(deleteCustomer, (_, __, client) => refreshed(client));
export const useCreateSubscriptionMutation = () =>
  useMutationAction(createSubscription, (_, __, client) => refreshed(client));
export const useCancelSubscriptionMutation = () =>
  useMutationAction(cancelSubscription, (changed, _, client) => {
    client.setQueryData(hostingKeys.subscription(changed.id), changed);
    return refreshed(client);
  });
export const useVoidInvoiceMutation = () =>
  useMutationAction(voidInvoice, (_, __, client) => refreshed(client));

/** Test mode: the hosting customer's own test clock. */
export const useCustomerTestClockQuery = (customerId: string) =>
  useQuery({
    queryKey: hostingKeys.customerTestClock(customerId),
    queryFn: ({ signal }) => fetchCustomerTestClock(customerId, signal),
  });

/** Moves the customer's clock; renewals and invoices falling due on the way reach billing over the next seconds. */
export const useAdvanceCustomerTestClockMutation = (customerId: string) =>
  useMutationAction(
    (testClockId: string, time: string) => advanceCustomerTestClock(customerId, testClockId, time),
    (_, __, client) => refreshed(client),
  );
