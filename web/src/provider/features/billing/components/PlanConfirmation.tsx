import { useId, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Interval } from '@tourly/contracts';
import { ApiError } from '../../../../api/errors';
import { askUntil } from '../../../../shared/askUntil';
import { formatMoney } from '../../../../shared/format';
import { MESSAGES } from '../../../../shared/strings';
import {
  fetchSubscription,
  type BillingAccount,
  type PlanOption,
  type PlanSelection,
  type Subscription,
} from '../api';
import { changePreviewQuery, useChangePlanMutation, useSubscriptionChanged } from '../queries';
import {
  DEFAULT_TRIAL_DAYS,
  hasIntervalChoice,
  intervalLabel,
  pricePerMonth,
  pricePerPeriod,
} from '../rules';
import { loadStripeJs } from '../stripe';
import { BillingInformation, isComplete } from './BillingInformation';
import { CardSection } from './CardSection';
import { CouponField } from './CouponField';
import { IntervalToggle } from './IntervalToggle';
import { OrderSummary } from './OrderSummary';

export interface Completed {
  subscription: Subscription;
  /** Paid and confirmed, but billing had not heard from Stripe yet when we stopped waiting. */
  stillUpdating: boolean;
}

interface PlanConfirmationProps {
  plan: PlanOption | null;
  /** The plan's free trial: nothing charged now, the card charged when the trial ends. */
  trial: boolean;
  current: Subscription;
  interval: Interval;
  onInterval(interval: Interval): void;
  /** The billing account as saved (the cache's: saving it here updates it). */
  account: BillingAccount;
  onBack(): void;
  onDone(completed: Completed): void;
  /** True while the change is in progress: the modal cannot be closed meanwhile. */
  onBusy(busy: boolean): void;
}

const COUPON_FIELD = 'servicePlanSubscription.coupon';
/** How the form names the plan change's fields in its error summary. */
const FIELD_LABELS: Record<string, string> = {
  'servicePlanSubscription.paymentMethodId': 'Card',
  [COUPON_FIELD]: 'Coupon code',
  'servicePlanSubscription.interval': 'Billing period',
  'servicePlanSubscription.productCode': 'Plan',
};

/**
 * The confirmation step (000 §2, §4): the current and the new plan with the interval choice, the order summary
 * (refreshed when the interval or the coupon changes), the billing information, the card, the coupon, the form's
 * errors, and Confirm (also in a footer on a phone). Confirming PUTs the plan change: `success` completes;
 * `requires_action` runs Stripe's card confirmation (3-D Secure), then waits for the subscription to show the
 * new plan; failures go to the summary panel in the server's words.
 */
export function PlanConfirmation({
  plan,
  trial,
  current,
  interval,
  onInterval,
  account,
  onBack,
  onDone,
  onBusy,
}: PlanConfirmationProps) {
  const [coupon, setCoupon] = useState<string | null>(null);
  const [cardId, setCardId] = useState<string | null>(null);
  const [billingMessages, setBillingMessages] = useState<string[]>([]);
  const [submitErrors, setSubmitErrors] = useState<string[]>([]);
  const [couponMessages, setCouponMessages] = useState<string[]>([]);
  const [pending, setPending] = useState(false);
  const summaryId = useId();
  const client = useQueryClient();
  const change = useChangePlanMutation();
  const subscriptionChanged = useSubscriptionChanged();

  const currency = account.currency;
  const complete = isComplete(account);
  const needsCard = plan ? pricePerPeriod(plan, currency, interval) > 0 : false;
  const selection = (extra: Partial<PlanSelection> = {}): PlanSelection => ({
    productCode: plan?.productCode,
    interval,
    chargeNow: true,
    coupon: coupon ?? undefined,
    ...(trial && { trial: true }),
    ...extra,
  });

  const preview = useQuery(changePreviewQuery(selection(), currency, complete));

  async function applyCoupon(code: string): Promise<string[] | null> {
    try {
      await client.fetchQuery(changePreviewQuery(selection({ coupon: code }), currency, complete));
      setCoupon(code);
      setCouponMessages([]);
      return null;
    } catch (error) {
      if (error instanceof ApiError && error.messages.length > 0) {
        return error.fields[COUPON_FIELD] ?? error.messages;
      }
      return [MESSAGES.somethingWentWrong];
    }
  }

  async function confirm() {
    setSubmitErrors([]);
    setCouponMessages([]);
    setPending(true);
    onBusy(true);
    try {
      if (!plan) throw new Error(MESSAGES.noSelectedPlan);
      const outcome = await change.run(
        selection({ paymentMethodId: needsCard ? (cardId ?? undefined) : undefined }),
      );
      if (!outcome.ok) throw outcome.error;
      const result = outcome.value;
      if (result.result === 'success') {
        onDone({ subscription: result.subscription, stillUpdating: false });
      } else if (result.result === 'requires_action') {
        const stripe = await loadStripeJs().catch((error: unknown) => {
          console.error('Stripe.js is not available', error);
          return null;
        });
        if (!stripe) throw new Error(MESSAGES.stripeMissing);
        if (!result.clientSecret) throw new Error(MESSAGES.somethingWentWrong);
        const confirmed = await stripe.confirmCardPayment(result.clientSecret);
        if (confirmed.error) {
          console.error('The card payment was not confirmed', confirmed.error);
          setSubmitErrors([confirmed.error.message ?? MESSAGES.somethingWentWrong]);
          // The subscription as the unconfirmed payment left it.
          subscriptionChanged();
          return;
        }
        const changed = await waitForPlan(plan, interval);
        subscriptionChanged(changed ?? undefined);
        onDone({ subscription: changed ?? result.subscription, stillUpdating: changed === null });
      } else {
        throw new Error(MESSAGES.somethingWentWrong);
      }
    } catch (error) {
      const { messages, coupon: couponErrors } = failureMessages(error);
      setSubmitErrors(messages);
      setCouponMessages(couponErrors);
    } finally {
      setPending(false);
      onBusy(false);
    }
  }

  const errors = [...billingMessages, ...submitErrors];
  const blocked = !complete
    ? 'Save your billing information to confirm.'
    : needsCard && !cardId
      ? 'Add a card to pay with to confirm.'
      : null;
  const confirmButton = (
    <button
      type="button"
      className="button button-primary confirm-button"
      disabled={pending || blocked !== null}
      aria-describedby={blocked ? `${summaryId}-blocked` : undefined}
      onClick={confirm}
    >
      {pending ? 'Confirming…' : trial ? 'Start free trial' : 'Confirm'}
    </button>
  );

  return (
    <div className="confirmation">
      <div className="confirmation-main">
        <button
          type="button"
          className="button button-secondary back-button"
          disabled={pending}
          onClick={onBack}
        >
          ← Back to plans
        </button>
        <section className="plan-change" aria-label="Plan change">
          <dl className="details">
            <dt>Current plan</dt>
            <dd>
              {current.name}
              {current.productCode !== 'free_tier_plan' && `, ${intervalLabel(current.interval)}`}
            </dd>
            <dt>New plan</dt>
            <dd>{plan ? `${plan.name}${trial ? `, ${DEFAULT_TRIAL_DAYS}-day free trial` : ''}` : '—'}</dd>
          </dl>
          {plan && hasIntervalChoice(plan, currency) && (
            <>
              <IntervalToggle
                value={interval}
                onChange={onInterval}
                label="Billing period of the new plan"
                disabled={pending}
              />
              <p className="muted">
                {formatMoney(pricePerMonth(plan, currency, interval), currency)} / month
                {interval === 'year' &&
                  `, ${formatMoney(pricePerPeriod(plan, currency, 'year'), currency)} billed annually`}
              </p>
            </>
          )}
        </section>
        <BillingInformation account={account} collapsible onMessages={setBillingMessages} />
        {needsCard && (
          <CardSection
            enabled={complete}
            selected={cardId}
            onSelect={setCardId}
            billingDetails={{ name: account.name, email: account.email }}
          />
        )}
        <section className="coupon-section" aria-label="Coupon">
          <CouponField
            applied={coupon}
            onApply={applyCoupon}
            onRemove={() => setCoupon(null)}
            messages={couponMessages}
            disabled={pending}
          />
        </section>
      </div>
      <aside className="confirmation-side" aria-labelledby={summaryId}>
        <h3 id={summaryId} className="visually-hidden">
          Summary
        </h3>
        <OrderSummary preview={preview.data} error={preview.error} isLoading={preview.isFetching} />
        <FormErrors messages={errors} />
        {blocked && (
          <p id={`${summaryId}-blocked`} className="muted">
            {blocked}
          </p>
        )}
        <div className="only-desktop">{confirmButton}</div>
      </aside>
      <div className="confirm-footer only-mobile">
        {preview.data && (
          <p className="confirm-footer-total">
            Total <strong>{formatMoney(preview.data.totalInCents, preview.data.currency)}</strong>
          </p>
        )}
        {confirmButton}
      </div>
    </div>
  );
}

/** 000 §2: 'The form contains N error(s)', then the errors. */
function FormErrors({ messages }: { messages: string[] }) {
  if (messages.length === 0) return null;
  return (
    <div className="alert alert-error form-errors" role="alert">
      <p className="alert-title">The form contains {messages.length} error(s)</p>
      <ul>
        {messages.map((message, index) => (
          <li key={index}>{message}</li>
        ))}
      </ul>
    </div>
  );
}

/**
 * What a failed plan change says: the server's errors (a coupon's also under its field), or 'Something went
 * wrong. Please try again later.' when it gave none (000 §8); the spec's own errors as they are.
 */
function failureMessages(error: unknown): { messages: string[]; coupon: string[] } {
  if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
    const messages = Object.entries(error.fields).flatMap(([field, list]) =>
      field === 'base'
        ? list
        : list.map((message) => `${FIELD_LABELS[field] ?? humanise(field)} - ${message}`),
    );
    return { messages, coupon: error.fields[COUPON_FIELD] ?? [] };
  }
  const own: string[] = [MESSAGES.noSelectedPlan, MESSAGES.stripeMissing];
  if (error instanceof Error && own.includes(error.message)) return { messages: [error.message], coupon: [] };
  if (!(error instanceof ApiError)) console.error('The plan change failed', error);
  return { messages: [MESSAGES.somethingWentWrong], coupon: [] };
}

function humanise(field: string): string {
  const last = field.split('.').pop() ?? field;
  const words = last.replace(/([A-Z])/g, ' $1').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * After 3-D Secure the payment is confirmed with Stripe, and billing applies the plan when Stripe's webhook
 * arrives: ask again (past the browser's cache) until the subscription shows it, for a while.
 */
function waitForPlan(plan: PlanOption, interval: Interval): Promise<Subscription | null> {
  return askUntil(
    () => fetchSubscription({ fresh: true }),
    (subscription) =>
      subscription?.productCode === plan.productCode &&
      subscription.interval === interval &&
      (subscription.status === 'active' || subscription.status === 'trialing'),
  );
}
