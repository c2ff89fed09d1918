import type { Ref, TextareaHTMLAttributes } from 'react';
import { FieldFrame, type FieldFrameProps } from './Field';

type TextAreaFieldProps = FieldFrameProps &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'className'> & { ref?: Ref<HTMLTextAreaElement> };

/** TextField's counterpart for text of several lines (a website's description). */
export function TextAreaField({
  label,
  hint,
  messages,
  requiredMark,
  ref,
  ...textareaProps
}: TextAreaFieldProps) {
  return (
    <FieldFrame label={label} hint={hint} messages={messages} requiredMark={requiredMark}>
      {(control) => (
        <textarea {...textareaProps} {...control} ref={ref} className="field-input field-textarea" />
      )}
    </FieldFrame>
  );
}
