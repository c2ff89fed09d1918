import { useId, useRef, useState } from 'react';

interface CopyFieldProps {
  label: string;
  value: string;
  /** What the value is for, under the label. */
  hint?: string;
  /** A long value (the embed code): a text area instead of one line. */
  multiline?: boolean;
}

/**
 * A value to copy (a link, the embed code): shown read-only so it can be selected by hand, with "Copy" beside it
 * and a status saying it was copied. Without the clipboard API (an insecure origin, a refused permission) the
 * browser's copy command is used on the selected value; if that fails too, the value stays selected to copy by hand.
 */
export function CopyField({ label, value, hint, multiline = false }: CopyFieldProps) {
  const id = useId();
  const valueRef = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);

  async function copy() {
    setCopied(null);
    try {
      await navigator.clipboard.writeText(value);
      setCopied('yes');
      return;
    } catch {
      // Falls through to the copy command below.
    }
    const element = valueRef.current;
    element?.select();
    const done = element ? document.execCommand('copy') : false;
    setCopied(done ? 'yes' : 'failed');
  }

  const control = {
    id,
    ref: valueRef,
    readOnly: true,
    value,
    className: 'field-input copy-field-value',
    'aria-describedby': hint ? `${id}-hint` : undefined,
    onFocus: (event: { target: HTMLInputElement | HTMLTextAreaElement }) => event.target.select(),
  };
  return (
    <div className="field copy-field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      <div className="copy-field-row">
        {multiline ? <textarea {...control} rows={3} spellCheck={false} /> : <input {...control} />}
        <button
          type="button"
          className="button button-secondary"
          aria-label={`Copy ${label.toLowerCase()}`}
          onClick={copy}
        >
          Copy
        </button>
      </div>
      <p role="status" className="muted copy-field-status">
        {copied === 'yes'
          ? 'Copied'
          : copied === 'failed'
            ? 'Copying failed: it is selected, copy it by hand.'
            : ''}
      </p>
    </div>
  );
}
