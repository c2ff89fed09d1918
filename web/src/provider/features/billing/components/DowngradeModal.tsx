import { useId, useState } from 'react';
import type { Currency, Interval, ProductCode } from '@tourly/contracts';
import { ErrorDisplay } from '../../../../shared/ErrorDisplay';
import { formatDate, formatMoney } from '../../../../shared/format';
import { Modal } from '../../../../shared/Modal';
import type { PlanOption, Subscription } from '../api';
import { useChangePlanMutation, useDeactivationPreviewQuery } from '../queries';
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
 * The downgrade modal (000 §2, §4): choose a lower plan, see which premium tours will turn basic when it begins
 * (the oldest beyond its limit, as the properties service would pick them today), then confirm. The change waits
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
  const preview = useDeactivationPreviewQuery(limit);
  const startsAt = current.currentPeriodEnd;
  const tours = preview.data?.tours ?? [];
  return (
    <div className="downgrade-review">
      <p>
        <strong>{planLabel(plan.name, plan.productCode, interval)}</strong> begins on{' '}
        {startsAt ? formatDate(startsAt) : 'the end of the current period'}. Until then you keep{' '}
        {current.name} and everything it includes.
      </p>
      {preview.error ? (
        <ErrorDisplay error={preview.error} />
      ) : preview.isFetching ? (
        <p className="muted" role="status">
          Checking your premium tours…
        </p>
      ) : tours.length === 0 ? (
        <p>All your premium tours stay premium: you have no more than the new plan includes.</p>
      ) : (
        <section aria-labelledby="downgrade-tours">
          <h3 id="downgrade-tours">
            {tours.length === 1
              ? 'This premium tour turns basic'
              : `These ${tours.length} premium tours turn basic`}
          </h3>
          <p className="muted">
            {plan.name} includes {limit === 0 ? 'no premium tours' : `${limit} premium tours`}: the oldest
            premium tours beyond that become basic tours when it begins (as things stand today).
          </p>
          <ul className="downgrade-tours">
            {tours.map((tour) => (
              <li key={tour.id}>
                {tour.title}
                {tour.premiumSince && (
                  <span className="muted"> · premium since {formatDate(tour.premiumSince)}</span>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
      <ErrorDisplay error={error} />
      <div className="actions">
        <button
          type="button"
          className="button button-danger"
          disabled={isPending || preview.isFetching}
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
