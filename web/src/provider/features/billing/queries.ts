import { useCallback } from 'react';
import {
  keepPreviousData,
  queryOptions,
  useQuery,
  useQueryClient,
  type QueryClient,
  type UseQueryOptions,
} from '@tanstack/react-query';
import type { Page } from '../../../api/client';
import { askUntil } from '../../../shared/askUntil';
import { APP_KEY } from '../../../shared/queryClient';
import { useMutationAction } from '../../../shared/useMutationAction';
import {
  advanceTestClock,
  cancelScheduledChange,
  changePlan,
  fetchBillingAccount,
  fetchBillingOrders,
  fetchCards,
  fetchCreditBalance,
  fetchCreditHistory,
  fetchCreditsPrice,
  fetchCustomerPortalLink,
  fetchImmersiveExtensions,
  fetchInvoices,
  fetchPlans,
  fetchPremiumTours,
  fetchRedeemableOffers,
  fetchSubscription,
  fetchTestClock,
  fetchUpcomingInvoice,
  fetchVoucherRedemptions,
  legacySetup,
  previewChange,
  redeemVoucher,
  removeCard,
  saveBillingAccount,
  setDefaultCard,
  type BillingOrder,
  type BillingOrdersQuery,
  type CreditHistoryEntry,
  type CreditsPurchaseSuccess,
  type HistoryPage,
  type ImmersiveExtension,
  type Invoice,
  type PlanSelection,
  type RedeemableOffer,
  type RedeemAction,
  type Subscription,
  type TourSearch,
} from './api';
import type { Property } from '../properties/api';
import { waitingDiscount } from './rules';
import { loadStripeJs } from './stripe';

/** 000 §7: the current subscription (and the premium tour limit it carries) may be kept five minutes. */
export const SUBSCRIPTION_STALE_MS = 300_000;

export const billingKeys = {
  all: [APP_KEY, 'billing'] as const,
  subscription: () => [...billingKeys.all, 'subscription'] as const,
  plans: () => [...billingKeys.all, 'plans'] as const,
  account: () => [...billingKeys.all, 'account'] as const,
  cards: () => [...billingKeys.all, 'cards'] as const,
  testClock: () => [...billingKeys.all, 'test-clock'] as const,
  changePreview: (selection: PlanSelection, currency: string, complete: boolean) =>
    [...billingKeys.all, 'change-preview', selection, currency, complete] as const,
  deactivationPreviewAll: () => [...billingKeys.all, 'deactivation-preview'] as const,
  /** Under the deactivation previews: publishing a tour or website makes both stale. */
  downgradeReview: (selection: PlanSelection) =>
    [...billingKeys.deactivationPreviewAll(), 'review', selection] as const,
  premiumToursAll: () => [...billingKeys.all, 'premium-tours'] as const,
  premiumTours: (query: TourSearch) => [...billingKeys.premiumToursAll(), query] as const,
  immersiveExtensionsAll: () => [...billingKeys.all, 'immersive-extensions'] as const,
  immersiveExtensions: (query: TourSearch) => [...billingKeys.immersiveExtensionsAll(), query] as const,
  creditBalance: () => [...billingKeys.all, 'credit-balance'] as const,
  creditsPriceAll: () => [...billingKeys.all, 'credits-price'] as const,
  creditsPrice: (creditsQty: number) => [...billingKeys.creditsPriceAll(), creditsQty] as const,
  vouchersAll: () => [...billingKeys.all, 'vouchers'] as const,
  vouchers: (query: HistoryPage) => [...billingKeys.vouchersAll(), query] as const,
  offersAll: () => [...billingKeys.all, 'offers'] as const,
  offers: (redeemAction: RedeemAction) => [...billingKeys.offersAll(), redeemAction] as const,
  creditHistoryAll: () => [...billingKeys.all, 'credit-history'] as const,
  creditHistory: (query: HistoryPage) => [...billingKeys.creditHistoryAll(), query] as const,
  invoicesAll: () => [...billingKeys.all, 'invoices'] as const,
  invoices: (query: HistoryPage) => [...billingKeys.invoicesAll(), query] as const,
  upcomingInvoice: () => [...billingKeys.all, 'upcoming-invoice'] as const,
  ordersAll: () => [...billingKeys.all, 'orders'] as const,
  orders: (query: BillingOrdersQuery) => [...billingKeys.ordersAll(), query] as const,
};

/**
 * The subscription. The server lets browsers keep it five minutes, as the cache here does: the first answer may
 * come from the browser's cache; every later one (invalidated after a change, or stale) asks past it, which also
 * refreshes the browser's copy for the next pages.
 */
export const subscriptionQuery = () =>
  queryOptions({
    queryKey: billingKeys.subscription(),
    queryFn: ({ signal, client, queryKey }) =>
      fetchSubscription({ signal, fresh: (client.getQueryState(queryKey)?.dataUpdateCount ?? 0) > 0 }),
    staleTime: SUBSCRIPTION_STALE_MS,
  });

/** `enabled`: false until the session is known and for users outside the provider side (no subscription). */
export const useSubscriptionQuery = (enabled: boolean) => useQuery({ ...subscriptionQuery(), enabled });

/** Asks for the subscription now, past both caches (waiting for Stripe's webhook to reach billing). */
export const fetchFreshSubscription = (client: QueryClient) =>
  client.fetchQuery({ ...subscriptionQuery(), staleTime: 0 });

/**
 * After anything that changed the subscription: takes what the change answered, then asks again past the caches.
 * The cards go stale with it (a plan paid with a card may have made it the default), and so do the invoices.
 */
function subscriptionChanged(client: QueryClient, changed?: Subscription) {
  if (changed) client.setQueryData(billingKeys.subscription(), changed);
  return Promise.all([
    client.invalidateQueries({ queryKey: billingKeys.subscription() }),
    client.invalidateQueries({ queryKey: billingKeys.cards() }),
    client.invalidateQueries({ queryKey: billingKeys.invoicesAll() }),
    client.invalidateQueries({ queryKey: billingKeys.upcomingInvoice() }),
  ]);
}

export function useSubscriptionChanged() {
  const client = useQueryClient();
  return useCallback((changed?: Subscription) => void subscriptionChanged(client, changed), [client]);
}

export const usePlansQuery = () =>
  useQuery({ queryKey: billingKeys.plans(), queryFn: ({ signal }) => fetchPlans(signal) });

export const useBillingAccountQuery = () =>
  useQuery({ queryKey: billingKeys.account(), queryFn: ({ signal }) => fetchBillingAccount(signal) });

/** `enabled`: cards need the billing account (its Stripe customer) first; until then the list is empty. */
export const useCardsQuery = (enabled = true) =>
  useQuery({
    queryKey: billingKeys.cards(),
    queryFn: ({ signal }) => fetchCards(signal),
    enabled,
  });

export const useTestClockQuery = () =>
  useQuery({ queryKey: billingKeys.testClock(), queryFn: ({ signal }) => fetchTestClock(signal) });

/**
 * The order summary of a plan change, for a selection and the billing account as it is (its currency, whether it
 * is complete): asked again whenever any of them changes. A coupon is checked with it before it is applied.
 */
export const changePreviewQuery = (selection: PlanSelection, currency: string, complete: boolean) =>
  queryOptions({
    queryKey: billingKeys.changePreview(selection, currency, complete),
    queryFn: ({ signal }) => previewChange(selection, signal),
  });

/**
 * A downgrade's review: its order summary with what it stops (`withdrawals`: the tours that stop being shared, the
 * websites that stop being published, the premium tours that turn basic) and the day it happens.
 */
export const useDowngradeReviewQuery = (selection: PlanSelection) =>
  useQuery({
    queryKey: billingKeys.downgradeReview(selection),
    queryFn: ({ signal }) => previewChange(selection, signal),
  });

/** A page of the premium tours (those of the plan and those paid separately). */
export const premiumToursQuery = (query: TourSearch): UseQueryOptions<Page<Property>> => ({
  queryKey: billingKeys.premiumTours(query),
  queryFn: ({ signal }) => fetchPremiumTours(query, signal),
});

/** A page of the premium tours paid separately. */
export const immersiveExtensionsQuery = (query: TourSearch): UseQueryOptions<Page<ImmersiveExtension>> => ({
  queryKey: billingKeys.immersiveExtensions(query),
  queryFn: ({ signal }) => fetchImmersiveExtensions(query, signal),
});

/** Saving the billing account: the account as saved; the test clock starts with it. */
export const useSaveBillingAccountMutation = () =>
  useMutationAction(saveBillingAccount, (saved, _, client) => {
    client.setQueryData(billingKeys.account(), saved);
    return client.invalidateQueries({ queryKey: billingKeys.testClock() });
  });

/** The cards as they are with the new default. */
export const useSetDefaultCardMutation = () =>
  useMutationAction(setDefaultCard, (cards, _, client) => client.setQueryData(billingKeys.cards(), cards));

export const useRemoveCardMutation = () =>
  useMutationAction(removeCard, (_, __, client) =>
    client.invalidateQueries({ queryKey: billingKeys.cards() }),
  );

/** After a new card was set up with Stripe (NewCardForm): the list with it. */
export function useCardAdded() {
  const client = useQueryClient();
  return useCallback(() => client.invalidateQueries({ queryKey: billingKeys.cards() }), [client]);
}

/** A plan change that went through; one that needs 3-D Secure first is followed up by its caller. */
export const useChangePlanMutation = () =>
  useMutationAction(changePlan, (result, _, client) =>
    result.result === 'success' ? subscriptionChanged(client, result.subscription) : undefined,
  );

/** Paying a failed renewal (with Stripe's confirmation, the card that paid made the default). */
export const usePayNowMutation = (pay: (paymentMethodId: string) => Promise<Subscription>) =>
  useMutationAction(pay, (paid, _, client) => subscriptionChanged(client, paid));

export const useLegacySetupMutation = () =>
  useMutationAction(legacySetup, (result, _, client) => subscriptionChanged(client, result.subscription));

export const useCancelScheduledChangeMutation = () =>
  useMutationAction(cancelScheduledChange, (changed, _, client) => subscriptionChanged(client, changed));

/** Stripe answers an advance while the clock is still `advancing`: read it again for where it stands. */
export const useAdvanceTestClockMutation = () =>
  useMutationAction(advanceTestClock, (_, __, client) =>
    client.invalidateQueries({ queryKey: billingKeys.testClock() }),
  );

/** Stripe.js, loaded once where a card is entered or confirmed (`stripe.ts`); kept for the page's life. */
export const useStripeJsQuery = () =>
  useQuery({
    queryKey: [...billingKeys.all, 'stripe-js'],
    queryFn: loadStripeJs,
    staleTime: Infinity,
    gcTime: Infinity,
    structuralSharing: false,
  });

export const useCreditBalanceQuery = () =>
  useQuery({ queryKey: billingKeys.creditBalance(), queryFn: ({ signal }) => fetchCreditBalance(signal) });

/**
 * The price of `creditsQty` credits (the account's currency, the bundle's saving); nothing to ask for a quantity
 * that is not one (null). The last price stays shown while the next one loads.
 */
export const useCreditsPriceQuery = (creditsQty: number | null) =>
  useQuery({
    queryKey: billingKeys.creditsPrice(creditsQty ?? 0),
    queryFn: ({ signal }) => fetchCreditsPrice(creditsQty ?? 0, signal),
    enabled: creditsQty !== null,
    placeholderData: keepPreviousData,
  });

/** A page of the credit history, newest first. */
export const creditHistoryQuery = (query: HistoryPage): UseQueryOptions<Page<CreditHistoryEntry>> => ({
  queryKey: billingKeys.creditHistory(query),
  queryFn: ({ signal }) => fetchCreditHistory(query, signal),
  placeholderData: keepPreviousData,
});

/**
 * Buying credits (the payment intent, Stripe's confirmation, the success call: `buy`): the balance as the success
 * call answered it, then the balance, the history, the prices and the vouchers (a waiting voucher discount is used
 * now) asked again. An offer for buying credits gives its credits a moment later (billing acts on the purchase's
 * event): `awaitOfferCredits` asks for the offers until it is given, then for the balance and history again.
 */
export const useBuyCreditsMutation = <Args extends unknown[]>(
  buy: (...args: Args) => Promise<CreditsPurchaseSuccess>,
) =>
  useMutationAction(buy, (bought, _, client) => {
    client.setQueryData(billingKeys.creditBalance(), bought.balance);
    void awaitOfferCredits(client);
    return Promise.all([
      client.invalidateQueries({ queryKey: billingKeys.creditBalance() }),
      client.invalidateQueries({ queryKey: billingKeys.creditHistoryAll() }),
      client.invalidateQueries({ queryKey: billingKeys.creditsPriceAll() }),
      client.invalidateQueries({ queryKey: billingKeys.vouchersAll() }),
    ]);
  });

/** How long to look for the credits of an offer a purchase earned: billing acts on the purchase's event. */
const OFFER_FOLLOW_UP_MS = 10_000;

/**
 * After a purchase while offers for buying credits ran (as the page last read them): asks for the offers again
 * over the next seconds until they are no longer offered (given: billing acted on the purchase), then reads the
 * balance and the history again, with the offer's credits in them.
 */
async function awaitOfferCredits(client: QueryClient) {
  const running = client.getQueryData<RedeemableOffer[]>(billingKeys.offers('credits_purchased')) ?? [];
  if (running.length === 0) return;
  const ids = new Set(running.map((offer) => offer.id));
  const given = await askUntil(
    () => client.fetchQuery({ ...redeemableOffersQuery('credits_purchased'), staleTime: 0 }),
    (offers) => !offers.some((offer) => ids.has(offer.id)),
    OFFER_FOLLOW_UP_MS,
  );
  if (!given) return;
  await Promise.all([
    client.invalidateQueries({ queryKey: billingKeys.creditBalance() }),
    client.invalidateQueries({ queryKey: billingKeys.creditHistoryAll() }),
  ]);
}

/** The offers running now that give credits for `redeemAction`, which the provider has not received yet. */
export const redeemableOffersQuery = (redeemAction: RedeemAction) =>
  queryOptions({
    queryKey: billingKeys.offers(redeemAction),
    queryFn: ({ signal }) => fetchRedeemableOffers(redeemAction, signal),
  });

export const useRedeemableOffersQuery = (redeemAction: RedeemAction) =>
  useQuery(redeemableOffersQuery(redeemAction));

/**
 * The voucher discount waiting for the next credits purchase, if any (one at a time): looked for among the
 * provider's redemptions, newest first, as many as one page holds (the server's most).
 */
export const useWaitingDiscountQuery = () =>
  useQuery({
    queryKey: billingKeys.vouchers(WAITING_DISCOUNT_PAGE),
    queryFn: ({ signal }) => fetchVoucherRedemptions(WAITING_DISCOUNT_PAGE, signal),
    select: (page) => waitingDiscount(page.items),
  });

const WAITING_DISCOUNT_PAGE: HistoryPage = { page: 1, pageSize: 100 };

/**
 * Redeeming a voucher: the balance as it answered, then the balance, the history (a credits voucher's row), the
 * prices (a discount voucher's) and the redemptions (a discount now waiting) asked again.
 */
export const useRedeemVoucherMutation = () =>
  useMutationAction(redeemVoucher, (redeemed, _, client) => {
    client.setQueryData(billingKeys.creditBalance(), redeemed.balance);
    return Promise.all([
      client.invalidateQueries({ queryKey: billingKeys.creditBalance() }),
      client.invalidateQueries({ queryKey: billingKeys.creditHistoryAll() }),
      client.invalidateQueries({ queryKey: billingKeys.creditsPriceAll() }),
      client.invalidateQueries({ queryKey: billingKeys.vouchersAll() }),
    ]);
  });

/**
 * Opening Stripe's customer portal: a new session's link, asked for when the person presses the button (it lives
 * minutes), which the page then goes to. Nothing here changes.
 */
export const useCustomerPortalMutation = () => useMutationAction(fetchCustomerPortalLink);

/** A page of the provider's invoices, newest first. */
export const invoicesQuery = (query: HistoryPage): UseQueryOptions<Page<Invoice>> => ({
  queryKey: billingKeys.invoices(query),
  queryFn: ({ signal }) => fetchInvoices(query, signal),
  placeholderData: keepPreviousData,
});

/** The plan's next invoice (null: nothing upcoming); asked only while a paid plan runs. */
export const useUpcomingInvoiceQuery = (enabled: boolean) =>
  useQuery({
    queryKey: billingKeys.upcomingInvoice(),
    queryFn: ({ signal }) => fetchUpcomingInvoice(signal),
    enabled,
  });

/** A page of the orders the provider's credits paid for, in a period, newest first. */
export const billingOrdersQuery = (query: BillingOrdersQuery): UseQueryOptions<Page<BillingOrder>> => ({
  queryKey: billingKeys.orders(query),
  queryFn: ({ signal }) => fetchBillingOrders(query, signal),
  placeholderData: keepPreviousData,
});
