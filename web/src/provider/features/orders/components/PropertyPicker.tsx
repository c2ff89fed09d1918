import { useId, useState, type Ref } from 'react';
import { ErrorDisplay } from '../../../../shared/ErrorDisplay';
import { TextField } from '../../../../shared/TextField';
import { SEARCH_DEBOUNCE_MS, useDebouncedValue } from '../../../../shared/useDebouncedValue';
import { usePropertiesQuery } from '../../properties/queries';

/** The property an order is for, as the order form shows it. */
export interface PickedProperty {
  id: string;
  title: string;
  address?: string | null;
}

interface PropertyPickerProps {
  picked: PickedProperty | null;
  onPick(property: PickedProperty | null): void;
  /** The server's (or the form's) messages about the property. */
  messages?: string[];
  inputRef?: Ref<HTMLInputElement>;
  disabled?: boolean;
  /** The search box's label ('Property' by default). */
  label?: string;
  /** Properties already chosen elsewhere in the form (a hosting subscription's), not offered again. */
  excludedIds?: readonly string[];
}

const MATCHES = 8;

/**
 * Which property an order is for, from the orders page: a search over the provider's properties (title and
 * address, as the person types, debounced), the first matches as choices; once chosen, the property with "Change".
 */
export function PropertyPicker({
  picked,
  onPick,
  messages,
  inputRef,
  disabled,
  label = 'Property',
  excludedIds = [],
}: PropertyPickerProps) {
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const matches = usePropertiesQuery({ page: 1, pageSize: MATCHES, search });
  const listId = useId();
  const data = matches.data;

  if (picked) {
    return (
      <div className="field order-form-property">
        <span className="field-label">Property</span>
        <p>
          <strong>{picked.title}</strong>
          {picked.address && <span className="muted"> · {picked.address}</span>}
        </p>
        <button
          type="button"
          className="button button-secondary"
          disabled={disabled}
          onClick={() => onPick(null)}
        >
          Change property
        </button>
      </div>
    );
  }

  return (
    <div className="property-picker">
      <TextField
        ref={inputRef}
        label={label}
        type="search"
        placeholder="Title or address"
        requiredMark
        value={text}
        disabled={disabled}
        messages={messages}
        aria-controls={listId}
        onChange={(event) => setText(event.target.value)}
      />
      {matches.error ? (
        <ErrorDisplay error={matches.error} />
      ) : !data ? (
        <p className="muted" role="status">
          Loading your properties…
        </p>
      ) : data.totalCount === 0 ? (
        <p className="muted">
          {search
            ? `No property matches “${search}”.`
            : 'No properties yet: add one on the Properties page first.'}
        </p>
      ) : (
        <ul
          id={listId}
          className="property-picker-list"
          aria-label="Properties to choose from"
          aria-busy={matches.isFetching || undefined}
        >
          {data.items
            .filter((property) => !excludedIds.includes(property.id))
            .map((property) => {
              const address = property.geocodedAddress?.formattedAddress ?? property.address;
              return (
                <li key={property.id}>
                  <button
                    type="button"
                    className="property-picker-choice"
                    disabled={disabled}
                    onClick={() => onPick({ id: property.id, title: property.title, address })}
                  >
                    <strong>{property.title}</strong>
                    {address && <span className="muted">{address}</span>}
                  </button>
                </li>
              );
            })}
          {data.totalCount > data.items.length && (
            <li className="muted">
              {data.totalCount - data.items.length} more: type part of the title or address to find one.
            </li>
          )}
        </ul>
      )}
    </div>
  );
}
