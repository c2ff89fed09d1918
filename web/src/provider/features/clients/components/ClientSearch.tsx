import { useState } from 'react';
import '../clients.css';
import type { ClientChoices } from '../queries';

/**
 * The search box under a client picker, once the provider has more clients than the picker lists: the picker then
 * lists the clients whose name or email matches (and the chosen one). `onDemand`: a button first, the box once
 * pressed, where many pickers share a page (a list's rows).
 */
export function ClientSearch({
  choices,
  disabled,
  onDemand,
}: {
  choices: ClientChoices;
  disabled?: boolean;
  onDemand?: boolean;
}) {
  const [asked, setAsked] = useState(false);
  if (!choices.searchable) return null;
  if (onDemand && !asked)
    return (
      <button
        type="button"
        className="button button-secondary"
        disabled={disabled}
        onClick={() => setAsked(true)}
      >
        Find a client
      </button>
    );
  return (
    <div className="client-search">
      <input
        type="search"
        className="field-input"
        aria-label="Find a client"
        placeholder="Search clients"
        value={choices.text}
        disabled={disabled}
        // Pressed for: the box it opened is where the person types next.
        autoFocus={onDemand}
        onChange={(event) => choices.setText(event.target.value)}
      />
      {choices.unmatched && (
        <p className="muted" role="status">
          No client matches “{choices.unmatched}”.
        </p>
      )}
    </div>
  );
}

/** A client picker's options after its own first one ('No client', 'Any client'): the clients it offers, by name. */
export function ClientOptions({ choices }: { choices: ClientChoices }) {
  return choices.items.map((client) => (
    <option key={client.id} value={client.id}>
      {client.name}
    </option>
  ));
}
