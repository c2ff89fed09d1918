import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { ConsoleDataProvider } from '../../dataProvider';

// The provider's billing as the Billing tab reads it: one key per record, so a change puts its answer in place and
// what depends on it is read again.

export const billingAccountKey = (providerId: string) => ['providers', 'billingAccount', providerId];
export const planSubscriptionKey = (providerId: string) => ['providers', 'planSubscription', providerId];

/** GET /admin/providers/{id}/billing_account */
export function useBillingAccount(providerId: string) {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  return useQuery({
    queryKey: billingAccountKey(providerId),
    queryFn: ({ signal }) => dataProvider.billingAccount(providerId, signal),
  });
}

/** GET /admin/providers/{id}/service_plan_subscription */
export function usePlanSubscription(providerId: string) {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  return useQuery({
    queryKey: planSubscriptionKey(providerId),
    queryFn: ({ signal }) => dataProvider.planSubscription(providerId, signal),
  });
}
