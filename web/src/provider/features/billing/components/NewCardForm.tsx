import { useId, useState } from 'react';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { StripeCardElementChangeEvent } from '@stripe/stripe-js';
import { ApiError } from '../../../../api/errors';
import { errorMessages } from '../../../../shared/ErrorDisplay';
import { createSetupIntent } from '../api';
import { useCardAdded, useStripeJsQuery } from '../queries';
import { stripeFailureMessage } from '../stripe';

interface NewCardFormProps {
  /** Called with the new card's payment method id once Stripe has set it up for this account. */
  onAdded(paymentMethodId: string): void;
  onCancel?(): void;
  /** The name and email of the billing account, sent along with the card. */
  billingDetails?: { name?: string; email?: string };
  submitLabel?: string;
}

export const CARD_NOT_ADDED = 'The card could not be added. Please try again.';

/**
 * A new card through Stripe's card element: billing creates a setup intent (POST create_setup_intent), Stripe.js
 * confirms it with the card (3-D Secure when the card asks for it), and the card becomes the account's, not as its
 * default (000 §2). Card problems show in a warning block in Stripe's words (000 §8), and are logged.
 */
export function NewCardForm(props: NewCardFormProps) {
  const stripe = useStripeJsQuery();
  if (stripe.error) {
    return (
      <div className="alert alert-warning" role="alert">
        <p>{stripeFailureMessage(stripe.error)}</p>
      </div>
    );
  }
  if (!stripe.data) {
    return (
      <p className="muted" role="status">
        Loading the card form…
      </p>
    );
  }
  return (
    <Elements stripe={stripe.data}>
      <CardForm {...props} />
    </Elements>
  );
}

function CardForm({ onAdded, onCancel, billingDetails, submitLabel = 'Add card' }: NewCardFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [state, setState] = useState<{ complete: boolean; error?: string }>({ complete: false });
  const [warning, setWarning] = useState<string[] | null>(null);
  const [pending, setPending] = useState(false);
  const cardAdded = useCardAdded();
  const legendId = useId();

  function handleChange(event: StripeCardElementChangeEvent) {
    setState({ complete: event.complete, error: event.error?.message });
    setWarning(null);
  }

  async function add() {
    const card = elements?.getElement(CardElement);
    if (!stripe || !card) return;
    setPending(true);
    setWarning(null);
    try {
      const intent = await createSetupIntent();
      // Stripe leaves it out only for an intent it cannot confirm here: the catch says the card was not added.
      if (!intent.clientSecret) throw new Error('The setup intent has no client secret');
      const result = await stripe.confirmCardSetup(intent.clientSecret, {
        payment_method: {
          card,
          billing_details: {
            name: billingDetails?.name || undefined,
            email: billingDetails?.email || undefined,
          },
        },
      });
      if (result.error) {
        console.error('Stripe refused the card', result.error);
        setWarning([result.error.message ?? CARD_NOT_ADDED]);
        return;
      }
      const paymentMethod = result.setupIntent.payment_method;
      const id = typeof paymentMethod === 'string' ? paymentMethod : paymentMethod?.id;
      if (!id) {
        setWarning([CARD_NOT_ADDED]);
        return;
      }
      card.clear();
      await cardAdded();
      onAdded(id);
    } catch (error) {
      console.error('Adding a card failed', error);
      setWarning(error instanceof ApiError ? errorMessages(error) : [CARD_NOT_ADDED]);
    } finally {
      setPending(false);
    }
  }

  const shown = warning ?? (state.error ? [state.error] : null);
  return (
    <div className="new-card">
      <fieldset className="field" aria-labelledby={legendId}>
        <legend id={legendId} className="field-label">
          Card details
        </legend>
        <div className="card-element">
          <CardElement
            options={{ hidePostalCode: true, disabled: pending, style: { base: { fontSize: '16px' } } }}
            onChange={handleChange}
          />
        </div>
      </fieldset>
      {shown && (
        <div className="alert alert-warning" role="alert">
          {shown.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      )}
      <div className="actions">
        <button
          type="button"
          className="button button-primary"
          disabled={pending || !state.complete || !stripe}
          onClick={add}
        >
          {pending ? 'Adding the card…' : submitLabel}
        </button>
        {onCancel && (
          <button type="button" className="button button-secondary" disabled={pending} onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </div>
  );
}
