import { NOT_A_COLOUR } from '@tourly/contracts';
import { useEffect, useState, type CSSProperties } from 'react';
import { FieldFrame } from '../../../../../shared/Field';
import { isColour } from '../../../../../shared/colour';

interface ColourFieldProps {
  label: string;
  value: string | null;
  /** Empty means null (the branding's colour): said in the hint. */
  emptyHint?: string;
  onChange(value: string | null): void;
  /** The server's messages for this field. */
  messages?: string[];
}

const HEX6 = /^#[0-9a-f]{6}$/i;
const HEX3 = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i;

/** The picker shows #rrggbb only: a 3-digit colour is spelled out; rgb() and rgba() leave it as it was. */
function pickerValue(text: string): string | null {
  if (HEX6.test(text)) return text.toLowerCase();
  const short = HEX3.exec(text);
  return short ? `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`.toLowerCase() : null;
}

/**
 * A colour typed (#rgb, #rrggbb, rgb(), rgba(): 001 §5, checked here as the server checks it and refused in its
 * words) or picked. Only a colour reaches the layers; what is typed meanwhile stays in the field.
 */
export function ColourField({ label, value, emptyHint, onChange, messages }: ColourFieldProps) {
  const [text, setText] = useState(value ?? '');
  const [refused, setRefused] = useState(false);

  // A change from elsewhere (a template applied, the draft discarded) shows here.
  useEffect(() => {
    setText((current) => (current.trim() === (value ?? '') ? current : (value ?? '')));
    setRefused(false);
  }, [value]);

  function typed(next: string) {
    setText(next);
    const trimmed = next.trim();
    if (trimmed === '' && emptyHint !== undefined) {
      setRefused(false);
      onChange(null);
    } else if (isColour(trimmed)) {
      setRefused(false);
      onChange(trimmed);
    }
  }

  const shown = refused ? [NOT_A_COLOUR] : messages;
  const swatch = pickerValue(text.trim()) ?? '#ffffff';
  return (
    <FieldFrame label={label} hint={emptyHint} messages={shown}>
      {(control) => (
        // The typed colour shows in a block at the input's start, as on the website's form (theme.css).
        <div
          className="colour-field"
          style={{ '--swatch': isColour(text.trim()) ? text.trim() : undefined } as CSSProperties}
        >
          <input
            type="color"
            className="colour-swatch"
            value={swatch}
            aria-label={`${label} picker`}
            onChange={(event) => typed(event.target.value)}
          />
          <input
            {...control}
            className="field-input"
            value={text}
            spellCheck={false}
            autoComplete="off"
            onChange={(event) => typed(event.target.value)}
            onBlur={() => {
              const trimmed = text.trim();
              setRefused(!(isColour(trimmed) || (trimmed === '' && emptyHint !== undefined)));
            }}
          />
        </div>
      )}
    </FieldFrame>
  );
}
