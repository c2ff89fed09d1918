import { useId, useState } from 'react';
import type { Currency, Interval, ProductCode } from '@tourly/contracts';
import { ErrorDisplay } from '../../../../shared/ErrorDisplay';
import { formatDate, formatMoney } from '../../../../shared/format';
import { Modal } from '../../../../shared/Modal';
import type { PlanOption, Subscription } from '../api';
import { useChangePlanMutation, useDowngradeReviewQuery } from '../queries';
import { hasIntervalChoice, lowerPlans, planLabel, premiumTourLimitOf, pricePerMonth } from '../rules';
import { IntervalToggle } from './IntervalToggle';

interface DowngradeModalProps {
  current: Subscription;
  plans: PlanOption[];
  currency: Currency;
  onClose(): void;
  /** The change is scheduled (and the subscription showing it is in the cache). */
  onScheduled(): void;
}

/**
 * The downgrade modal (000 §2, §4): choose a lower plan, review what it stops and on which day (billing's preview:
 * every tour that stops being shared and every website that stops being published on a plan that does not publish,
 * the oldest premium tours beyond its limit that turn basic, as things stand today), then confirm. The change waits
 * for the end of the current period (a schedule billing can still cancel).
 */
export function DowngradeModal({ current, plans, currency, onClose, onScheduled }: DowngradeModalProps) {
  const options = lowerPlans(plans, current);
  const [chosen, setChosen] = useState<ProductCode | null>(options.at(-1)?.productCode ?? null);
  const [interval, setBillingInterval] = useState<Interval>(current.interval);
  const [reviewing, setReviewing] = useState(false);
  const change = useChangePlanMutation();
  const groupId = useId();
  const plan = options.find((option) => option.productCode === chosen) ?? null;

  async function confirm() {
    if (!plan) return;
    const outcome = await change.run({ productCode: plan.productCode, interval, chargeNow: false });
    if (outcome.ok) onScheduled();
  }

  return (
    <Modal title="Downgrade your plan" closeDisabled={change.isPending} onClose={onClose}>
      {!reviewing || !plan ? (
        <div className="downgrade-choose">
          <fieldset className="field" aria-labelledby={groupId}>
            <legend id={groupId} className="field-label">
              Move to
            </legend>
            {options.map((option) => (
              <label key={option.productCode} className="check">
                <input
                  type="radio"
                  name={`${groupId}-plan`}
                  checked={chosen === option.productCode}
                  onChange={() => setChosen(option.productCode)}
                />
                <span>
                  {option.name}{' '}
                  <span className="muted">
                    · {formatMoney(pricePerMonth(option, currency, interval), currency)} / month ·{' '}
                    {option.description}
                  </span>
                </span>
              </label>
            ))}
          </fieldset>
          {plan && hasIntervalChoice(plan, currency) && (
            <IntervalToggle
              value={interval}
              onChange={setBillingInterval}
              label="Billing period of the new plan"
            />
          )}
          <div className="actions">
            <button
              type="button"
              className="button button-primary"
              disabled={!plan}
              onClick={() => setReviewing(true)}
            >
              Continue
            </button>
            <button type="button" className="button button-secondary" onClick={onClose}>
              Keep my plan
            </button>
          </div>
        </div>
      ) : (
        <DowngradeReview
          current={current}
          plan={plan}
          interval={interval}
          error={change.error}
          isPending={change.isPending}
          onBack={() => setReviewing(false)}
          onConfirm={confirm}
        />
      )}
    </Modal>
  );
}

function DowngradeReview({
  current,
  plan,
  interval,
  error,
  isPending,
  onBack,
  onConfirm,
}: {
  current: Subscription;
  plan: PlanOption;
  interval: Interval;
  error: unknown;
  isPending: boolean;
  onBack(): void;
  onConfirm(): void;
}) {
  const limit = premiumTourLimitOf(plan);
  const review = useDowngradeReviewQuery({ productCode: plan.productCode, interval, chargeNow: false });
  const withdrawals = review.data?.withdrawals ?? null;
  const startsAt = withdrawals?.at ?? review.data?.startsAt ?? current.currentPeriodEnd;
  const on = startsAt ? `on ${formatDate(startsAt)}` : 'at the end of the current period';
  const unshared = withdrawals?.toursUnshared ?? [];
  const websites = withdrawals?.websitesUnpublished ?? [];
  const turningBasic = withdrawals?.toursTurningBasic ?? [];
  const nothing = unshared.length === 0 && websites.length === 0 && turningBasic.length === 0;
  return (
    <div className="downgrade-review">
      <p>
        <strong>{planLabel(plan.name, plan.productCode, interval)}</strong> begins {on}. Until then you keep{' '}
        {current.name} and everything it includes.
      </p>
      {review.error ? (
        <ErrorDisplay error={review.error} />
      ) : review.isFetching ? (
        <p className="muted" role="status">
          Checking your tours and websites…
        </p>
      ) : nothing ? (
        <p>Your tours and websites stay as they are: you have no more than the new plan includes.</p>
      ) : (
        <>
          {unshared.length > 0 && (
            <section aria-labelledby="downgrade-unshared">
              <h3 id="downgrade-unshared">
                {unshared.length === 1
                  ? `This tour stops being shared ${on}`
                  : `These ${unshared.length} tours stop being shared ${on}`}
              </h3>
              <p className="muted">
                {plan.name} does not include sharing tours: their links stop working. Nothing is deleted, and
                you can share them again on a paid plan.
              </p>
              <ul className="downgrade-tours">
                {unshared.map((tour) => (
                  <li key={tour.propertyId}>{tour.title}</li>
                ))}
              </ul>
            </section>
          )}
          {websites.length > 0 && (
            <section aria-labelledby="downgrade-websites">
              <h3 id="downgrade-websites">
                {websites.length === 1
                  ? `This website stops being published ${on}`
                  : `These ${websites.length} websites stop being published ${on}`}
              </h3>
              <ul className="downgrade-tours">
                {websites.map((website) => (
                  <li key={website.propertyId}>{website.title}</li>
                ))}
              </ul>
            </section>
          )}
          {turningBasic.length > 0 && (
            <section aria-labelledby="downgrade-tours">
              <h3 id="downgrade-tours">
                {turningBasic.length === 1
                  ? 'This premium tour turns basic'
                  : `These ${turningBasic.length} premium tours turn basic`}
              </h3>
              <p className="muted">
                {plan.name} includes {limit === 0 ? 'no premium tours' : `${limit} premium tours`}: the oldest
                premium tours beyond that become basic tours {on} (as things stand today).
              </p>
              <ul className="downgrade-tours">
                {turningBasic.map((tour) => (
                  <li key={tour.propertyId}>
                    {tour.title}
                    <span className="muted"> · premium since {formatDate(tour.premiumSince)}</span>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </>
      )}
      <ErrorDisplay error={error} />
      <div className="actions">
        <button
          type="button"
          className="button button-danger"
          disabled={isPending || review.isFetching || Boolean(review.error)}
          onClick={onConfirm}
        >
          Confirm downgrade
        </button>
        <button type="button" className="button button-secondary" disabled={isPending} onClick={onBack}>
          Back
        </button>
      </div>
    </div>
  );
}
