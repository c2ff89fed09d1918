import { useState } from 'react';
import { ConfirmDialog } from '../../../../shared/ConfirmDialog';
import { ErrorDisplay } from '../../../../shared/ErrorDisplay';
import type { SavedCard } from '../api';
import { useCardsQuery, useRemoveCardMutation, useSetDefaultCardMutation } from '../queries';
import { cardName } from './CardSection';
import { NewCardForm } from './NewCardForm';

interface CardsSectionProps {
  /** Cards need the billing account (its Stripe customer) first. */
  canAddCards: boolean;
  billingDetails: { name: string; email: string };
}

/**
 * The account's cards (GET credit_cards): brand, last four digits, expiry and which is the default; make another
 * the default (the subscription's too), remove one after asking, add one through Stripe's card element.
 */
export function CardsSection({ canAddCards, billingDetails }: CardsSectionProps) {
  const cards = useCardsQuery();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<SavedCard | null>(null);
  const [notice, setNotice] = useState('');
  const makeDefault = useSetDefaultCardMutation();
  const remove = useRemoveCardMutation();

  async function chooseDefault(card: SavedCard) {
    setNotice('');
    const outcome = await makeDefault.run(card.id);
    if (outcome.ok) setNotice(`${cardName(card)} is now the default card.`);
  }

  async function confirmRemove() {
    if (!removing) return;
    const card = removing;
    const outcome = await remove.run(card.id);
    setRemoving(null);
    if (outcome.ok) setNotice(`${cardName(card)} was removed.`);
  }

  const list = cards.data ?? [];
  return (
    <section className="card" aria-labelledby="billing-cards">
      <h2 id="billing-cards">Cards</h2>
      {cards.error ? (
        <ErrorDisplay error={cards.error} />
      ) : !cards.data ? (
        <p className="muted" role="status">
          Loading your cards…
        </p>
      ) : list.length === 0 ? (
        <p className="muted">No cards yet.</p>
      ) : (
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">Card</th>
              <th scope="col">Expires</th>
              <th scope="col">Default</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.map((card) => (
              <tr key={card.id}>
                <td data-label="Card">{cardName(card)}</td>
                <td data-label="Expires">{card.expiry}</td>
                <td data-label="Default">
                  {card.isDefault ? <span className="badge badge-success">Default</span> : '—'}
                </td>
                <td data-label="Actions">
                  <div className="actions">
                    {!card.isDefault && (
                      <button
                        type="button"
                        className="button button-secondary"
                        aria-label={`Make ${cardName(card)} the default card`}
                        disabled={makeDefault.isPending}
                        onClick={() => chooseDefault(card)}
                      >
                        Make default
                      </button>
                    )}
                    <button
                      type="button"
                      className="button button-secondary"
                      aria-label={`Remove ${cardName(card)}`}
                      onClick={() => setRemoving(card)}
                    >
                      Remove
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <ErrorDisplay error={makeDefault.error ?? remove.error} />
      <p role="status" className="muted">
        {notice}
      </p>
      {!canAddCards ? (
        <p className="muted">Save your billing information below, then add a card.</p>
      ) : adding ? (
        <NewCardForm
          billingDetails={billingDetails}
          onAdded={() => {
            setAdding(false);
            setNotice('The card was added.');
          }}
          onCancel={() => setAdding(false)}
        />
      ) : (
        <div className="actions">
          <button type="button" className="button button-secondary" onClick={() => setAdding(true)}>
            Add a card
          </button>
        </div>
      )}
      <ConfirmDialog
        open={removing !== null}
        title="Remove this card?"
        confirmLabel="Remove card"
        isPending={remove.isPending}
        onConfirm={confirmRemove}
        onCancel={() => setRemoving(null)}
      >
        <p>
          {removing ? cardName(removing) : 'The card'} will no longer be charged.
          {removing?.isDefault && ' It is your default card: renewals need another card to be the default.'}
        </p>
      </ConfirmDialog>
    </section>
  );
}
