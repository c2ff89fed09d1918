import { useId, type ReactNode } from 'react';

/** What a field's control carries so that screen readers tie it to its label, hint and messages. */
export interface FieldControlProps {
  id: string;
  'aria-required': true | undefined;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export interface FieldFrameProps {
  label: string;
  /** What to type, shown under the label (and read with the field). */
  hint?: string;
  /** The server's messages for this field, shown under it; the field is marked invalid while there are any. */
  messages?: string[];
  /** Marks the label with an asterisk (spec 000 §2: 'Name*'), and the field as required for screen readers. */
  requiredMark?: boolean;
}

/**
 * The frame every form field shares: the label, the hint, the control (an input, a select, a text area) and its
 * messages under it, tied together for screen readers.
 */
export function FieldFrame({
  label,
  hint,
  messages,
  requiredMark,
  children,
}: FieldFrameProps & { children: (control: FieldControlProps) => ReactNode }) {
  const id = useId();
  const hintId = `${id}-hint`;
  const messagesId = `${id}-messages`;
  const message = fieldMessage(label, messages);
  const describedBy = [hint ? hintId : null, message ? messagesId : null].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
        {requiredMark && <span aria-hidden="true">*</span>}
      </label>
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      {children({
        id,
        'aria-required': requiredMark || undefined,
        'aria-invalid': message ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
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
