import type { ReactElement } from 'react';
import { DateTimeInput, NumberInput, required, SelectInput, SimpleForm, TextInput } from 'react-admin';
import { ACTION_CHOICES, CATEGORY_CHOICES } from '../shared/billing';
import { localDateTimeToIso } from '../shared/dateTime';

/**
 * An offer: its name (what providers see), description, the action that gives it (in words), its credits and their
 * category, and when it runs. POST /admin/offers and PUT /admin/offers/{id} take the flat record; the server's
 * field messages show under their inputs.
 */
export function OfferForm({ toolbar }: { toolbar?: ReactElement | false }) {
  return (
    <SimpleForm defaultValues={{ category: 'promotional' }} toolbar={toolbar} sx={{ maxWidth: 640 }}>
      <TextInput
        source="name"
        label="Name"
        validate={required()}
        helperText="What providers see, up to 100 characters."
      />
      <TextInput source="description" label="Description" multiline minRows={2} helperText="Optional." />
      <SelectInput
        source="redeemAction"
        label="Given when the provider"
        choices={ACTION_CHOICES}
        validate={required()}
        helperText="Each provider receives it once, the first time."
      />
      <NumberInput source="credits" label="Credits" validate={required()} helperText="1 to 100000." />
      <SelectInput
        source="category"
        label="Category"
        choices={CATEGORY_CHOICES}
        validate={required()}
        helperText="How the credits show in the provider’s history."
      />
      <DateTimeInput
        source="startsAt"
        label="Starts at"
        parse={localDateTimeToIso}
        helperText="Empty: from its creation."
      />
      <DateTimeInput
        source="endsAt"
        label="Ends at"
        parse={localDateTimeToIso}
        helperText="Empty: until it is archived."
      />
    </SimpleForm>
  );
}
