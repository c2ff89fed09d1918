import { useId, type InputHTMLAttributes, type Ref } from 'react';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> {
  label: string;
  /** What to type, shown under the label (and read with the field). */
  hint?: string;
  /** The server's messages for this field, shown under it; the field is marked invalid while there are any. */
  messages?: string[];
  /** Marks the label with an asterisk (spec 000 §2: 'Name*'), and the field as required for screen readers. */
  requiredMark?: boolean;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input with its hint and error messages under it, tied to it for screen readers. */
export function TextField({ label, hint, messages, requiredMark, ref, ...inputProps }: TextFieldProps) {
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const messagesId = `${inputId}-messages`;
  const message = fieldMessage(label, messages);
  const describedBy = [hint ? hintId : null, message ? messagesId : null].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label className="field-label" htmlFor={inputId}>
        {label}
        {requiredMark && <span aria-hidden="true">*</span>}
      </label>
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      <input
        {...inputProps}
        ref={ref}
        id={inputId}
        className="field-input"
        aria-required={requiredMark || undefined}
        aria-invalid={message ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      {message && (
        <p id={messagesId} className="field-message">
          {message}
        </p>
      )}
    </div>
  );
}

/**
 * A field's messages as one line, joined by ' & ' (spec 001 §5). The server words a field's message to follow
 * its name ('is already registered; sign in, or reset your password'), so such a message gets the field's label
 * in front ('Email is already registered; ...'); a message that is a sentence of its own ('Required') stays as is.
 */
export function fieldMessage(label: string, messages: string[] | undefined): string | null {
  if (!messages || messages.length === 0) return null;
  return messages.map((message) => (/^[a-z]/.test(message) ? `${label} ${message}` : message)).join(' & ');
}
