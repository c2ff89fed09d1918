import { useId } from 'react';
import type { Currency, Interval, ProductCode } from '@tourly/contracts';
import { formatMoney } from '../../../../shared/format';
import type { PlanOption, Subscription } from '../api';
import {
  choiceOf,
  DEFAULT_TRIAL_DAYS,
  offersTrial,
  pricePerMonth,
  pricePerPeriod,
  visiblePlans,
} from '../rules';
import { IntervalToggle } from './IntervalToggle';

export const SUPPORT_EMAIL = 'support@tourly.com';

interface PlanGridProps {
  plans: PlanOption[];
  currency: Currency;
  interval: Interval;
  onInterval(interval: Interval): void;
  current: Subscription;
  /** On a legacy plan the free plan is one to choose, not the current one. */
  legacy?: boolean;
  /** `trial`: the plan's free trial rather than paying now. */
  onChoose(productCode: ProductCode, trial: boolean): void;
}

/**
 * Plan selection (000 §2): the monthly/annual switch, then one card per plan from the current tier up, with its
 * price per month in the account's currency (annual: the annual price / 12, rounded), its tours and features.
 * The current plan's button is disabled; the footer points to support.
 */
export function PlanGrid({
  plans,
  currency,
  interval,
  onInterval,
  current,
  legacy = false,
  onChoose,
}: PlanGridProps) {
  return (
    <div className="plan-selection">
      <IntervalToggle value={interval} onChange={onInterval} />
      <ul className="plan-grid">
        {visiblePlans(plans, current).map((plan) => (
          <li key={plan.productCode}>
            <PlanCard
              plan={plan}
              currency={currency}
              interval={interval}
              current={current}
              legacy={legacy}
              onChoose={(trial) => onChoose(plan.productCode, trial)}
            />
          </li>
        ))}
      </ul>
      <p className="plan-support">
        Not sure which plan fits? <a href={`mailto:${SUPPORT_EMAIL}`}>Contact support</a>
      </p>
    </div>
  );
}

function PlanCard({
  plan,
  currency,
  interval,
  current,
  legacy,
  onChoose,
}: {
  plan: PlanOption;
  currency: Currency;
  interval: Interval;
  current: Subscription;
  legacy: boolean;
  onChoose(trial: boolean): void;
}) {
  const nameId = useId();
  // On a legacy plan no plan is current: each one is a choice, the free one included.
  const choice = legacy ? 'upgrade' : choiceOf(plan, interval, current);
  const trial = choice !== 'current' && offersTrial(plan, current);
  const free = plan.prices[currency].monthly === 0;
  return (
    <article
      className={`plan-card${choice === 'current' ? ' plan-card-current' : ''}`}
      aria-labelledby={nameId}
    >
      <h3 id={nameId}>{plan.name}</h3>
      <p className="plan-description">{plan.description}</p>
      <p className="plan-price">
        <strong>{formatMoney(pricePerMonth(plan, currency, interval), currency)}</strong>
        <span className="muted"> / month</span>
      </p>
      {interval === 'year' && !free && (
        <p className="muted plan-price-note">
          {formatMoney(pricePerPeriod(plan, currency, 'year'), currency)} billed annually
        </p>
      )}
      <dl className="plan-facts">
        <dt>Free tours</dt>
        <dd>{plan.freeTours === null ? 'Unlimited' : plan.freeTours}</dd>
        <dt>Tour type</dt>
        <dd>{plan.toursType === 'premium' ? 'Premium' : 'Basic'}</dd>
      </dl>
      <ul className="plan-features">
        {plan.packageList.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
      {choice === 'current' ? (
        <button type="button" className="button button-secondary" disabled>
          Current plan
        </button>
      ) : trial ? (
        <>
          <p className="plan-trial-note">
            Free for {DEFAULT_TRIAL_DAYS} days, then{' '}
            {formatMoney(pricePerPeriod(plan, currency, interval), currency)}{' '}
            {interval === 'year' ? 'a year' : 'a month'}. Cancel before the trial ends and nothing is charged.
          </p>
          <button
            type="button"
            className="button button-primary"
            aria-label={`Start the ${DEFAULT_TRIAL_DAYS}-day free trial of ${plan.name}`}
            onClick={() => onChoose(true)}
          >
            Start {DEFAULT_TRIAL_DAYS}-day free trial
          </button>
          <button
            type="button"
            className="button button-secondary"
            aria-label={`Upgrade to ${plan.name} without the trial`}
            onClick={() => onChoose(false)}
          >
            Upgrade without the trial
          </button>
        </>
      ) : (
        <button type="button" className="button button-primary" onClick={() => onChoose(false)}>
          {legacy ? `Choose ${plan.name}` : choice === 'upgrade' ? 'Upgrade' : 'Switch to monthly'}
        </button>
      )}
    </article>
  );
}
