import type { ProviderRecord } from '../types';
import { BillingAccountSection } from './BillingAccountSection';
import { PricingSection } from './PricingSection';
import { SubscriptionSection } from './SubscriptionSection';

/**
 * The provider's billing (000 §7 "Admin billing"): its billing account, the negotiated discount on its plan, and its
 * plan subscription, each read and changed by the administrator. Pricing and plan changes are asked about first.
 */
export function BillingTab({ provider }: { provider: ProviderRecord }) {
  return (
    <>
      <BillingAccountSection provider={provider} />
      <PricingSection provider={provider} />
      <SubscriptionSection provider={provider} />
    </>
  );
}
