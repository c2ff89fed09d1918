import { useId, type InputHTMLAttributes, type Ref } from 'react';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> {
  label: string;
  /** The server's messages for this field, shown under it; the field is marked invalid while there are any. */
  messages?: string[];
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input with its error messages under it, tied to it for screen readers. */
export function TextField({ label, messages, ref, ...inputProps }: TextFieldProps) {
  const inputId = useId();
  const messagesId = `${inputId}-messages`;
  const isInvalid = messages !== undefined && messages.length > 0;
  return (
    <div className="field">
      <label className="field-label" htmlFor={inputId}>
        {label}
      </label>
      <input
        {...inputProps}
        ref={ref}
        id={inputId}
        className="field-input"
        aria-invalid={isInvalid || undefined}
        aria-describedby={isInvalid ? messagesId : undefined}
      />
      {isInvalid && (
        <div id={messagesId}>
          {messages.map((message, index) => (
            <p key={index} className="field-message">
              {message}
            </p>
          ))}
        </div>
      )}
    </div>
  );
}
