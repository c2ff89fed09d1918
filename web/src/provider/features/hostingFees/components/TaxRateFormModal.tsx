import { useId } from 'react';
import { countries } from '../../../../shared/countries';
import { ErrorDisplay } from '../../../../shared/ErrorDisplay';
import { useForm } from '../../../../shared/forms/useForm';
import { Modal } from '../../../../shared/Modal';
import { SelectField } from '../../../../shared/SelectField';
import { TextField } from '../../../../shared/TextField';
import type { TaxRate, TaxRateValues } from '../api';
import { useCreateTaxRateMutation } from '../queries';

const FIELDS = {
  displayName: 'displayName',
  percentage: 'percentage',
  inclusive: 'inclusive',
  country: 'country',
  jurisdiction: 'jurisdiction',
  description: 'description',
} as const;

interface TaxRateFormModalProps {
  onSaved(rate: TaxRate): void;
  onClose(): void;
}

/**
 * A new tax rate of the merchant account (POST .../merchant_account/tax_rates): its name on invoices, the percentage,
 * whether prices include it, and where it applies. Stripe's rates cannot be changed once made, so the form says so.
 */
export function TaxRateFormModal({ onSaved, onClose }: TaxRateFormModalProps) {
  const create = useCreateTaxRateMutation();
  const formId = useId();
  const form = useForm<TaxRateValues, keyof typeof FIELDS, TaxRate>({
    initial: {
      displayName: '',
      percentage: '',
      inclusive: false,
      country: '',
      jurisdiction: '',
      description: '',
    },
    fields: FIELDS,
    submit: (values) => create.run(values),
    onSuccess: onSaved,
  });
  const { isPending, values } = form;

  return (
    <Modal
      title="New tax rate"
      onClose={onClose}
      closeDisabled={isPending}
      footer={
        <div className="actions">
          <button type="submit" form={formId} className="button button-primary" disabled={isPending}>
            {isPending ? 'Adding…' : 'Add tax rate'}
          </button>
          <button type="button" className="button button-secondary" disabled={isPending} onClick={onClose}>
            Cancel
          </button>
        </div>
      }
    >
      <form id={formId} noValidate onSubmit={form.handleSubmit}>
        <div ref={form.alertRef} tabIndex={-1}>
          <ErrorDisplay error={form.errors.alert} />
        </div>
        <p className="muted">
          A tax rate cannot be changed once added: Stripe keeps it as it is on past invoices.
        </p>
        <TextField
          {...form.field('displayName')}
          label="Name"
          hint="What invoices call it: VAT, GST, Sales tax."
          requiredMark
          maxLength={50}
          disabled={isPending}
        />
        <TextField
          {...form.field('percentage')}
          label="Percentage"
          hint="From 0 to 100, e.g. 10 or 7.25."
          requiredMark
          inputMode="decimal"
          disabled={isPending}
        />
        <fieldset className="plain-fieldset field" aria-describedby={undefined}>
          <legend className="field-label">Prices</legend>
          <label className="check">
            <input
              type="radio"
              name="inclusive"
              ref={form.ref('inclusive')}
              checked={!values.inclusive}
              disabled={isPending}
              onChange={() => form.set('inclusive', false)}
            />
            Exclusive: the tax is added on top of the fee
          </label>
          <label className="check">
            <input
              type="radio"
              name="inclusive"
              checked={values.inclusive}
              disabled={isPending}
              onChange={() => form.set('inclusive', true)}
            />
            Inclusive: the fee already includes the tax
          </label>
          {form.errors.fields.inclusive && (
            <p className="field-message">{form.errors.fields.inclusive.join(' & ')}</p>
          )}
        </fieldset>
        <SelectField {...form.field('country')} label="Country" disabled={isPending}>
          <option value="">Any country</option>
          {countries().map(({ code, name }) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </SelectField>
        <TextField
          {...form.field('jurisdiction')}
          label="Jurisdiction"
          hint="A state or region, e.g. NSW or California."
          maxLength={50}
          disabled={isPending}
        />
        <TextField
          {...form.field('description')}
          label="Description"
          hint="For you: it does not show on invoices."
          maxLength={100}
          disabled={isPending}
        />
      </form>
    </Modal>
  );
}
