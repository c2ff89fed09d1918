import type { ReactNode, Ref, SelectHTMLAttributes } from 'react';
import { FieldFrame, type FieldFrameProps } from './Field';

type SelectFieldProps = FieldFrameProps &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'className'> & {
    children: ReactNode;
    ref?: Ref<HTMLSelectElement>;
  };

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
  return (
    <FieldFrame label={label} hint={hint} messages={messages} requiredMark={requiredMark}>
      {(control) => (
        <select {...selectProps} {...control} ref={ref} className="field-input">
          {children}
        </select>
      )}
    </FieldFrame>
  );
}
