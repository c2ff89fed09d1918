import { useId, type Ref, type TextareaHTMLAttributes } from 'react';
import { fieldMessage } from './TextField';

interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'className'> {
  label: string;
  hint?: string;
  /** The server's messages for this field, shown under it. */
  messages?: string[];
  ref?: Ref<HTMLTextAreaElement>;
}

/** TextField's counterpart for text of several lines (a website's description). */
export function TextAreaField({ label, hint, messages, ref, ...textareaProps }: TextAreaFieldProps) {
  const id = useId();
  const message = fieldMessage(label, messages);
  const describedBy = [hint ? `${id}-hint` : null, message ? `${id}-messages` : null].filter(Boolean);
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      <textarea
        {...textareaProps}
        ref={ref}
        id={id}
        className="field-input field-textarea"
        aria-invalid={message ? true : undefined}
        aria-describedby={describedBy.join(' ') || undefined}
      />
      {message && (
        <p id={`${id}-messages`} className="field-message">
          {message}
        </p>
      )}
    </div>
  );
}
