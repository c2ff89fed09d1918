import { Link } from 'react-router';
import { LEGACY_PLAN_CUTOFF } from '@tourly/contracts';
import { formatDate } from '../../../../shared/format';
import { MESSAGES } from '../../../../shared/strings';
import { useBilling } from '../BillingContext';
import { BILLING_PATH } from '../paths';
import {
  bannerOf,
  billedLabel,
  legacyDaysLeft,
  PAYMENT_WINDOW_DAYS,
  pluralDays,
  trialDaysLeft,
} from '../rules';

/**
 * The banner at the top of every provider page (000 §2, §4): the trial with its days left, a failed payment
 * (past_due or unpaid) with the 14 days to pay, or the free plan's limits. Only those who manage billing get the
 * upgrade button and the link to the billing details; the others are told whom to ask. Quiet while the
 * subscription loads or when it cannot be read.
 */
export function SubscriptionBanner() {
  const { subscription, legacy, permissions, canManageBilling, openUpgrade } = useBilling();
  if (!subscription || !permissions) return null;
  const kind = legacy ? 'legacy' : bannerOf(subscription);
  if (!kind) return null;
  const trialEnd = subscription.trialEnd ?? subscription.currentPeriodEnd;

  const upgrade = canManageBilling ? (
    <button type="button" className="button button-primary" onClick={openUpgrade}>
      Upgrade
    </button>
  ) : (
    <p className="plan-banner-aside">Ask an admin of your account to upgrade.</p>
  );

  return (
    <section className={`plan-banner plan-banner-${kind}`} aria-label="Plan notice">
      <div className="plan-banner-inner">
        {kind === 'legacy' && (
          <>
            <p className="plan-banner-text">
              Your account is on a legacy plan: <strong>{pluralDays(legacyDaysLeft())}</strong> left to choose
              a plan (legacy plans ended on {formatDate(LEGACY_PLAN_CUTOFF)}). Choose the Free plan or a paid
              one to go on.
            </p>
            {canManageBilling ? (
              <button type="button" className="button button-primary" onClick={openUpgrade}>
                Choose a plan
              </button>
            ) : (
              <p className="plan-banner-aside">Ask an admin of your account to choose a plan.</p>
            )}
          </>
        )}
        {kind === 'trial' && (
          <>
            <p className="plan-banner-text">
              Your {subscription.name} trial ends in{' '}
              <strong>{pluralDays(trialDaysLeft(subscription))}</strong>
              {trialEnd && <>, on {formatDate(trialEnd)}</>}. Then the plan is{' '}
              {billedLabel(subscription.interval)} to your card, unless you choose another one before.
            </p>
            {upgrade}
          </>
        )}
        {kind === 'payment_failed' && (
          <>
            <p className="plan-banner-text">
              <strong>{MESSAGES.paymentProblem}.</strong> Please pay within {PAYMENT_WINDOW_DAYS} days to keep
              your premium features.
            </p>
            {canManageBilling ? (
              <Link className="button button-primary" to={BILLING_PATH}>
                Update billing details
              </Link>
            ) : (
              <p className="plan-banner-aside">Ask an admin of your account to update the billing details.</p>
            )}
          </>
        )}
        {kind === 'free_plan' && (
          <>
            <p className="plan-banner-text">
              You are on the <strong>Free plan</strong>: build and preview tours as you like. Publishing and
              sharing them come with a paid plan.
            </p>
            {upgrade}
          </>
        )}
      </div>
    </section>
  );
}
