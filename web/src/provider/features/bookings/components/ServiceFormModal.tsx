import { useId } from 'react';
import { BOOKING_LIMITS } from '@tourly/contracts';
import { ErrorDisplay } from '../../../../shared/ErrorDisplay';
import { useForm } from '../../../../shared/forms/useForm';
import { Modal } from '../../../../shared/Modal';
import { SelectField } from '../../../../shared/SelectField';
import { TextAreaField } from '../../../../shared/TextAreaField';
import { TextField } from '../../../../shared/TextField';
import { centsOf } from '../../../../shared/format';
import type { BookingService, ServiceValues } from '../api';
import { useAddServiceMutation, useUpdateServiceMutation } from '../queries';

const FIELDS = {
  name: 'bookingService.name',
  description: 'bookingService.description',
  durationMinutes: 'bookingService.durationMinutes',
  price: 'bookingService.priceCents',
  currency: 'bookingService.currency',
} as const;

/** The currencies the platform bills in (000 §3); a service may be priced in any of them. */
const CURRENCIES = ['aud', 'cad', 'eur', 'gbp', 'nzd', 'usd'];

interface ServiceFormModalProps {
  /** The service to edit; none: a new one. */
  service?: BookingService;
  /** A new service's currency: the one the page's other services use. */
  defaultCurrency: string;
  onClose(): void;
}

/** A service the booking form offers: its name, what it is, how long the shoot takes and its price. */
export function ServiceFormModal({ service, defaultCurrency, onClose }: ServiceFormModalProps) {
  const add = useAddServiceMutation();
  const update = useUpdateServiceMutation();
  const formId = useId();
  const form = useForm<ServiceValues, keyof typeof FIELDS>({
    initial: {
      name: service?.name ?? '',
      description: service?.description ?? '',
      durationMinutes: String(service?.durationMinutes ?? 60),
      price: service ? (service.priceCents / 100).toFixed(2) : '',
      currency: service?.currency ?? defaultCurrency,
    },
    fields: FIELDS,
    submit: async (values) => {
      // The server counts cents: a price it could not read as an amount is refused here, in the field's terms.
      if (typeof centsOf(values.price) !== 'number') {
        form.refuse('price', 'must be an amount such as 250 or 249.50');
        return undefined;
      }
      return service ? update.run(service.id, values) : add.run(values);
    },
    onSuccess: onClose,
  });
  const { isPending } = form;
  const currencies = CURRENCIES.includes(form.values.currency)
    ? CURRENCIES
    : [...CURRENCIES, form.values.currency];

  return (
    <Modal
      title={service ? `Edit ${service.name}` : 'New service'}
      onClose={onClose}
      closeDisabled={isPending}
      footer={
        <div className="actions">
          <button type="submit" form={formId} className="button button-primary" disabled={isPending}>
            {isPending ? 'Saving…' : service ? 'Save service' : 'Add service'}
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
        <TextField {...form.field('name')} label="Service name" requiredMark disabled={isPending} />
        <TextAreaField
          {...form.field('description')}
          label="Description"
          hint="What the agent gets (optional)."
          rows={3}
          disabled={isPending}
        />
        <TextField
          {...form.field('durationMinutes')}
          label="Duration (minutes)"
          hint={`How long the shoot takes: ${BOOKING_LIMITS.minDurationMinutes} to ${BOOKING_LIMITS.maxDurationMinutes} minutes.`}
          inputMode="numeric"
          requiredMark
          disabled={isPending}
        />
        <TextField
          {...form.field('price')}
          label="Price"
          hint="For example 250 or 249.50."
          inputMode="decimal"
          requiredMark
          disabled={isPending}
        />
        <SelectField {...form.field('currency')} label="Currency" disabled={isPending}>
          {currencies.map((currency) => (
            <option key={currency} value={currency}>
              {currency.toUpperCase()}
            </option>
          ))}
        </SelectField>
      </form>
    </Modal>
  );
}
