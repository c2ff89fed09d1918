import { SelectField } from '../../../../shared/SelectField';
import { TextField } from '../../../../shared/TextField';
import type { PublicationStatus, TourType } from '../api';

interface PropertyFiltersProps {
  search: string;
  onSearch(text: string): void;
  status: PublicationStatus | undefined;
  onStatus(status: PublicationStatus | undefined): void;
  tourType: TourType | undefined;
  onTourType(tourType: TourType | undefined): void;
}

const STATUS_OPTIONS: Array<[PublicationStatus, string]> = [
  ['published', 'Published'],
  ['unpublished', 'Unpublished'],
];
const TOUR_TYPE_OPTIONS: Array<[TourType, string]> = [
  ['basic', 'Basic'],
  ['premium', 'Premium'],
];

/** Search (title and address) and the two filters of the list: a row from 768px, stacked on a phone. */
export function PropertyFilters(props: PropertyFiltersProps) {
  return (
    <div className="property-filters" role="search" aria-label="Properties">
      <TextField
        label="Search"
        type="search"
        placeholder="Title or address"
        value={props.search}
        onChange={(event) => props.onSearch(event.target.value)}
      />
      <Filter label="Status" value={props.status} options={STATUS_OPTIONS} onChange={props.onStatus} />
      <Filter
        label="Tour type"
        value={props.tourType}
        options={TOUR_TYPE_OPTIONS}
        onChange={props.onTourType}
      />
    </div>
  );
}

function Filter<T extends string>(props: {
  label: string;
  value: T | undefined;
  options: Array<[T, string]>;
  onChange(value: T | undefined): void;
}) {
  return (
    <SelectField
      label={props.label}
      value={props.value ?? ''}
      onChange={(event) => props.onChange((event.target.value || undefined) as T | undefined)}
    >
      <option value="">All</option>
      {props.options.map(([value, label]) => (
        <option key={value} value={value}>
          {label}
        </option>
      ))}
    </SelectField>
  );
}
