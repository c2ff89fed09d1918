import type { OrderStatus } from '@tourly/contracts';
import { SelectField } from '../../../../shared/SelectField';
import { TextField } from '../../../../shared/TextField';
import { STATUS_OPTIONS } from '../rules';

interface OrderFiltersProps {
  search: string;
  onSearch(text: string): void;
  status: OrderStatus | undefined;
  onStatus(status: OrderStatus | undefined): void;
}

/** Search (the order's number, the property's title and address) and the status: a row from 768px. */
export function OrderFilters(props: OrderFiltersProps) {
  return (
    <div className="order-filters" role="search" aria-label="Orders">
      <TextField
        label="Search"
        type="search"
        placeholder="Order number, property title or address"
        value={props.search}
        onChange={(event) => props.onSearch(event.target.value)}
      />
      <SelectField
        label="Status"
        value={props.status ?? ''}
        onChange={(event) => props.onStatus((event.target.value || undefined) as OrderStatus | undefined)}
      >
        <option value="">All</option>
        {STATUS_OPTIONS.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </SelectField>
    </div>
  );
}
