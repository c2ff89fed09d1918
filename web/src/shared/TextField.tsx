import type { InputHTMLAttributes, Ref } from 'react';
import { FieldFrame, type FieldFrameProps } from './Field';

type TextFieldProps = FieldFrameProps &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> & { ref?: Ref<HTMLInputElement> };

/** A labelled input with its hint and error messages under it, tied to it for screen readers. */
export function TextField({ label, hint, messages, requiredMark, ref, ...inputProps }: TextFieldProps) {
  return (
    <FieldFrame label={label} hint={hint} messages={messages} requiredMark={requiredMark}>
      {(control) => <input {...inputProps} {...control} ref={ref} className="field-input" />}
    </FieldFrame>
  );
}
