import { useState } from 'react';
import { ApiError } from '../../../../api/errors';
import { ErrorDisplay } from '../../../../shared/ErrorDisplay';
import { formatMoney } from '../../../../shared/format';
import { Modal } from '../../../../shared/Modal';
import { MESSAGES } from '../../../../shared/strings';
import '../../billing/billing.css';
import { BillingInformation, isComplete } from '../../billing/components/BillingInformation';
import { CardSection } from '../../billing/components/CardSection';
import { useBillingAccountQuery } from '../../billing/queries';
import { loadStripeJs } from '../../billing/stripe';
import { usePayAndPublishMutation } from '../queries';
import {
  publish,
  withoutPayment,
  type Price,
  type Property,
  type PublishedFeatures,
  type PublishPreview,
  type PublishRequest,
} from '../api';

export const PAYMENT_NOT_CONFIRMED =
  'The payment was not confirmed. Please try again, or choose another card.';

/** A card problem told in the card payment provider's or the issuer's words: shown in a warning block. */
class CardProblem extends Error {
  override readonly name = 'CardProblem';
  constructor(readonly messages: string[]) {
    super(messages.join('\n'));
  }
}

/**
 * Pays for this premium tour on its own and publishes it: PUT published_features with the card. When the card
 * asks for 3-D Secure (`requires_action`), Stripe.js confirms the payment in its window, then the same PUT again
 * completes it.
 */
async function payAndPublish(propertyId: string, request: PublishRequest): Promise<Property> {
  let result = await publish(propertyId, request);
  if (result.payment?.result === 'requires_action') {
    const stripe = await loadStripeJs().catch((error: unknown) => {
      console.error('Stripe.js is not available', error);
      return null;
    });
    if (!stripe) throw new CardProblem([MESSAGES.stripeMissing]);
    const confirmed = await stripe.confirmCardPayment(result.payment.clientSecret ?? '');
    if (confirmed.error) {
      console.error('The card payment was not confirmed', confirmed.error);
      throw new CardProblem([confirmed.error.message ?? PAYMENT_NOT_CONFIRMED]);
    }
    result = await publish(propertyId, request);
    if (result.payment?.result === 'requires_action') throw new CardProblem([PAYMENT_NOT_CONFIRMED]);
  }
  return withoutPayment(result);
}

interface PayAndPublishModalProps {
  property: Property;
  features: Partial<PublishedFeatures>;
  preview: PublishPreview;
  price: Price;
  onPaid(property: Property): void;
  onClose(): void;
}

/**
 * The pay-and-publish modal (000 §2): the plan's premium tours are all in use, so this one is paid for on its
 * own, monthly. The price, the card (a saved one, or a new one through Stripe's card element), "Make this my
 * default card", and Pay. A card the issuer declines (402) says why in the issuer's words, here.
 */
export default function PayAndPublishModal({
  property,
  features,
  preview,
  price,
  onPaid,
  onClose,
}: PayAndPublishModalProps) {
  const loaded = useBillingAccountQuery();
  const [cardId, setCardId] = useState<string | null>(null);
  const [makeDefault, setMakeDefault] = useState(false);
  const pay = usePayAndPublishMutation(payAndPublish);
  const account = loaded.data;
  const amount = `${formatMoney(price.amountInCents, price.currency)} / month`;

  async function confirm() {
    if (!cardId) return;
    const outcome = await pay.run(property.id, {
      publishedFeatures: features,
      paymentMethodId: cardId,
      setAsDefaultPayment: makeDefault,
    });
    if (outcome.ok) onPaid(outcome.value);
  }

  const warning = cardWarning(pay.error);
  const ready = account !== undefined && isComplete(account) && cardId !== null;
  return (
    <Modal
      title="Pay and publish"
      onClose={onClose}
      closeDisabled={pay.isPending}
      footer={
        <div className="actions">
          <button
            type="button"
            className="button button-primary"
            disabled={!ready || pay.isPending}
            onClick={confirm}
          >
            {pay.isPending ? 'Paying…' : `Pay ${amount}`}
          </button>
          <button
            type="button"
            className="button button-secondary"
            disabled={pay.isPending}
            onClick={onClose}
          >
            Cancel
          </button>
        </div>
      }
    >
      <p>
        {preview.premiumTourLimit === null
          ? 'Your plan’s premium tours are all in use.'
          : `Your plan includes ${preview.premiumTourLimit} premium ${preview.premiumTourLimit === 1 ? 'tour' : 'tours'}, and all are in use.`}{' '}
        Make “{property.title}” a premium tour by paying for it on its own.
      </p>
      <p className="pay-price">
        <strong>{formatMoney(price.amountInCents, price.currency)}</strong> / month
      </p>
      <p className="muted">
        Charged every month until you stop paying for it, from this property’s page. The tour turns basic
        then.
      </p>
      {loaded.error && !account ? (
        <ErrorDisplay error={loaded.error} />
      ) : !account ? (
        <p className="muted" role="status">
          Loading your billing details…
        </p>
      ) : (
        <>
          {!isComplete(account) && <BillingInformation account={account} collapsible />}
          <CardSection
            enabled={isComplete(account)}
            selected={cardId}
            onSelect={setCardId}
            billingDetails={{ name: account.name, email: account.email }}
          />
          <label className="check">
            <input
              type="checkbox"
              checked={makeDefault}
              disabled={!cardId || pay.isPending}
              onChange={(event) => setMakeDefault(event.target.checked)}
            />
            Make this my default card
          </label>
        </>
      )}
      {warning ? (
        <div className="alert alert-warning" role="alert">
          {warning.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      ) : (
        <ErrorDisplay error={pay.error} />
      )}
    </Modal>
  );
}

/** A refused card (402, in the issuer's words) or an unconfirmed payment: null for any other failure. */
function cardWarning(error: unknown): string[] | null {
  if (error instanceof CardProblem) return error.messages;
  if (error instanceof ApiError && error.status === 402) return error.fields.base ?? error.messages;
  return null;
}
