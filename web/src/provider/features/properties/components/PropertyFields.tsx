import type { InputHTMLAttributes, ReactNode } from 'react';
import { ErrorDisplay } from '../../../../shared/ErrorDisplay';
import type { Form } from '../../../../shared/forms/useForm';
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
 * The server's names of a property's fields, for `useForm`: creating one it names them `createTourParams.*`,
 * editing one `property.*`.
 */
export const propertyFields = (serverPrefix: string) =>
  Object.fromEntries(FIELDS.map(({ field }) => [field, `${serverPrefix}.${field}`])) as Record<
    PropertyField,
    string
  >;

interface PropertyFormProps {
  form: Form<NewProperty, PropertyField>;
  disabled?: boolean;
  id?: string;
  /** The form's buttons, when they are inside it. */
  children?: ReactNode;
}

/** The property form: the alert for what no field shows, then each field with the server's messages under it. */
export function PropertyForm({ form, disabled, id, children }: PropertyFormProps) {
  return (
    <form id={id} noValidate onSubmit={form.handleSubmit}>
      <div ref={form.alertRef} tabIndex={-1}>
        <ErrorDisplay error={form.errors.alert} />
      </div>
      {FIELDS.map(({ field, label, hint, input }) => (
        <TextField
          key={field}
          {...input}
          {...form.field(field)}
          label={label}
          hint={hint}
          requiredMark
          disabled={disabled}
        />
      ))}
      {children}
    </form>
  );
}
