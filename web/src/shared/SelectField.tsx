import { useId, type Ref, type ReactNode, type SelectHTMLAttributes } from 'react';
import { fieldMessage } from './TextField';

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'className'> {
  label: string;
  hint?: string;
  /** The server's messages for this field, shown under it. */
  messages?: string[];
  requiredMark?: boolean;
  children: ReactNode;
  ref?: Ref<HTMLSelectElement>;
}

/** A labelled select with its hint and messages under it: TextField's counterpart for a fixed list. */
export function SelectField({
  label,
  hint,
  messages,
  requiredMark,
  children,
  ref,
  ...selectProps
}: SelectFieldProps) {
  const selectId = useId();
  const hintId = `${selectId}-hint`;
  const messagesId = `${selectId}-messages`;
  const message = fieldMessage(label, messages);
  const describedBy = [hint ? hintId : null, message ? messagesId : null].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label className="field-label" htmlFor={selectId}>
        {label}
        {requiredMark && <span aria-hidden="true">*</span>}
      </label>
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      <select
        {...selectProps}
        ref={ref}
        id={selectId}
        className="field-input"
        aria-required={requiredMark || undefined}
        aria-invalid={message ? true : undefined}
        aria-describedby={describedBy || undefined}
      >
        {children}
      </select>
      {message && (
        <p id={messagesId} className="field-message">
          {message}
        </p>
      )}
    </div>
  );
}
