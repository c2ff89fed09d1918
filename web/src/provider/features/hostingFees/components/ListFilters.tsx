import type { ReactNode } from 'react';
import { SelectField } from '../../../../shared/SelectField';
import { TextField } from '../../../../shared/TextField';
import type { ListParams } from '../../../../shared/useListParams';

interface ListFiltersProps {
  /** What the list is, for the search region's name: "Invoices", "Subscriptions". */
  label: string;
  /** What the search matches, shown in the empty box. */
  placeholder: string;
  /** The list's address state (`useListParams` with a `status` filter). */
  list: ListParams<'status'>;
  /** The statuses the list can be narrowed to, by value, in words. */
  statuses: Record<string, string>;
  /** Further filters after the status (the subscriptions' customer). */
  children?: ReactNode;
}

/** A hosting-fee list's search box and status choice (and any further filters), all kept in the address. */
export function ListFilters({ label, placeholder, list, statuses, children }: ListFiltersProps) {
  return (
    <div className="hosting-filters" role="search" aria-label={label}>
      <TextField
        label="Search"
        type="search"
        placeholder={placeholder}
        value={list.text}
        onChange={(event) => list.setText(event.target.value)}
      />
      <SelectField
        label="Status"
        value={list.values.status}
        onChange={(event) => list.setFilter('status', event.target.value)}
      >
        <option value="">All</option>
        {Object.entries(statuses).map(([value, name]) => (
          <option key={value} value={value}>
            {name}
          </option>
        ))}
      </SelectField>
      {children}
    </div>
  );
}
