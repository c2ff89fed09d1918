import { Alert } from '@mui/material';
import type { ReactElement } from 'react';
import {
  DateTimeInput,
  FormDataConsumer,
  NumberInput,
  RadioButtonGroupInput,
  required,
  SelectInput,
  SimpleForm,
  TextInput,
  useRecordContext,
} from 'react-admin';
import { CATEGORY_CHOICES, type VoucherRecord } from '../shared/billing';
import { localDateTimeToIso } from '../shared/dateTime';

/** The form's values: the voucher's terms, and which of credits or a discount it gives. */
type VoucherFormValues = Partial<VoucherRecord> & { gives?: 'credits' | 'discount' };

const GIVES_CHOICES = [
  { id: 'credits', name: 'Credits, added at once' },
  { id: 'discount', name: 'A discount on the next credits purchase' },
];

const LOCKED =
  'Providers have redeemed it: its code and what it gives can no longer change. Its description, limit and expiry still can.';

/**
 * What POST /admin/vouchers and PUT /admin/vouchers/{id} take: the flat record, with only the number of what it
 * gives (the other null). The record's other keys (id, status, counts) go along; the server ignores them.
 */
export function voucherPayload({ gives, ...voucher }: VoucherFormValues): Partial<VoucherRecord> {
  return gives === 'discount' ? { ...voucher, credits: null } : { ...voucher, discountPercent: null };
}

/**
 * A voucher's terms: code, description, what it gives (credits with their category, or a discount), redemption
 * limit and expiry. Once a provider has redeemed it, the code and what it gives are read-only (the server would
 * refuse them). The server's field messages show under their inputs.
 */
export function VoucherForm({ toolbar }: { toolbar?: ReactElement | false }) {
  const voucher = useRecordContext<VoucherRecord>();
  const locked = (voucher?.redemptionsCount ?? 0) > 0;

  return (
    <SimpleForm
      defaultValues={{
        gives: voucher?.discountPercent != null ? 'discount' : 'credits',
        category: 'promotional',
      }}
      toolbar={toolbar}
      sx={{ maxWidth: 640 }}
    >
      {locked && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {LOCKED}
        </Alert>
      )}
      <TextInput
        source="code"
        label="Code"
        validate={required()}
        readOnly={locked}
        helperText="3 to 40 letters, digits, - or _. Providers may type it in any case."
        slotProps={{ htmlInput: { autoCapitalize: 'characters', spellCheck: false } }}
      />
      <TextInput source="description" label="Description" multiline minRows={2} helperText="Optional." />
      <RadioButtonGroupInput
        source="gives"
        label="Gives"
        choices={GIVES_CHOICES}
        readOnly={locked}
        helperText={false}
      />
      <FormDataConsumer<VoucherFormValues>>
        {({ formData }) =>
          formData.gives === 'discount' ? (
            <NumberInput
              source="discountPercent"
              label="Discount (%)"
              validate={required()}
              readOnly={locked}
              helperText="Off the provider’s next credits purchase, 1 to 99."
            />
          ) : (
            <>
              <NumberInput
                source="credits"
                label="Credits"
                validate={required()}
                readOnly={locked}
                helperText="Added to the provider’s credits when they redeem it."
              />
              <SelectInput
                source="category"
                label="Category"
                choices={CATEGORY_CHOICES}
                validate={required()}
                readOnly={locked}
                helperText="How the credits show in the provider’s history."
              />
            </>
          )
        }
      </FormDataConsumer>
      <NumberInput
        source="redemptionLimit"
        label="Redemption limit"
        helperText="How many providers may redeem it. Empty: no limit."
      />
      <DateTimeInput
        source="expiresAt"
        label="Expires at"
        parse={localDateTimeToIso}
        helperText="Empty: it never expires."
      />
    </SimpleForm>
  );
}
