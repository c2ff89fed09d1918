import type { Currency } from '@tourly/contracts';
import { ErrorDisplay } from '../../../../shared/ErrorDisplay';
import { formatDate, formatMoney } from '../../../../shared/format';
import { Modal } from '../../../../shared/Modal';
import type { PlanOption, Subscription } from '../api';
import { useCancelScheduledChangeMutation, useCardsQuery } from '../queries';
import { perIntervalLabel, planLabel, pricePerPeriod } from '../rules';
import { cardName } from './CardSection';

interface RenewModalProps {
  /** A paid plan set to end at the end of its period (`cancelAtPeriodEnd`). */
  subscription: Subscription;
  plans: PlanOption[];
  currency: Currency;
  onClose(): void;
  /** The plan renews again (the subscription saying so is in the cache). */
  onRenewed(subscription: Subscription): void;
}

/**
 * The renew modal (000 §2): a plan set to end at the period end renews instead. It says which plan, when, at what
 * price (the plan grid's, in the account's currency and the plan's interval) and on which card (the default one,
 * which Stripe charges at renewals); "Renew" takes the end back (POST cancel_subscription_schedules), "Keep it
 * ending" closes it.
 */
export function RenewModal({ subscription, plans, currency, onClose, onRenewed }: RenewModalProps) {
  const renew = useCancelScheduledChangeMutation();
  const cards = useCardsQuery();
  const plan = plans.find((option) => option.productCode === subscription.productCode);
  const label = planLabel(subscription.name, subscription.productCode, subscription.interval);
  const date = subscription.currentPeriodEnd ? formatDate(subscription.currentPeriodEnd) : null;
  const defaultCard = cards.data?.find((card) => card.isDefault);

  async function confirm() {
    const outcome = await renew.run();
    if (outcome.ok) onRenewed(outcome.value);
  }

  return (
    <Modal title="Renew your plan" closeDisabled={renew.isPending} onClose={onClose}>
      <p>
        Your <strong>{label}</strong> plan is set to end{date ? ` on ${date}` : ' at the end of this period'}.
        Renew it to keep it: it then renews on that date and every {subscription.interval} after.
      </p>
      <dl className="details renew-details">
        <dt>Plan</dt>
        <dd>{label}</dd>
        <dt>Renews on</dt>
        <dd>{date ?? 'The end of the current period'}</dd>
        {plan && (
          <>
            <dt>Price</dt>
            <dd>
              {formatMoney(pricePerPeriod(plan, currency, subscription.interval), currency)}{' '}
              {perIntervalLabel(subscription.interval)}
            </dd>
          </>
        )}
        <dt>Charged to</dt>
        <dd>
          {defaultCard
            ? `${cardName(defaultCard)}, your default card`
            : cards.data
              ? 'Your default card: you have none yet, add one under Cards before then'
              : 'Your default card'}
        </dd>
      </dl>
      <ErrorDisplay error={renew.error} />
      <div className="actions">
        <button
          type="button"
          className="button button-primary"
          disabled={renew.isPending}
          onClick={() => void confirm()}
        >
          {renew.isPending ? 'Renewing…' : 'Renew'}
        </button>
        <button
          type="button"
          className="button button-secondary"
          disabled={renew.isPending}
          onClick={onClose}
        >
          Keep it ending
        </button>
      </div>
    </Modal>
  );
}
