import { useId } from 'react';
import { ANNUAL_DISCOUNT_BADGE, type Interval } from '@tourly/contracts';

interface IntervalToggleProps {
  value: Interval;
  onChange(interval: Interval): void;
  /** What the choice is called for screen readers. */
  label?: string;
  disabled?: boolean;
}

/**
 * Monthly or annual billing, as two radio buttons drawn as one switch (000 §2): annual carries the 'Save 17%'
 * badge, and says it is billed annually.
 */
export function IntervalToggle({ value, onChange, label = 'Billing period', disabled }: IntervalToggleProps) {
  const name = useId();
  const option = (interval: Interval, text: string) => (
    <label className={`interval-option${value === interval ? ' interval-option-selected' : ''}`}>
      <input
        type="radio"
        name={name}
        value={interval}
        checked={value === interval}
        disabled={disabled}
        onChange={() => onChange(interval)}
      />
      {text}
    </label>
  );
  return (
    <fieldset className="interval-toggle">
      <legend className="visually-hidden">{label}</legend>
      <div className="interval-options">
        {option('month', 'Monthly')}
        {option('year', 'Annual')}
      </div>
      <span className="badge badge-success">{ANNUAL_DISCOUNT_BADGE}</span>
      {value === 'year' && <span className="muted interval-note">Prices per month, billed annually</span>}
    </fieldset>
  );
}
