import { useState, type FormEvent } from 'react';
import { TextField } from '../../../../shared/TextField';
import { addDays, isoDay, MAX_RANGE_DAYS, PRESETS, rangeOf, type RangeChoice } from '../range';

/**
 * The range of days the numbers cover: the last 7, 30 or 90 days, or custom dates (applied together, so the page
 * does not ask for a half-typed range). The dates are UTC days, as the server counts them. Keyed by the choice
 * where it is used, so that Back (another range in the address) puts the dates typed here back in step.
 */
export function RangePicker({
  choice,
  onChange,
}: {
  choice: RangeChoice;
  onChange(choice: RangeChoice): void;
}) {
  const current = rangeOf(choice);
  // "Custom" pressed, its dates not applied yet; an applied custom range shows its dates anyway.
  const [opened, setOpened] = useState(false);
  const custom = opened || choice.kind === 'custom';
  const [from, setFrom] = useState(current.from);
  const [to, setTo] = useState(current.to);
  const today = isoDay(new Date());

  const apply = (event: FormEvent) => {
    event.preventDefault();
    onChange({ kind: 'custom', from, to });
  };

  return (
    <div className="range-picker">
      <div className="range-presets" role="group" aria-label="Date range">
        {PRESETS.map((preset) => (
          <button
            key={preset.key}
            type="button"
            className="range-preset"
            aria-pressed={!custom && choice.kind === 'preset' && choice.key === preset.key}
            onClick={() => {
              setOpened(false);
              onChange({ kind: 'preset', key: preset.key });
            }}
          >
            {preset.label}
          </button>
        ))}
        <button
          type="button"
          className="range-preset"
          aria-pressed={custom}
          aria-expanded={custom}
          onClick={() => setOpened(true)}
        >
          Custom
        </button>
      </div>
      {custom && (
        <form className="range-custom" aria-label="Custom range" onSubmit={apply}>
          <TextField
            label="From"
            type="date"
            required
            value={from}
            min={addDays(to || today, -(MAX_RANGE_DAYS - 1))}
            max={to || today}
            onChange={(event) => setFrom(event.target.value)}
          />
          <TextField
            label="To"
            type="date"
            required
            value={to}
            min={from || undefined}
            max={today}
            onChange={(event) => setTo(event.target.value)}
          />
          <button type="submit" className="button button-primary">
            Apply
          </button>
        </form>
      )}
    </div>
  );
}
