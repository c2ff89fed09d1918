import {
  AutocompleteInput,
  NumberInput,
  ReferenceInput,
  required,
  SelectInput,
  TextInput,
} from 'react-admin';
import { CATEGORY_CHOICES } from '../shared/billing';

/** The providers picker: the providers list searched by name or subdomain as the admin types. */
interface ProviderInputProps {
  source?: string;
  required?: boolean;
  /** Read by a list's filter form (always shown), not by the input. */
  alwaysOn?: boolean;
}

export function ProviderInput({ source = 'providerId', required: isRequired = false }: ProviderInputProps) {
  return (
    <ReferenceInput source={source} reference="providers" sort={{ field: 'name', order: 'ASC' }} perPage={25}>
      <AutocompleteInput
        label="Provider"
        optionText="name"
        filterToQuery={(search: string) => ({ search })}
        validate={isRequired ? required() : undefined}
        helperText={false}
        sx={{ minWidth: 260 }}
      />
    </ReferenceInput>
  );
}

/**
 * What an admin gives (POST /admin/credit_bundles.json): the provider (unless the page is already that provider's),
 * the credits, their category and a note the provider's history shows ("Credits given: <note>").
 */
export function GiveCreditsInputs({ withProvider }: { withProvider: boolean }) {
  return (
    <>
      {withProvider && <ProviderInput required />}
      <NumberInput source="creditsQty" label="Credits" validate={required()} helperText="1 to 1000000." />
      <SelectInput source="category" label="Category" choices={CATEGORY_CHOICES} validate={required()} />
      <TextInput
        source="note"
        label="Note"
        multiline
        helperText="Optional. The provider sees it in their credit history."
      />
    </>
  );
}
