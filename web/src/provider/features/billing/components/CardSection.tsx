import { useEffect, useId, useState } from 'react';
import { ErrorDisplay } from '../../../../shared/ErrorDisplay';
import type { SavedCard } from '../api';
import { useCardsQuery } from '../queries';
import { NewCardForm } from './NewCardForm';

const BRAND_NAMES: Record<SavedCard['brand'], string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  other: 'Card',
};

/** 'Visa •••• 4242' */
export function cardName(card: SavedCard): string {
  return `${BRAND_NAMES[card.brand]} •••• ${card.last4}`;
}

interface CardSectionProps {
  /** Cards need the billing account (its Stripe customer) first. */
  enabled: boolean;
  selected: string | null;
  onSelect(paymentMethodId: string | null): void;
  billingDetails: { name: string; email: string };
}

/**
 * The card to pay with (000 §2): loading, then a new card's entry when there is none, the card when there is one,
 * or a choice when there are several; another card can always be added (not as the default).
 */
export function CardSection({ enabled, selected, onSelect, billingDetails }: CardSectionProps) {
  const [adding, setAdding] = useState(false);
  const cards = useCardsQuery(enabled);
  const headingId = useId();
  const list = cards.data ?? [];

  // The card chosen stays chosen; otherwise the default one, or the first.
  useEffect(() => {
    if (!cards.data) return;
    if (selected && cards.data.some((card) => card.id === selected)) return;
    const preferred = cards.data.find((card) => card.isDefault) ?? cards.data[0];
    onSelect(preferred?.id ?? null);
  }, [cards.data]);

  function added(paymentMethodId: string) {
    setAdding(false);
    onSelect(paymentMethodId);
  }

  let body;
  if (!enabled) {
    body = <p className="muted">Save your billing information first, then add a card.</p>;
  } else if (cards.error) {
    body = <ErrorDisplay error={cards.error} />;
  } else if (!cards.data) {
    body = (
      <p className="muted" role="status">
        Loading your cards…
      </p>
    );
  } else if (list.length === 0 || adding) {
    body = (
      <NewCardForm
        billingDetails={billingDetails}
        onAdded={added}
        onCancel={list.length > 0 ? () => setAdding(false) : undefined}
      />
    );
  } else {
    body = (
      <>
        {list.length === 1 ? (
          <p className="saved-card">
            <span>{cardName(list[0]!)}</span>
            <span className="muted"> · expires {list[0]!.expiry}</span>
          </p>
        ) : (
          <fieldset className="field">
            <legend className="field-label">Card to pay with</legend>
            {list.map((card) => (
              <label key={card.id} className="check">
                <input
                  type="radio"
                  name={`${headingId}-card`}
                  checked={selected === card.id}
                  onChange={() => onSelect(card.id)}
                />
                <span>
                  {cardName(card)}
                  <span className="muted">
                    {' '}
                    · expires {card.expiry}
                    {card.isDefault ? ' · default' : ''}
                  </span>
                </span>
              </label>
            ))}
          </fieldset>
        )}
        <button type="button" className="button button-secondary" onClick={() => setAdding(true)}>
          Add another card
        </button>
      </>
    );
  }

  return (
    <section className="card-section" aria-labelledby={headingId}>
      <h3 id={headingId}>Card</h3>
      {body}
    </section>
  );
}
