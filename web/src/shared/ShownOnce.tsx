import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

interface ShownOnceProps {
  /** The field's label, e.g. "Signing secret". */
  label: string;
  value: string;
  /** What the value is, in the buttons and the status: "key", "secret". */
  noun: string;
  inputClassName: string;
  onDone(): void;
  /** What to say between the value and the buttons. */
  children?: ReactNode;
}

/**
 * A value the API answers this once (an API key, a signing secret): selected as it appears, a copy button (or,
 * without a clipboard, the value selected for copying by hand), and "I have copied it".
 */
export function ShownOnce({ label, value, noun, inputClassName, onDone, children }: ShownOnceProps) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    inputRef.current?.focus();
    inputRef.current?.select();
  }, [value]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied('yes');
    } catch {
      // No clipboard (an insecure origin, a refused permission): the value is selected for copying by hand.
      inputRef.current?.select();
      setCopied('failed');
    }
  }

  return (
    <>
      <div className="field">
        <label className="field-label" htmlFor={inputId}>
          {label}
        </label>
        <input
          ref={inputRef}
          id={inputId}
          className={`field-input ${inputClassName}`}
          readOnly
          value={value}
          spellCheck={false}
          onFocus={(event) => event.target.select()}
        />
      </div>
      {children}
      <div className="actions">
        <button type="button" className="button button-primary" onClick={copy}>
          Copy {noun}
        </button>
        <button type="button" className="button button-secondary" onClick={onDone}>
          I have copied it
        </button>
        <p role="status">
          {copied === 'yes'
            ? 'Copied.'
            : copied === 'failed'
              ? `Copying failed: the ${noun} is selected, copy it by hand.`
              : ''}
        </p>
      </div>
    </>
  );
}
