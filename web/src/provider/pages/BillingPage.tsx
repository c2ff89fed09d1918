import { useState } from 'react';
import { PROBLEM_SUBSCRIPTION_STATUSES } from '@tourly/contracts';
import { ErrorDisplay } from '../../shared/ErrorDisplay';
import { Loading } from '../../shared/Loading';
import type { Subscription } from '../features/billing/api';
import { useBilling } from '../features/billing/BillingContext';
import '../features/billing/billing.css';
import { BillingGate } from '../features/billing/components/BillingGate';
import { BillingInformation, isComplete } from '../features/billing/components/BillingInformation';
import { BillingOrdersSection } from '../features/billing/components/BillingOrdersSection';
import { CardsSection } from '../features/billing/components/CardsSection';
import { CreditHistorySection } from '../features/billing/components/CreditHistorySection';
import { CreditsSection } from '../features/billing/components/CreditsSection';
import { DowngradeModal } from '../features/billing/components/DowngradeModal';
import { InvoicesSection } from '../features/billing/components/InvoicesSection';
import { PayNowSection } from '../features/billing/components/PayNowSection';
import { PremiumToursSection } from '../features/billing/components/PremiumToursSection';
import { RenewModal } from '../features/billing/components/RenewModal';
import { SubscriptionOverview } from '../features/billing/components/SubscriptionOverview';
import { TestClockPanel } from '../features/billing/components/TestClockPanel';
import {
  useAdvanceTestClockMutation,
  useBillingAccountQuery,
  usePlansQuery,
  useTestClockQuery,
} from '../features/billing/queries';
import { MerchantAccountSection } from '../features/hostingFees/components/MerchantAccountSection';
import { canUpgrade, lowerPlans, renewedMessage } from '../features/billing/rules';

/**
 * `/provider/billing`, accounts and billing (000 §2): the subscription with its scheduled change, the plan
 * upgrade, downgrade and renew modals, the credits (the balance, a waiting voucher discount, the credit purchase
 * modal, vouchers, the way to the credits page), the cards, the billing account, the invoices (and Stripe's
 * customer portal), the merchant account its clients pay hosting fees into (with its tax rates), the premium tours (those of the plan and those paid separately), the credit history, the orders
 * paid with credits (and their CSV) and, in test mode, the test clock. Only those who manage billing (GET /provider/permissions/account: the provider's
 * admins) see it.
 */
export default function BillingPage() {
  const { refresh, openUpgrade } = useBilling();
  return (
    <BillingGate title="Accounts and billing">
      {(subscription) => (
        <div className="page billing-page">
          <h1>Accounts and billing</h1>
          <BillingSections
            subscription={subscription}
            onUpgrade={openUpgrade}
            onClockMoved={() => void refresh()}
          />
        </div>
      )}
    </BillingGate>
  );
}

function BillingSections({
  subscription,
  onUpgrade,
  onClockMoved,
}: {
  subscription: Subscription;
  onUpgrade(): void;
  onClockMoved(): void;
}) {
  const plansQuery = usePlansQuery();
  const accountQuery = useBillingAccountQuery();
  const testClock = useTestClockQuery();
  const advanceTestClock = useAdvanceTestClockMutation();
  const [downgrading, setDowngrading] = useState(false);
  const [renewing, setRenewing] = useState(false);
  const [renewed, setRenewed] = useState('');
  const [paidNow, setPaidNow] = useState(false);

  const plans = plansQuery.data;
  const account = accountQuery.data;
  if (!plans || !account) {
    const error = plansQuery.error ?? accountQuery.error;
    return error ? <ErrorDisplay error={error} /> : <Loading />;
  }

  return (
    <>
      {PROBLEM_SUBSCRIPTION_STATUSES.includes(subscription.status) && (
        <PayNowSection
          subscription={subscription}
          billingDetails={{ name: account.name, email: account.email }}
          onPaid={() => setPaidNow(true)}
        />
      )}
      {paidNow && !PROBLEM_SUBSCRIPTION_STATUSES.includes(subscription.status) && (
        <p className="alert alert-success" role="status">
          Paid. Your {subscription.name} plan is active again.
        </p>
      )}
      <SubscriptionOverview
        subscription={subscription}
        onUpgrade={canUpgrade(plans, subscription) ? onUpgrade : undefined}
        onDowngrade={
          lowerPlans(plans, subscription).length > 0 && !subscription.cancelAtPeriodEnd
            ? () => setDowngrading(true)
            : undefined
        }
        onRenew={() => {
          setRenewed('');
          setRenewing(true);
        }}
        notice={renewed && !subscription.cancelAtPeriodEnd ? renewed : undefined}
      />
      {renewing && subscription.cancelAtPeriodEnd && (
        <RenewModal
          subscription={subscription}
          plans={plans}
          currency={account.currency}
          onClose={() => setRenewing(false)}
          onRenewed={(renewedPlan) => {
            setRenewing(false);
            setRenewed(renewedMessage(renewedPlan));
          }}
        />
      )}
      <CreditsSection />
      {downgrading && (
        <DowngradeModal
          current={subscription}
          plans={plans}
          currency={account.currency}
          onClose={() => setDowngrading(false)}
          onScheduled={() => setDowngrading(false)}
        />
      )}
      <CardsSection
        canAddCards={isComplete(account)}
        billingDetails={{ name: account.name, email: account.email }}
      />
      <div className="card">
        <BillingInformation account={account} headingLevel="h2" />
      </div>
      <InvoicesSection portal={isComplete(account)} />
      <MerchantAccountSection />
      <PremiumToursSection />
      <CreditHistorySection />
      <BillingOrdersSection />
      <TestClockPanel
        clock={testClock}
        advance={advanceTestClock}
        notStarted="The clock starts when you save your billing information."
        onAdvanced={onClockMoved}
      >
        Test mode: your account has a clock of its own at Stripe. Move it forward to see a renewal, the end of
        a trial or a scheduled plan change happen.
      </TestClockPanel>
    </>
  );
}
