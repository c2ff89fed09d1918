import { useState } from 'react';
import type { Interval, ProductCode } from '@tourly/contracts';
import { ErrorDisplay } from '../../../../shared/ErrorDisplay';
import { formatDate } from '../../../../shared/format';
import { Modal } from '../../../../shared/Modal';
import type { Subscription } from '../api';
import { useBillingAccountQuery, useLegacySetupMutation, usePlansQuery } from '../queries';
import { billedLabel, isOnFreePlan, planLabel } from '../rules';
import '../billing.css';
import { PlanConfirmation, type Completed } from './PlanConfirmation';
import { PlanGrid } from './PlanGrid';

interface PlanUpgradeModalProps {
  current: Subscription;
  /** On a legacy plan: the free plan is chosen too (legacy_setup), not shown as the current one. */
  legacy?: boolean;
  onClose(): void;
}

type Step = 'selection' | 'confirmation' | 'completed';

/**
 * The plan upgrade modal (000 §2, §4), also the first choice of a plan: loading (the plans, and the billing
 * account for its currency), then plan selection in a large modal, then confirmation; Back returns to the plans,
 * closing cancels. Lazily loaded with Stripe Elements, so provider pages download it only when it opens.
 */
export default function PlanUpgradeModal({ current, legacy = false, onClose }: PlanUpgradeModalProps) {
  const plansQuery = usePlansQuery();
  // Saved from the confirmation step, the account is the cache's: the grid's currency follows it.
  const accountQuery = useBillingAccountQuery();
  const [step, setStep] = useState<Step>('selection');
  // 000 §9: the default selection is yearly; a paying provider starts from its own interval.
  const [interval, setBillingInterval] = useState<Interval>(
    isOnFreePlan(current) ? 'year' : current.interval,
  );
  const [chosen, setChosen] = useState<ProductCode | null>(null);
  const [trial, setTrial] = useState(false);
  const [busy, setBusy] = useState(false);
  const [completed, setCompleted] = useState<Completed | null>(null);
  const chooseFree = useLegacySetupMutation();

  const plans = plansQuery.data;
  const billingAccount = accountQuery.data;
  const loadError = plans && billingAccount ? null : (plansQuery.error ?? accountQuery.error);
  const plan = plans?.find((option) => option.productCode === chosen) ?? null;

  /** The subscription in the cache is up to date by now (the mutations and the confirmation see to it). */
  function done(result: Completed) {
    setCompleted(result);
    setStep('completed');
  }

  let title = 'Choose your plan';
  let body;
  if (loadError) {
    body = <ErrorDisplay error={loadError} />;
  } else if (!plans || !billingAccount) {
    title = 'Loading plans…';
    body = (
      <p className="muted" role="status">
        Loading plans…
      </p>
    );
  } else if (step === 'completed' && completed) {
    title = 'Plan updated';
    body = <CompletedStep completed={completed} onClose={onClose} />;
  } else if (step === 'confirmation') {
    title = 'Confirm your plan';
    body = (
      <PlanConfirmation
        plan={plan}
        trial={trial}
        current={current}
        interval={interval}
        onInterval={setBillingInterval}
        account={billingAccount}
        onBack={() => setStep('selection')}
        onDone={done}
        onBusy={setBusy}
      />
    );
  } else {
    body = (
      <PlanGrid
        plans={plans}
        currency={billingAccount.currency}
        interval={interval}
        onInterval={setBillingInterval}
        current={current}
        legacy={legacy}
        onChoose={async (productCode, withTrial) => {
          if (legacy && productCode === 'free_tier_plan') {
            const outcome = await chooseFree.run({ productCode: 'free_tier_plan', interval: 'year' });
            if (outcome.ok) done({ subscription: outcome.value.subscription, stillUpdating: false });
            return;
          }
          setChosen(productCode);
          setTrial(withTrial);
          setStep('confirmation');
        }}
      />
    );
  }

  return (
    <Modal
      title={title}
      size={step === 'completed' ? 'medium' : 'large'}
      closeDisabled={busy}
      onClose={onClose}
    >
      {step === 'selection' && <ErrorDisplay error={chooseFree.error} />}
      {body}
    </Modal>
  );
}

function CompletedStep({ completed, onClose }: { completed: Completed; onClose(): void }) {
  const { subscription, stillUpdating } = completed;
  const next = subscription.nextProduct;
  return (
    <div className="plan-completed">
      <div className="alert alert-success" role="status">
        {stillUpdating ? (
          <p>Your payment went through. Your plan shows the change in a moment.</p>
        ) : next && next.productCode !== subscription.productCode ? (
          <p>
            {planLabel(next.name, next.productCode, next.interval)} begins on{' '}
            {next.startsAt ? formatDate(next.startsAt) : 'the end of the current period'}.
          </p>
        ) : subscription.status === 'trialing' && subscription.trialEnd ? (
          <p>
            Your {subscription.name} trial has started. It is free until {formatDate(subscription.trialEnd)};
            then the plan is {billedLabel(subscription.interval)} to your card, unless you choose another plan
            before.
          </p>
        ) : subscription.productCode === 'free_tier_plan' ? (
          <p>You are on the Free plan.</p>
        ) : (
          <p>
            You are on the {subscription.name} plan, {billedLabel(subscription.interval)}.
          </p>
        )}
      </div>
      <div className="actions">
        <button type="button" className="button button-primary" onClick={onClose}>
          Done
        </button>
      </div>
    </div>
  );
}
