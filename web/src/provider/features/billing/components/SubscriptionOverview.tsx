import type { SubscriptionStatus } from '@tourly/contracts';
import { ErrorDisplay } from '../../../../shared/ErrorDisplay';
import { formatDate, formatMoney } from '../../../../shared/format';
import type { Subscription } from '../api';
import { useBilling } from '../BillingContext';
import { useCancelScheduledChangeMutation, useUpcomingInvoiceQuery } from '../queries';
import { isOnFreePlan, planLabel, pluralDays, trialDaysLeft } from '../rules';

const STATUS: Record<SubscriptionStatus, { label: string; badge: string }> = {
  active: { label: 'Active', badge: 'badge-success' },
  trialing: { label: 'Trial', badge: 'badge-progress' },
  past_due: { label: 'Payment failed', badge: 'badge-danger' },
  unpaid: { label: 'Unpaid', badge: 'badge-danger' },
  incomplete: { label: 'Waiting for payment', badge: 'badge-progress' },
  incomplete_expired: { label: 'Payment not completed', badge: 'badge-neutral' },
  canceled: { label: 'Cancelled', badge: 'badge-neutral' },
};

interface SubscriptionOverviewProps {
  subscription: Subscription;
  onUpgrade?(): void;
  onDowngrade?(): void;
  /** A plan set to end at the period end can be renewed (the renew modal). */
  onRenew?(): void;
  /** What the last change did ('Your Starter (monthly) plan renews on ...'), said once. */
  notice?: string;
}

/**
 * The subscription (000 §2, §4): the plan, its status, the trial's days left, when it renews or ends, the next
 * invoice's amount and date (Stripe's preview: a scheduled plan's price, discounts and credit applied), and a
 * scheduled change ('begins on <date>') that can be cancelled (POST cancel_subscription_schedules). A plan set to
 * end at the period end (billing's way to the free plan) says when it ends and what follows, with "Renew plan".
 */
export function SubscriptionOverview({
  subscription,
  onUpgrade,
  onDowngrade,
  onRenew,
  notice,
}: SubscriptionOverviewProps) {
  const cancel = useCancelScheduledChangeMutation();
  const { legacy } = useBilling();
  const free = isOnFreePlan(subscription);
  // The free plan is what a provider is on once a paid plan ended (cancelled, or its first payment never made):
  // that plan is running, whatever became of the subscription before it.
  const status = subscription.productCode === 'free_tier_plan' ? STATUS.active : STATUS[subscription.status];
  const next = subscription.nextProduct;
  const periodEnd = subscription.currentPeriodEnd;
  // A plan that renews has a next invoice; one that ends at the period end, or the free plan, has none.
  const upcoming = useUpcomingInvoiceQuery(!legacy && !free && !subscription.cancelAtPeriodEnd).data;

  return (
    <section className="card" aria-labelledby="billing-subscription">
      <h2 id="billing-subscription">Subscription</h2>
      {notice && (
        <p className="alert alert-success" role="status">
          {notice}
        </p>
      )}
      <dl className="details">
        <dt>Plan</dt>
        <dd>
          {legacy
            ? 'Legacy plan'
            : free
              ? 'Free'
              : planLabel(subscription.name, subscription.productCode, subscription.interval)}
        </dd>
        <dt>Status</dt>
        <dd>
          {legacy ? (
            <span className="badge badge-danger">No plan chosen</span>
          ) : (
            <span className={`badge ${status.badge}`}>{status.label}</span>
          )}
        </dd>
        {subscription.status === 'trialing' && (
          <>
            <dt>Trial</dt>
            <dd>
              {pluralDays(trialDaysLeft(subscription))} left
              {subscription.trialEnd && `, ends on ${formatDate(subscription.trialEnd)}`}
            </dd>
          </>
        )}
        {!free && periodEnd && (
          <>
            <dt>{subscription.cancelAtPeriodEnd ? 'Ends on' : 'Renews on'}</dt>
            <dd>{formatDate(periodEnd)}</dd>
          </>
        )}
        {!free && !subscription.cancelAtPeriodEnd && upcoming && (
          <>
            <dt>Next invoice</dt>
            <dd>
              {formatMoney(upcoming.amountDueInCents, upcoming.currency)} on {formatDate(upcoming.date)}
            </dd>
          </>
        )}
      </dl>
      {subscription.cancelAtPeriodEnd && !free ? (
        <div className="alert alert-info scheduled-change">
          <p>
            Your{' '}
            <strong>{planLabel(subscription.name, subscription.productCode, subscription.interval)}</strong>{' '}
            plan ends on {periodEnd ? formatDate(periodEnd) : 'the end of the current period'}. After that you
            are on the Free plan.
          </p>
          {onRenew && (
            <div className="actions">
              <button type="button" className="button button-primary" onClick={onRenew}>
                Renew plan
              </button>
            </div>
          )}
        </div>
      ) : (
        next && (
          <div className="alert alert-info scheduled-change">
            <p>
              <strong>{planLabel(next.name, next.productCode, next.interval)}</strong> begins on{' '}
              {next.startsAt ? formatDate(next.startsAt) : 'the end of the current period'}.
            </p>
            <ErrorDisplay error={cancel.error} />
            <div className="actions">
              <button
                type="button"
                className="button button-secondary"
                disabled={cancel.isPending}
                onClick={() => void cancel.run()}
              >
                Cancel scheduled change
              </button>
            </div>
          </div>
        )
      )}
      {(onUpgrade || onDowngrade) && (
        <div className="actions">
          {onUpgrade && (
            <button type="button" className="button button-primary" onClick={onUpgrade}>
              {free ? 'Choose a plan' : 'Upgrade plan'}
            </button>
          )}
          {onDowngrade && (
            <button type="button" className="button button-secondary" onClick={onDowngrade}>
              Downgrade
            </button>
          )}
        </div>
      )}
    </section>
  );
}
