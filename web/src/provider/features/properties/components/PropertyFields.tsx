import {
  useRef,
  useState,
  type FormEvent,
  type InputHTMLAttributes,
  type ReactNode,
  type RefObject,
} from 'react';
import { ErrorDisplay } from '../../../../shared/ErrorDisplay';
import { formErrors, useFocusOnFailure, type FormErrors } from '../../../../shared/formErrors';
import { TextField } from '../../../../shared/TextField';
import type { NewProperty } from '../api';

export type PropertyField = keyof NewProperty;

/** Title*, Address* and the Matterport model*, in form order, each with what helps typing it. */
const FIELDS: ReadonlyArray<{
  field: PropertyField;
  label: string;
  hint?: string;
  input: InputHTMLAttributes<HTMLInputElement>;
}> = [
  { field: 'title', label: 'Title', input: { autoComplete: 'off' } },
  {
    field: 'address',
    label: 'Address',
    hint: 'Street, town or suburb, and country: the address is looked up on the map.',
    input: { autoComplete: 'street-address' },
  },
  {
    field: 'matterportKey',
    label: 'Matterport link or model id',
    hint: "Paste the space's link from Matterport, or its model id (e.g. SxQL3iGyoDo).",
    input: { autoCapitalize: 'none', autoCorrect: 'off', spellCheck: false },
  },
];

/**
 * A property's form state, for creating one (the server names its fields `createTourParams.*`) or editing one
 * (`property.*`): the values, the server's messages per field (the rest for the alert), and focus moved to the
 * first invalid field, else the alert, after a failure.
 */
export function usePropertyForm(initial: NewProperty, error: unknown, serverPrefix: string) {
  const [values, setValues] = useState<NewProperty>(initial);
  const errors = formErrors(
    error,
    Object.fromEntries(FIELDS.map(({ field }) => [field, `${serverPrefix}.${field}`])) as Record<
      PropertyField,
      string
    >,
  );
  const title = useRef<HTMLInputElement>(null);
  const address = useRef<HTMLInputElement>(null);
  const matterportKey = useRef<HTMLInputElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const refs = { title, address, matterportKey };
  useFocusOnFailure(
    error,
    errors,
    FIELDS.map(({ field }) => [field, refs[field]]),
    alertRef,
  );
  const setField = (field: PropertyField, value: string) =>
    setValues((current) => ({ ...current, [field]: value }));
  return { values, setValues, setField, errors, refs, alertRef };
}

interface PropertyFormProps {
  form: {
    values: NewProperty;
    setField(field: PropertyField, value: string): void;
    errors: FormErrors<PropertyField>;
    refs: Record<PropertyField, RefObject<HTMLInputElement | null>>;
    alertRef: RefObject<HTMLDivElement | null>;
  };
  onSubmit(event: FormEvent<HTMLFormElement>): void;
  disabled?: boolean;
  id?: string;
  /** The form's buttons, when they are inside it. */
  children?: ReactNode;
}

/** The property form: the alert for what no field shows, then each field with the server's messages under it. */
export function PropertyForm({ form, onSubmit, disabled, id, children }: PropertyFormProps) {
  return (
    <form id={id} noValidate onSubmit={onSubmit}>
      <div ref={form.alertRef} tabIndex={-1}>
        <ErrorDisplay error={form.errors.alert} />
      </div>
      {FIELDS.map(({ field, label, hint, input }) => (
        <TextField
          key={field}
          {...input}
          ref={form.refs[field]}
          label={label}
          hint={hint}
          requiredMark
          value={form.values[field]}
          disabled={disabled}
          onChange={(event) => form.setField(field, event.target.value)}
          messages={form.errors.fields[field]}
        />
      ))}
      {children}
    </form>
  );
}
